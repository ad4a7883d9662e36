import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatTwoDecimals } from '#shared/format.js';
import { reportMessages as m, traceabilityMessages } from '#shared/messages.js';
import type { MonthlySales } from '#shared/schemas/reports.js';
import { BAR_COLOUR, CHART_HEIGHT, MARGIN_BAR_COLOUR, TOOLTIP_ITEM_STYLE } from './chart-palette.js';
import { ReportCard } from './report-card.js';

/** 'Ventas Mensuales' (spec 2): bars per month, series 'Ventas ($)', tooltip in $ with 2 decimals, Spanish month labels. */
export function MonthlySalesChart({ months }: { months: MonthlySales['items'] }) {
  return (
    <ReportCard
      id="monthly-sales-title"
      title={m.monthlySalesTitle}
      emptyText={m.noSales}
      isEmpty={months.length === 0}
      columns={['Mes', m.monthlySalesSeries, traceabilityMessages.grossMarginSeries]}
      rows={months.map((month) => ({ key: month.month, cells: [month.label, formatMoney(month.revenue), formatMoney(month.margin)] }))}
      chart={
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={(value: number) => formatTwoDecimals(value)} width={72} />
            <Tooltip formatter={(value) => formatMoney(Number(value))} isAnimationActive={false} itemStyle={TOOLTIP_ITEM_STYLE} />
            <Legend />
            <Bar dataKey="revenue" name={m.monthlySalesSeries} fill={BAR_COLOUR} isAnimationActive={false} />
            {/* Issue 19: 'Margen bruto' per month beside revenue, from the same aggregates (docs/decisions/0011). */}
            <Bar dataKey="margin" name={traceabilityMessages.grossMarginSeries} fill={MARGIN_BAR_COLOUR} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
