import { curveMonotoneX } from '@visx/curve';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { type PointerEvent, useMemo, useState } from 'react';
import type { Formatter } from '#shared/format.js';
import type { RoastCurve } from '#shared/schemas/artisan.js';
import { roastTicks } from '#web/components/charts/chart-ticks.js';
import { ChartAxes, ChartTooltip, type Pointed, pointerIn, useBoxWidth } from '#web/components/charts/chart-frame.js';
import { clockTime, pointsForColumns, rorExtent, temperatureAndTimeMarks, timeTicks } from '#web/components/roast-curve/roast-curve-format.js';
import { alignedPoints, nearestIndex, sharedExtent } from './compare-chart-layout.js';
import { CurveMarker, type CurveStyle } from './compare-curves-style.js';

/**
 * The compared roasts' curves over one time axis from CHARGE
 * (docs/product-guide.md#comparar-curvas), drawn as the single curve is (visx,
 * docs/decisions/0031-report-charts-with-visx.md, with its axes, ticks and
 * tooltip): BT of each roast in its colour, line style and marker (the marker
 * at each of its events), ET thinner in the same style when asked, and the BT
 * rate of rise on a right-hand axis when asked. The figures' table beside it
 * is what a screen reader reads; this is its image.
 */

const HEIGHT = 340;
/** Room above the plot for the rate of rise's unit, over its axis. */
const MARGIN = { top: 24, right: 16, bottom: 30, left: 64 };
/** Room at the right for the rate of rise's marks ('25°C/min' is about 60 px). */
const ROR_MARGIN = 64;
/** At most this many temperature (and rate-of-rise) marks, on round steps (roastTicks). */
const TEMPERATURE_TICKS = 6;
const TIME_MARK_ROOM = 48;
/** The events marked on each curve. */
const MARKED_EVENTS = ['charge', 'tp', 'dry_end', 'fc_start', 'drop'] as const;

export interface ChartSeries {
  name: string;
  style: CurveStyle;
  curve: RoastCurve;
}

export function CompareCurvesChart({ series, showEt, showRor, f }: { series: readonly ChartSeries[]; showEt: boolean; showRor: boolean; f: Formatter }) {
  const [box, width] = useBoxWidth();
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const unit = series[0]?.curve.unit ?? 'C';
  const degrees = `°${unit}`;
  const aligned = useMemo(() => series.map((one) => alignedPoints(one.curve, showEt)), [series, showEt]);

  const layout = useMemo(() => {
    const extent = sharedExtent(aligned);
    if (width === 0 || !extent) return null;
    const left = MARGIN.left;
    const right = width - MARGIN.right - (showRor ? ROR_MARGIN : 0);
    const top = MARGIN.top;
    const bottom = HEIGHT - MARGIN.bottom;
    const { from, to, coldest, hottest } = extent;
    const temperatures = roastTicks(coldest, hottest, TEMPERATURE_TICKS);
    const x = scaleLinear({ domain: [from, to === from ? from + 1 : to], range: [left, right] });
    const y = scaleLinear({ domain: [temperatures[0]!, temperatures[temperatures.length - 1]!], range: [bottom, top] });
    // One rate-of-rise axis for every roast, spanned as the single curve's.
    const { low, high } = rorExtent(series.flatMap((one) => one.curve.ror));
    const rates = roastTicks(low, high, TEMPERATURE_TICKS);
    const rate = scaleLinear({ domain: [rates[0]!, rates[rates.length - 1]!], range: [bottom, top] });
    const minutes = timeTicks(from, to, Math.max(2, Math.floor((right - left) / TIME_MARK_ROOM)));
    return { left, right, top, bottom, x, y, rate, temperatures, rates, minutes };
  }, [aligned, series, showRor, width]);

  // Built once per layout: a pointer move redraws only the cursor and the tooltip.
  const drawing = useMemo(() => {
    if (!layout) return null;
    const { left, right, top, bottom, x, y, rate, temperatures, rates, minutes } = layout;
    const columns = Math.max(1, Math.ceil(right - left));
    return (
      <>
        <defs>
          <clipPath id="compare-curves-plot">
            <rect x={left} y={top} width={right - left} height={bottom - top} />
          </clipPath>
        </defs>
        {temperatures.map((tick) => (
          <line key={`y${tick}`} className="chart__grid" x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
        ))}
        {minutes.map((tick) => (
          <line key={`x${tick}`} className="chart__grid" x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} />
        ))}
        <g clipPath="url(#compare-curves-plot)">
          {series.map((one, index) => {
            const points = aligned[index]!;
            const charge = one.curve.events.charge ?? 0;
            // BT, or ET thinner and lighter: the roast's colour and dash either way.
            const temperatureLine = (key: 'bt' | 'et', width: number, opacity: number) => (
              <LinePath
                data={pointsForColumns(points, (point) => point[key], columns)}
                x={(point) => x(point.t)}
                y={(point) => y(point[key] ?? 0)}
                defined={(point) => point[key] !== null}
                curve={curveMonotoneX}
                stroke={one.style.colour}
                strokeOpacity={opacity}
                strokeWidth={width}
                strokeDasharray={one.style.dash}
                fill="none"
              />
            );
            return (
              <g key={index}>
                {showEt ? temperatureLine('et', 1.25, 0.55) : null}
                {showRor ? (
                  <LinePath
                    data={one.curve.ror.filter((point) => Number.isFinite(point.v))}
                    x={(point) => x(point.t - charge)}
                    y={(point) => rate(point.v)}
                    stroke={one.style.colour}
                    strokeWidth={1.25}
                    strokeDasharray="1 2"
                    fill="none"
                  />
                ) : null}
                {temperatureLine('bt', 2.25, 1)}
                {MARKED_EVENTS.map((event) => {
                  const figure = one.curve.metrics[event];
                  if (!figure || figure.bt === null) return null;
                  return <CurveMarker key={event} shape={one.style.marker} x={x(figure.t - charge)} y={y(figure.bt)} colour={one.style.colour} />;
                })}
              </g>
            );
          })}
        </g>
        <ChartAxes
          left={left}
          right={right}
          top={top}
          bottom={bottom}
          {...temperatureAndTimeMarks(temperatures, minutes, { y, x }, degrees)}
          opposite={showRor ? rates.map((tick) => ({ key: tick, at: rate(tick), label: f.plain(tick) })) : undefined}
        />
        {showRor ? (
          <text x={right} y={top - 10} textAnchor="middle" className="compare-curves__ror-unit">
            {`${degrees}/min`}
          </text>
        ) : null}
      </>
    );
  }, [layout, series, aligned, showEt, showRor, degrees, f]);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!layout) return;
    const at = pointerIn(event);
    const inside = at.x >= layout.left && at.x <= layout.right && at.y >= layout.top && at.y <= layout.bottom;
    setPointed(inside ? { index: 0, ...at } : null);
  };
  const t = pointed && layout ? layout.x.invert(pointed.x) : null;
  // Each roast's reading nearest the pointer's time, when it has one within a few seconds of it.
  const readings =
    t === null
      ? []
      : series.flatMap((one, index) => {
          const points = aligned[index]!;
          const nearest = points[nearestIndex(points, t)];
          if (!nearest || nearest.bt === null || Math.abs(nearest.t - t) > 5) return [];
          return [{ name: one.name, value: `${f.oneDecimal(nearest.bt)} ${degrees}`, colour: one.style.colour, marker: one.style.marker, at: nearest }];
        });
  return (
    <div ref={box} className="chart" style={{ height: HEIGHT }}>
      {layout && (
        <svg width={width} height={HEIGHT} onPointerMove={point} onPointerDown={point} onPointerLeave={() => setPointed(null)}>
          {drawing}
          {t !== null && (
            <g className="chart__pointer">
              <line x1={layout.x(t)} x2={layout.x(t)} y1={layout.top} y2={layout.bottom} />
              {readings.map((reading) => (
                <CurveMarker key={reading.name} shape={reading.marker} x={layout.x(reading.at.t)} y={layout.y(reading.at.bt!)} colour={reading.colour} />
              ))}
            </g>
          )}
        </svg>
      )}
      {pointed && t !== null && readings.length > 0 && (
        <ChartTooltip at={pointed} boxWidth={width} boxHeight={HEIGHT} label={clockTime(t)} items={readings.map(({ name, value }) => ({ name, value }))} />
      )}
    </div>
  );
}
