import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Pie } from '@visx/shape';
import { type PointerEvent, useMemo, useState } from 'react';
import { useFormat } from '#web/api/use-format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { ChartAxes, ChartTooltip, type Pointed, pointerIn, useBoxWidth } from '#web/components/charts/chart-frame.js';
import { type ChartMonth, percentOf, productKey, type TopProduct } from './chart-data.js';
import { monthLabelPlaces, yTicks } from './chart-layout.js';
import { BAR_COLOUR, CHART_HEIGHT, MARGIN_BAR_COLOUR, PIE_COLOURS } from './chart-palette.js';

/**
 * The two drawings of /reportes: SVG from visx's scales and shapes, in a chunk
 * of their own that <ReportCard> loads once the card has been painted
 * (docs/decisions/0019-web-chunk-groups-and-route-preloads.md). They replaced
 * Recharts, whose drawing of the two charts was one 500 ms task with
 * Lighthouse's 4× slower CPU: its store and selectors, measuring every tick
 * label in the DOM, and the React work of its nested components
 * (docs/decisions/0031-report-charts-with-visx.md). Here each chart is a few
 * dozen SVG elements, laid out once from the box's width: no text is measured
 * and nothing is animated. The legends are HTML in the card (<ChartLegend>),
 * and the figures a table for screen readers; the drawings are aria-hidden.
 */

// 'Ventas Mensuales': the bars' geometry, as it was drawn before (Recharts' defaults), so the chart reads the same.
const MARGIN = { top: 8, right: 8, bottom: 0, left: 8 };
const Y_AXIS_WIDTH = 72;
const X_AXIS_HEIGHT = 30;
/** The gap around each month's pair of bars, as a share of the month's width, and between the two bars, in px. */
const CATEGORY_GAP = 0.1;
const BAR_GAP = 4;
/** The two series; the tooltip lists them in this order, as it always has. */
const SERIES = [
  { key: 'margin', name: m.grossMarginSeries, colour: MARGIN_BAR_COLOUR },
  { key: 'revenue', name: m.monthlySalesSeries, colour: BAR_COLOUR },
] as const;
/** Drawn left to right: revenue, then its margin. */
const BAR_ORDER = [SERIES[1], SERIES[0]] as const;

/** 'Ventas Mensuales' bars: revenue and 'Margen bruto' per month, tooltip in $ with 2 decimals. */
export function MonthlySalesBars({ months }: { months: ChartMonth[] }) {
  const f = useFormat();
  const [box, width] = useBoxWidth();
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const layout = useMemo(() => {
    if (width === 0) return null;
    const left = MARGIN.left + Y_AXIS_WIDTH;
    const right = width - MARGIN.right;
    const top = MARGIN.top;
    const bottom = CHART_HEIGHT - MARGIN.bottom - X_AXIS_HEIGHT;
    const x = scaleBand({ domain: months.map((month) => month.month), range: [left, right] });
    const values = months.flatMap((month) => (month.margin === null ? [month.revenue] : [month.revenue, month.margin]));
    const ticks = yTicks(Math.min(...values), Math.max(...values));
    const y = scaleLinear({ domain: [ticks[0]!, ticks[ticks.length - 1]!], range: [bottom, top] });
    const band = x.bandwidth();
    const free = band * (1 - 2 * CATEGORY_GAP);
    const gap = Math.min(BAR_GAP, free / 4);
    const centres = months.map((month) => x(month.month)! + band / 2);
    const labels = monthLabelPlaces(months.map((month) => month.label), centres, left, right);
    return { left, right, top, bottom, x, y, ticks, band, barWidth: Math.max((free - gap) / 2, 0.5), gap, centres, labels };
  }, [months, width]);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!layout) return;
    const at = pointerIn(event);
    const index = Math.floor((at.x - layout.left) / layout.band);
    setPointed(index >= 0 && index < months.length && at.y >= layout.top && at.y <= layout.bottom ? { index, ...at } : null);
  };
  const month = pointed && months[pointed.index];
  return (
    <div ref={box} className="chart">
      {layout && (
        <svg width={width} height={CHART_HEIGHT} onPointerMove={point} onPointerDown={point} onPointerLeave={() => setPointed(null)}>
          {layout.ticks.map((tick) => (
            <line key={tick} className="chart__grid" x1={layout.left} x2={layout.right} y1={layout.y(tick)} y2={layout.y(tick)} />
          ))}
          {pointed && <rect className="chart__cursor" x={layout.x(months[pointed.index]!.month)} y={layout.top} width={layout.band} height={layout.bottom - layout.top} />}
          {months.map((month) => {
            const start = layout.x(month.month)! + layout.band * CATEGORY_GAP;
            return (
              <Group key={month.month} left={start}>
                {BAR_ORDER.map((series, place) => {
                  const value = month[series.key];
                  if (value === null) return null;
                  const zero = layout.y(0);
                  const end = layout.y(value);
                  return (
                    <Bar
                      key={series.key}
                      className="chart__bar"
                      x={place * (layout.barWidth + layout.gap)}
                      y={Math.min(zero, end)}
                      width={layout.barWidth}
                      height={Math.abs(zero - end)}
                      fill={series.colour}
                    />
                  );
                })}
              </Group>
            );
          })}
          <ChartAxes
            left={layout.left}
            right={layout.right}
            top={layout.top}
            bottom={layout.bottom}
            values={layout.ticks.map((tick) => ({ key: tick, at: layout.y(tick), label: f.twoDecimals(tick) }))}
            along={[...layout.labels]
              .sort(([one], [other]) => one - other)
              .map(([index, place]) => ({ key: months[index]!.month, at: layout.centres[index]!, labelAt: place, label: months[index]!.label }))}
          />
        </svg>
      )}
      {pointed && month && (
        <ChartTooltip
          at={pointed}
          boxWidth={width}
          boxHeight={CHART_HEIGHT}
          label={month.label}
          items={SERIES.flatMap((series) => (month[series.key] === null ? [] : [{ name: series.name(f), value: f.money(month[series.key]!) }]))}
        />
      )}
    </div>
  );
}

/** How far out of the pie a slice's label sits, and the share of the box's half-side the pie's radius takes (as before). */
const LABEL_OFFSET = 20;
const PIE_RADIUS_SHARE = 0.6;
const PIE_MARGIN = 5;

/** The top 5 pie: one slice per lot code, labels with name and percent, tooltip in kg with 2 decimals. */
export function TopProductsPie({ products }: { products: TopProduct[] }) {
  const f = useFormat();
  const [box, width] = useBoxWidth();
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const radius = (PIE_RADIUS_SHARE * Math.min(width - 2 * PIE_MARGIN, CHART_HEIGHT - 2 * PIE_MARGIN)) / 2;
  /** A point at `distance` from the centre at `angle` (d3's angles: 0 at 12 o'clock, clockwise). */
  const around = (angle: number, distance: number) => ({ x: distance * Math.sin(angle), y: -distance * Math.cos(angle) });
  const product = pointed && products[pointed.index];
  return (
    <div ref={box} className="chart">
      {width > 0 && (
        <svg width={width} height={CHART_HEIGHT} onPointerLeave={() => setPointed(null)}>
          {/* Slices from 3 o'clock, anticlockwise, in the data's order (largest first), as they have always been drawn. */}
          <Pie data={products} pieValue={(item) => item.kg} pieSort={null} pieSortValues={null} outerRadius={radius} startAngle={Math.PI / 2} endAngle={-1.5 * Math.PI}>
            {({ arcs, path }) => (
              <Group top={CHART_HEIGHT / 2} left={width / 2}>
                {arcs.map((arc, index) => {
                  const point = (event: PointerEvent<SVGPathElement>) => setPointed({ index, ...pointerIn(event) });
                  return (
                    // The white stroke parts the slices; a lone slice is the whole disc, where it would draw a stray radius.
                    <path
                      key={productKey(arc.data)}
                      className="chart__slice"
                      d={path(arc) ?? ''}
                      fill={PIE_COLOURS[index % PIE_COLOURS.length]}
                      stroke={products.length > 1 ? '#fff' : 'none'}
                      onPointerMove={point}
                      onPointerDown={point}
                    />
                  );
                })}
                {/* "labels show name and percent" (docs/product-guide.md#reportes); hidden on phones (reports.css), where the legend says it. */}
                {arcs.map((arc, index) => {
                  const middle = (arc.startAngle + arc.endAngle) / 2;
                  const from = around(middle, radius);
                  const to = around(middle, radius + LABEL_OFFSET);
                  return (
                    <g key={productKey(arc.data)}>
                      <path className="chart__slice-line" d={`M${from.x},${from.y}L${to.x},${to.y}`} stroke={PIE_COLOURS[index % PIE_COLOURS.length]} fill="none" />
                      <text className="chart__slice-label" x={to.x} y={to.y} textAnchor={to.x > 0.5 ? 'start' : to.x < -0.5 ? 'end' : 'middle'}>
                        {`${arc.data.name} ${percentOf(arc.data.kg, products)}%`}
                      </text>
                    </g>
                  );
                })}
              </Group>
            )}
          </Pie>
        </svg>
      )}
      {pointed && product && <ChartTooltip at={pointed} boxWidth={width} boxHeight={CHART_HEIGHT} items={[{ name: product.batch_code, value: f.kg(product.kg) }]} />}
    </div>
  );
}
