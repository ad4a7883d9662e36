import { curveMonotoneX } from '@visx/curve';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { type PointerEvent, useMemo, useState } from 'react';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { RoastCurve } from '#shared/schemas/artisan.js';
import { useFormat } from '#web/api/use-format.js';
import { roastTicks } from '#web/components/charts/chart-ticks.js';
import { ChartAxes, ChartTooltip, type Pointed, pointerIn, useBoxWidth } from '#web/components/charts/chart-frame.js';
import { BT_COLOUR, clockTime, curveExtent, ET_COLOUR, EVENT_ORDER, finitePoints, pointsForColumns, rorExtent, ROR_COLOUR, temperatureAndTimeMarks, timeTicks } from './roast-curve-format.js';

/**
 * The drawing of a roast's Artisan curve, in a chunk of its own that only the
 * curve dialog loads: SVG from visx's scales and shapes, like the report
 * charts (docs/decisions/0031-report-charts-with-visx.md), so the app has one
 * way to draw a chart. BT and ET against the time from CHARGE, as many of the
 * file's points as the width shows (pointsForColumns; a gap where a reading is
 * missing), the tooltip reading every point, the events as labelled dashed
 * lines; the time axis in whole minutes; BT's rate of rise (°/min) dashed, on
 * a right axis of its own (docs/decisions/0052-roast-metrics.md). The dialog's
 * figures tables say the events in text for screen readers; this drawing is its image.
 */

const CURVE_HEIGHT = 320;
/** Room above the plot for the events' marks, at the left for '1000°F', at the right for the rate of rise's '-10'. */
const MARGIN = { top: 24, right: 40, bottom: 30, left: 64 };
/** At most this many temperature (and rate-of-rise) marks, on round steps (roastTicks). */
const TEMPERATURE_TICKS = 6;
/** The width one time mark ('12:30', about 41 px in the axis's 16 px type) needs with its gap. */
const TIME_MARK_ROOM = 48;
/** Drawn and listed in this order, as the legend above the chart. */
const SERIES = [
  { key: 'bt', name: m.curveBt, colour: BT_COLOUR, width: 2 },
  { key: 'et', name: m.curveEt, colour: ET_COLOUR, width: 1.5 },
] as const;

/** The index of the point whose time is nearest `t`: a scan, which holds whatever order the file's samples are in. */
function nearestPoint(points: readonly { t: number }[], t: number): number {
  let nearest = 0;
  for (let index = 1; index < points.length; index++) {
    if (Math.abs(points[index]!.t - t) < Math.abs(points[nearest]!.t - t)) nearest = index;
  }
  return nearest;
}

export function RoastCurveChart({ curve }: { curve: RoastCurve }) {
  const [box, width] = useBoxWidth();
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const f = useFormat();
  const degrees = `°${curve.unit}`;
  const { events } = curve;
  const points = useMemo(() => finitePoints(curve.points), [curve.points]);
  const ror = curve.ror;

  const layout = useMemo(() => {
    if (width === 0 || points.length === 0) return null;
    const left = MARGIN.left;
    const right = width - MARGIN.right;
    const top = MARGIN.top;
    const bottom = CURVE_HEIGHT - MARGIN.bottom;
    const extent = curveExtent(points);
    if (!extent) return null;
    const { from, to, coldest, hottest } = extent;
    const temperatures = roastTicks(coldest, hottest, TEMPERATURE_TICKS);
    const x = scaleLinear({ domain: [from, to === from ? from + 1 : to], range: [left, right] });
    const y = scaleLinear({ domain: [temperatures[0]!, temperatures[temperatures.length - 1]!], range: [bottom, top] });
    const minutes = timeTicks(from, to, Math.max(2, Math.floor((right - left) / TIME_MARK_ROOM)));
    const { low, high } = rorExtent(ror);
    const rises = roastTicks(low, high, TEMPERATURE_TICKS);
    const z = scaleLinear({ domain: [rises[0]!, rises[rises.length - 1]!], range: [bottom, top] });
    return { left, right, top, bottom, x, y, z, temperatures, rises, minutes };
  }, [points, ror, width]);

  // The lines are built once per layout: a pointer move redraws only the cursor and the tooltip, not thousands of points.
  const drawing = useMemo(() => {
    if (!layout) return null;
    const { left, right, top, bottom, x, y, z, temperatures, rises, minutes } = layout;
    return (
      <>
        {temperatures.map((tick) => (
          <line key={`y${tick}`} className="chart__grid" x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
        ))}
        {minutes.map((tick) => (
          <line key={`x${tick}`} className="chart__grid" x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} />
        ))}
        {EVENT_ORDER.map((event) => {
          const t = events[event];
          if (t === null || !Number.isFinite(t) || x(t) < left || x(t) > right) return null;
          return (
            <g key={event} className="chart__event">
              <line x1={x(t)} x2={x(t)} y1={top} y2={bottom} />
              {/* Rotated to read upwards, hanging to the right of its line from the plot's top. */}
              <text transform={`translate(${x(t) + 3}, ${top + 4}) rotate(-90)`} textAnchor="end" dominantBaseline="hanging">
                {m.eventMarks[event]}
              </text>
            </g>
          );
        })}
        {SERIES.map((series) => (
          <LinePath
            key={series.key}
            className="chart__line"
            data={pointsForColumns(points, (point) => point[series.key], Math.max(1, Math.ceil(right - left)))}
            x={(point) => x(point.t)}
            y={(point) => y(point[series.key] ?? 0)}
            defined={(point) => point[series.key] !== null}
            curve={curveMonotoneX}
            stroke={series.colour}
            strokeWidth={series.width}
            fill="none"
          />
        ))}
        <LinePath
          className="chart__line"
          data={pointsForColumns(ror, (point) => point.v, Math.max(1, Math.ceil(right - left)))}
          x={(point) => x(point.t)}
          y={(point) => z(point.v)}
          curve={curveMonotoneX}
          stroke={ROR_COLOUR}
          strokeWidth={1.5}
          strokeDasharray="6 3"
          fill="none"
        />
        <ChartAxes
          left={left}
          right={right}
          top={top}
          bottom={bottom}
          {...temperatureAndTimeMarks(temperatures, minutes, { y, x }, degrees)}
          opposite={ror.length > 0 ? rises.map((tick) => ({ key: tick, at: z(tick), label: String(tick) })) : undefined}
        />
      </>
    );
  }, [layout, points, ror, events, degrees]);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!layout) return;
    const at = pointerIn(event);
    const inside = at.x >= layout.left && at.x <= layout.right && at.y >= layout.top && at.y <= layout.bottom;
    setPointed(inside ? { index: nearestPoint(points, layout.x.invert(at.x)), ...at } : null);
  };
  const current = pointed && points[pointed.index];
  // The rate of rise at the pointed time, when the series has a value within a sample of it.
  const rise = current && ror.length > 0 ? ror[nearestPoint(ror, current.t)] : undefined;
  const riseHere = current && rise && points.length > 1 && Math.abs(rise.t - current.t) <= Math.abs(points[1]!.t - points[0]!.t) ? rise : undefined;
  return (
    <div ref={box} className="chart" style={{ height: CURVE_HEIGHT }}>
      {layout && (
        <svg width={width} height={CURVE_HEIGHT} onPointerMove={point} onPointerDown={point} onPointerLeave={() => setPointed(null)}>
          {drawing}
          {current && (
            <g className="chart__pointer">
              <line x1={layout.x(current.t)} x2={layout.x(current.t)} y1={layout.top} y2={layout.bottom} />
              {SERIES.map((series) => {
                const value = current[series.key];
                return value === null ? null : <circle key={series.key} cx={layout.x(current.t)} cy={layout.y(value)} r={4} fill={series.colour} />;
              })}
            </g>
          )}
        </svg>
      )}
      {pointed && current && (
        <ChartTooltip
          at={pointed}
          boxWidth={width}
          boxHeight={CURVE_HEIGHT}
          label={clockTime(current.t)}
          items={[
            ...SERIES.flatMap((series) => {
              const value = current[series.key];
              return value === null ? [] : [{ name: series.name, value: `${f.oneDecimal(value)} ${degrees}` }];
            }),
            ...(riseHere ? [{ name: m.curveRor, value: `${f.oneDecimal(riseHere.v)} ${degrees}/min` }] : []),
          ]}
        />
      )}
    </div>
  );
}
