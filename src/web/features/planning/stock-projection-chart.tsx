import { useId } from 'react';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import type { PlanUnit } from './plan-view.js';

/** The drawing's own units (viewBox): it scales with the card, text included. */
const WIDTH = 240;
const HEIGHT = 104;
const LEFT = 4;
const RIGHT = WIDTH - 4;
const TOP = 20;
const BOTTOM = HEIGHT - 20;

/**
 * A unit's projected stock (docs/product-guide.md#roast-plan): a straight line
 * from today's stock to 0 kg on its run-out date, the plan's own assumption (a
 * constant pace), with the low-stock threshold as a dashed line. Inline SVG of
 * a few elements: the charts library is in the chunk only /reportes loads. Its
 * text alternative (the SVG's title) says the same in words.
 */
export function StockProjectionChart({ unit }: { unit: PlanUnit & { days_left: number; run_out_date: string } }) {
  const f = useFormat();
  const titleId = useId();
  const top = Math.max(unit.stock_kg, unit.threshold_kg) || 1;
  const yOf = (kg: number) => BOTTOM - (kg / top) * (BOTTOM - TOP);
  // Run-out today is drawn as a drop at today.
  const end = unit.days_left === 0 ? LEFT : RIGHT;
  const start = yOf(unit.stock_kg);
  const threshold = yOf(unit.threshold_kg);
  return (
    <svg className={`plan-chart plan-chart--${unit.risk}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{m.chartLabel(unit.name, unit.stock_kg, unit.run_out_date, f)}</title>
      <polygon className="plan-chart__area" points={`${LEFT},${BOTTOM} ${LEFT},${start} ${end},${BOTTOM}`} />
      <line className="plan-chart__axis" x1={LEFT} y1={BOTTOM} x2={RIGHT} y2={BOTTOM} />
      {unit.threshold_kg > 0 && (
        <>
          <line className="plan-chart__threshold" x1={LEFT} y1={threshold} x2={RIGHT} y2={threshold} />
          <text className="plan-chart__text" x={RIGHT} y={threshold - 4} textAnchor="end">
            {m.chartThreshold} {f.kg(unit.threshold_kg)}
          </text>
        </>
      )}
      <line className="plan-chart__line" x1={LEFT} y1={start} x2={end} y2={BOTTOM} />
      {/* Today's stock, just above where its line starts. */}
      <text className="plan-chart__text plan-chart__text--strong" x={LEFT} y={start - 5}>
        {f.kg(unit.stock_kg)}
      </text>
      <text className="plan-chart__text" x={LEFT} y={HEIGHT - 5}>
        {m.chartToday}
      </text>
      <text className="plan-chart__text plan-chart__text--strong" x={RIGHT} y={HEIGHT - 5} textAnchor="end">
        {formatDate(unit.run_out_date)}
      </text>
    </svg>
  );
}
