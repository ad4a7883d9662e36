import { useFormat } from '#web/api/use-format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import type { ChartMonth } from './chart-data.js';
import { BAR_COLOUR, MARGIN_BAR_COLOUR } from './chart-palette.js';
import { ReportCard } from './report-card.js';

// The drawing's code (visx) loads only when there is a chart to draw (charts.tsx).
const MonthlySalesBars = lazyNamed(() => import('./charts.js'), 'MonthlySalesBars');

/** 'Ventas Mensuales' (docs/product-guide.md#reportes): bars per month, series 'Ventas ($)', tooltip in $ with 2 decimals, Spanish month labels. */
export function MonthlySalesChart({ months }: { months: ChartMonth[] }) {
  const f = useFormat();
  return (
    <ReportCard
      wide
      id="monthly-sales-title"
      title={m.monthlySalesTitle}
      emptyText={m.noSales}
      isEmpty={months.length === 0}
      columns={['Mes', m.monthlySalesSeries(f), m.grossMarginSeries(f)]}
      rows={months.map((month) => ({ key: month.month, cells: [month.label, f.money(month.revenue), month.margin === null ? '—' : f.money(month.margin)] }))}
      chartCode={MonthlySalesBars.preload}
      chart={<MonthlySalesBars months={months} />}
      legend={[
        { colour: BAR_COLOUR, label: m.monthlySalesSeries(f) },
        { colour: MARGIN_BAR_COLOUR, label: m.grossMarginSeries(f) },
      ]}
    />
  );
}
