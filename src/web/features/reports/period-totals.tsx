import { reportMessages as m } from '#shared/report-messages.js';
import type { PeriodTotals as Totals } from '#shared/schemas/reports.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';
import type { ReportRangeParams } from '#web/api/query-keys.js';
import { useFormat } from '#web/api/use-format.js';

/**
 * 'Totales del Periodo' (docs/product-guide.md#reportes): the range's kilos sold, number of sales,
 * revenue and gross margin (with its %), as tiles like the stock summary's, and 'Exportar CSV' of
 * everything the screen shows for the range.
 */
export function PeriodTotals({ totals, range }: { totals: Totals; range: ReportRangeParams }) {
  const f = useFormat();
  const margin = totals.margin_percent === null ? f.money(totals.margin) : `${f.money(totals.margin)} (${f.twoDecimals(totals.margin_percent)} %)`;
  const tiles = [
    { label: m.periodKg, value: f.kg(totals.kg) },
    { label: m.periodSaleCount, value: String(totals.sale_count) },
    { label: m.periodRevenue, value: f.money(totals.revenue) },
    { label: m.periodMargin, value: margin },
  ];
  return (
    <section aria-labelledby="period-totals-title" className="report-totals">
      <div className="report-totals__header">
        <h2 id="period-totals-title" className="report-stock__title">
          {m.periodTotalsTitle}
        </h2>
        <ExportCsvButton path="/reports/export.csv" query={range} />
      </div>
      <ul className="stat-grid report-stock__tiles">
        {tiles.map((tile) => (
          <li key={tile.label} className="stat">
            <span className="report-stock__label">{tile.label}</span>
            <span className="report-stock__value">{tile.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
