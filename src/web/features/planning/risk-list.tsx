import { planningMessages as m } from '#shared/planning-messages.js';
import { ListCard } from '#web/components/list-card.js';
import type { PlanUnit } from './plan-view.js';
import { RiskBadge } from './risk-badge.js';
import { StockProjectionChart } from './stock-projection-chart.js';

/**
 * 'Cafés en riesgo', first on the screen: each unit that runs out within twice
 * the horizon, soonest first, with its badge, its run-out date and the chart of
 * its projected stock. Not printed: the sheet carries the same dates.
 */
export function RiskList({ units, horizon }: { units: PlanUnit[]; horizon: number }) {
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
              <p className="plan-unit__date">{m.runOut(unit.run_out_date, unit.days_left)}</p>
              <StockProjectionChart unit={unit} />
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
