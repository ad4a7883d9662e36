import { useFormat } from '#web/api/use-format.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { ListCard } from '#web/components/list-card.js';
import type { PlanUnit } from './plan-view.js';
import { RiskBadge } from './risk-badge.js';
import { StockProjectionChart } from './stock-projection-chart.js';

/**
 * 'Cafés en riesgo', first on the screen: each unit that runs out within twice
 * the horizon or whose stock does not cover an order, soonest first, with its
 * badge, the order it does not cover, its run-out date and the chart of its
 * projected stock. Not printed: the sheet carries the same dates.
 */
export function RiskList({ units, horizon }: { units: PlanUnit[]; horizon: number }) {
  const f = useFormat();
  return (
    <ListCard id="plan-risks" title={m.riskTitle} className="plan-risks no-print">
      <p className="plan-note">{m.riskLegend(horizon)}</p>
      {units.length === 0 ? (
        <p className="empty-text">{m.riskEmpty(horizon)}</p>
      ) : (
        <ul className="plan-risks__list">
          {units.map((unit) => (
            <li key={unit.key} className={`plan-unit plan-unit--${unit.risk}`}>
              <h3 className="plan-unit__name">
                {unit.name} <RiskBadge risk={unit.risk} />
              </h3>
              {unit.uncovered_order && (
                <p className="plan-unit__date">{m.uncoveredOrder(unit.uncovered_order.customer_name, unit.uncovered_order.due_date, unit.uncovered_order.kg, f)}</p>
              )}
              {unit.run_out_date !== null && unit.days_left !== null && (
                <>
                  <p className="plan-unit__date">{m.runOut(unit.run_out_date, unit.days_left)}</p>
                  <StockProjectionChart unit={{ ...unit, run_out_date: unit.run_out_date, days_left: unit.days_left }} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
