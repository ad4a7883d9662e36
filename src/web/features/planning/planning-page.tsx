import { Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { planningMessages as m } from '#shared/planning-messages.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { loadFailed } from '#web/lib/api-client.js';
import { usePlanning } from './api/get-planning.js';
import { HorizonPicker } from './horizon-picker.js';
import { PlanOrders } from './plan-orders.js';
import { blendsToMake, idleUnits, ordersInHorizon, readHorizon, roastedToRoast, unitsAtRisk } from './plan-view.js';
import { RiskList } from './risk-list.js';
import { BlendSheet, IdleList, RoastSheet } from './roast-sheet.js';
import './planning.css';

/**
 * /planificacion 'Plan de Tueste' (docs/product-guide.md#roast-plan), both roles: the horizon
 * (in the URL, ?horizonte=7|14|28), the units at risk with their projected
 * stock, the day's roast sheet and the orders it serves, which print on their own (planning.css).
 */
export function PlanningPage() {
  const [params, setParams] = useSearchParams();
  const horizon = readHorizon(params);
  const plan = usePlanning(horizon);

  if (loadFailed(plan)) return <LoadFailure message={m.loadError} error={plan.error} />;
  if (!plan.data) return <LoadingPage title={m.title} text={m.loading} />;
  const data = plan.data;
  const empty = data.roasted.length === 0 && data.blends.length === 0;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <div className="plan" aria-busy={plan.isPlaceholderData}>
        <div className="card plan-controls no-print">
          <HorizonPicker value={horizon} onChange={(next) => setParams({ horizonte: String(next) })} />
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" size={18} /> {m.print}
          </button>
        </div>
        <p className="plan-summary">{m.summary(data.today, data.horizon_days, data.window_days)}</p>
        {empty ? (
          <p className="card empty-text">{m.empty}</p>
        ) : (
          <>
            <RiskList units={unitsAtRisk(data, m.blendName)} horizon={data.horizon_days} />
            <RoastSheet units={roastedToRoast(data)} horizon={data.horizon_days} capacityKg={data.roaster_capacity_kg} />
            <PlanOrders orders={ordersInHorizon(data, m.blendName)} horizon={data.horizon_days} />
            <BlendSheet blends={blendsToMake(data)} horizon={data.horizon_days} />
            <IdleList units={idleUnits(data, m.blendName)} idleDays={data.idle_days} />
          </>
        )}
      </div>
    </LoadedPage>
  );
}
