import { formatMoney } from '#shared/format.js';
import { reportMessages as m, traceabilityMessages } from '#shared/messages.js';
import type { MonthlyMargin, MonthlySales } from '#shared/schemas/reports.js';
import { BAR_COLOUR, MARGIN_BAR_COLOUR } from './chart-palette.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import { ReportCard } from './report-card.js';

// Recharts loads only when there is a chart to draw (charts.tsx).
const MonthlySalesBars = lazyNamed(() => import('./charts.js'), 'MonthlySalesBars');

/** A month of the chart: its revenue and, beside it, its 'Margen bruto' (null when the margin route did not list the month). */
export type ChartMonth = MonthlySales['items'][number] & { margin: number | null };

/**
 * The two routes' months joined by month (docs/decisions/0011-cost-per-kg-and-margins.md says why they are two). Each is one
 * snapshot of its own, so a sale recorded between the two requests can leave a
 * month in one only: the revenue's months are the chart's, a margin it lacks
 * is left out rather than drawn as 0.
 */
export function withMargins(months: MonthlySales['items'], margins: MonthlyMargin['items']): ChartMonth[] {
  const marginOf = new Map(margins.map((row) => [row.month, row.margin]));
  return months.map((month) => ({ ...month, margin: marginOf.get(month.month) ?? null }));
}

/** 'Ventas Mensuales' (docs/product-guide.md#reportes): bars per month, series 'Ventas ($)', tooltip in $ with 2 decimals, Spanish month labels. */
export function MonthlySalesChart({ months }: { months: ChartMonth[] }) {
  return (
    <ReportCard
      id="monthly-sales-title"
      title={m.monthlySalesTitle}
      emptyText={m.noSales}
      isEmpty={months.length === 0}
      columns={['Mes', m.monthlySalesSeries, traceabilityMessages.grossMarginSeries]}
      rows={months.map((month) => ({ key: month.month, cells: [month.label, formatMoney(month.revenue), month.margin === null ? '—' : formatMoney(month.margin)] }))}
      chart={<MonthlySalesBars months={months} />}
      legend={[
        { colour: BAR_COLOUR, label: m.monthlySalesSeries },
        { colour: MARGIN_BAR_COLOUR, label: traceabilityMessages.grossMarginSeries },
      ]}
    />
  );
}
