import { type PointerEvent, startTransition, useEffect, useRef, useState } from 'react';

/**
 * What the app's SVG charts share (the reports' bars and pie, the Artisan roast
 * curve; docs/decisions/0031-report-charts-with-visx.md): the box they are laid
 * out in, the pointer's place in it, the axes and the tooltip. Only the charts' own
 * chunks import it (vite.config.ts, isChartCode). Its styles, chart-frame.css,
 * are imported by the stylesheets of the screens that draw charts (reports.css,
 * roast-curve.css), not from here: a screen's styles come with its page, so
 * nothing waits for them once the chart's chunk arrives (e2e/web-preloads.e2e.test.ts).
 */

/**
 * The width of the chart's box, 0 until the browser has laid it out: a
 * ResizeObserver, so nothing forces a layout, and it follows the window. The
 * drawing that follows is a transition, which React renders in slices of a
 * few milliseconds, yielding to the browser between them (and between two charts).
 */
export function useBoxWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => startTransition(() => setWidth(Math.floor(entry!.contentRect.width))));
    observer.observe(box.current!);
    return () => observer.disconnect();
  }, []);
  return [box, width] as const;
}

/** Where the pointer is over the chart, in the box's pixels, and what it points at. */
export interface Pointed {
  index: number;
  x: number;
  y: number;
}

/** The pointer's place in the chart's box (the SVG fills it). */
export const pointerIn = (event: PointerEvent<Element>) => {
  const rect = (event.currentTarget.closest('.chart') ?? event.currentTarget).getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
};

/**
 * The tooltip, in the format the charts have always had: the label (a month, a
 * time), then one line per series, "name : value". Beside the pointer, on the
 * side with more room, so it never needs measuring: it is pinned by its edge
 * nearest the pointer (`right` when it opens to the left), so the browser
 * gives it the room up to the box's far edge and wraps a line only when
 * that room is short (a long series name on a phone), instead of running out of the box.
 */
export function ChartTooltip({ at, boxWidth, boxHeight, label, items }: {
  at: Pointed;
  boxWidth: number;
  boxHeight: number;
  label?: string;
  items: { name: string; value: string }[];
}) {
  const left = at.x > boxWidth / 2;
  const above = at.y > boxHeight / 2;
  return (
    <div
      className="chart-tooltip"
      style={{
        ...(left ? { right: boxWidth - at.x + 10 } : { left: at.x + 10 }),
        ...(above ? { bottom: boxHeight - at.y + 10 } : { top: at.y + 10 }),
      }}
    >
      {label !== undefined && <p className="chart-tooltip__label">{label}</p>}
      <ul className="chart-tooltip__items">
        {items.map((item) => (
          <li key={item.name}>
            <span>{item.name}</span>
            <span> : </span>
            <span>{item.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How far a tick mark reaches out of its axis, in px. */
const TICK_SIZE = 6;

/** One mark on an axis: where it stands, its label, and on the bottom axis where the label is centred if moved to fit (the newest month of 'Ventas Mensuales'). */
export interface AxisMark {
  key: string | number;
  at: number;
  labelAt?: number;
  label: string;
}

/**
 * The left and bottom axes of a plot from (left, top) to (right, bottom), and a right one when
 * given: each a line with its marks and their labels: ending at the marks on the left,
 * hanging under them at the bottom, starting at them on the right. The marks are the chart's
 * own (round values, months, minutes).
 */
export function ChartAxes({ left, right, top, bottom, values, along, opposite }: {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The left axis's marks, from its values' scale. */
  values: AxisMark[];
  /** The bottom axis's marks. */
  along: AxisMark[];
  /** A right axis's marks, for a second series on a scale of its own (a roast's rate of rise); none without. */
  opposite?: AxisMark[];
}) {
  return (
    <g className="chart__axis">
      {opposite ? (
        <>
          <line x1={right} x2={right} y1={top} y2={bottom} />
          {opposite.map((mark) => (
            <g key={mark.key}>
              <line x1={right} x2={right + TICK_SIZE} y1={mark.at} y2={mark.at} />
              <text x={right + TICK_SIZE + 2} y={mark.at} textAnchor="start" dominantBaseline="central">
                {mark.label}
              </text>
            </g>
          ))}
        </>
      ) : null}
      <line x1={left} x2={left} y1={top} y2={bottom} />
      {values.map((mark) => (
        <g key={mark.key}>
          <line x1={left - TICK_SIZE} x2={left} y1={mark.at} y2={mark.at} />
          <text x={left - TICK_SIZE - 2} y={mark.at} textAnchor="end" dominantBaseline="central">
            {mark.label}
          </text>
        </g>
      ))}
      <line x1={left} x2={right} y1={bottom} y2={bottom} />
      {along.map((mark) => (
        <g key={mark.key}>
          <line x1={mark.at} x2={mark.at} y1={bottom} y2={bottom + TICK_SIZE} />
          <text x={mark.labelAt ?? mark.at} y={bottom + TICK_SIZE + 2} textAnchor="middle" dominantBaseline="hanging">
            {mark.label}
          </text>
        </g>
      ))}
    </g>
  );
}
