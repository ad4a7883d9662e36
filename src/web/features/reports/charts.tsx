import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, type PieLabelRenderProps, Tooltip, XAxis, YAxis } from 'recharts';
import { formatKg, formatMoney, formatTwoDecimals } from '#shared/format.js';
import { traceabilityMessages } from '#shared/messages.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { type ChartMonth, productKey, type TopProduct } from './chart-data.js';
import { BAR_COLOUR, CHART_HEIGHT, MARGIN_BAR_COLOUR, PIE_COLOURS, TOOLTIP_ITEM_STYLE } from './chart-palette.js';

/**
 * The two Recharts drawings of /reportes, in a chunk of their own (docs/decisions/0019-web-chunk-groups-and-route-preloads.md):
 * Recharts is 116 KB gzip, and evaluating it with the page made the first
 * render one long task (Lighthouse Total Blocking Time 460–860 ms). The page,
 * its tables, tiles and empty texts need none of it; <ReportCard> loads this
 * when it has something to draw. The charts' legends are HTML in the card
 * (<ChartLegend>), not Recharts' <Legend>: that one measures itself after the
 * first drawing and makes Recharts lay the chart out again, which was about a
 * third of drawing /reportes (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
 */

const CHART_SIZE = { width: '100%', height: CHART_HEIGHT };

/** "labels show name and percent" (docs/product-guide.md#reportes). */
const sliceLabel = ({ payload, percent }: PieLabelRenderProps) => `${(payload as TopProduct).name} ${Math.round(Number(percent ?? 0) * 100)}%`;

/** 'Ventas Mensuales' bars: revenue and 'Margen bruto' per month, tooltip in $ with 2 decimals. */
export function MonthlySalesBars({ months }: { months: ChartMonth[] }) {
  return (
    <BarChart responsive style={CHART_SIZE} data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" />
      <YAxis interval={0} tickFormatter={(value: number) => formatTwoDecimals(value)} width={72} />
      <Tooltip formatter={(value) => formatMoney(Number(value))} isAnimationActive={false} itemStyle={TOOLTIP_ITEM_STYLE} />
      <Bar dataKey="revenue" name={m.monthlySalesSeries} fill={BAR_COLOUR} isAnimationActive={false} />
      {/* 'Margen bruto' per month beside revenue (GET /api/reports/monthly-margin; docs/decisions/0011-cost-per-kg-and-margins.md). */}
      <Bar dataKey="margin" name={traceabilityMessages.grossMarginSeries} fill={MARGIN_BAR_COLOUR} isAnimationActive={false} />
    </BarChart>
  );
}

/** The top 5 pie: one slice per lot code, labels with name and percent, tooltip in kg with 2 decimals. */
export function TopProductsPie({ products }: { products: TopProduct[] }) {
  return (
    <PieChart responsive style={CHART_SIZE} accessibilityLayer={false}>
      {/* rootTabIndex -1: the chart is aria-hidden (the table speaks for it), so nothing in it may take focus. */}
      {/* The white stroke parts the slices; a lone slice is the whole disc, where it would draw a stray radius. */}
      <Pie
        data={products}
        dataKey="kg"
        nameKey="batch_code"
        outerRadius="60%"
        label={sliceLabel}
        isAnimationActive={false}
        rootTabIndex={-1}
        stroke={products.length > 1 ? '#fff' : 'none'}
      >
        {products.map((product, index) => (
          <Cell key={productKey(product)} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
        ))}
      </Pie>
      <Tooltip formatter={(value) => formatKg(Number(value))} isAnimationActive={false} itemStyle={TOOLTIP_ITEM_STYLE} />
    </PieChart>
  );
}
