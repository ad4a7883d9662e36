import { Flame } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDate, type Formatter } from '#shared/format.js';
import { planningMessages as m, roastedUnitName } from '#shared/planning-messages.js';
import type { BlendPlan, RoastedPlan } from '#shared/schemas/planning.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { ListCard } from '#web/components/list-card.js';
import { roastPrefillPath } from '#web/lib/roast-prefill.js';
import { unitRisk } from './plan-view.js';
import { RiskBadge } from './risk-badge.js';

const c = m.columns;
const kgOrDash = (f: Formatter, value: number | null) => (value === null ? '—' : f.twoDecimals(value));

/** 'Se agota': the date, the order its stock does not cover if any, and the badge (docs/decisions/0045-plan-from-orders.md). */
function RunOutCell({ unit, horizon }: { unit: RoastedPlan | BlendPlan; horizon: number }) {
  if (unit.run_out_date === null && unit.uncovered_order_date === null) return '—';
  return (
    <span className="plan-runout">
      {unit.run_out_date !== null && formatDate(unit.run_out_date)}
      {unit.uncovered_order_date !== null && <span className="plan-runout__order"> {m.uncoveredOrderShort(unit.uncovered_order_date)}</span>}{' '}
      <RiskBadge risk={unitRisk(unit, horizon)} />
    </span>
  );
}

/** The green lots to take, oldest first, each with its 'Tostar' (the roast form filled with it); or why there are none. */
function GreenLotsCell({ unit }: { unit: RoastedPlan }) {
  const f = useFormat();
  if (unit.yield === null) return <span className="plan-note">{unit.yield_note}</span>;
  if (unit.green_lots.length === 0) return <span className="plan-note">{m.noGreenStock}</span>;
  return (
    <ul className="plan-lots">
      {unit.green_lots.map((lot) => (
        <li key={lot.id}>
          <span>
            <strong>{lot.batch_code}</strong> · <span className="plan-lots__kg">{f.twoDecimals(lot.take_kg)} Kg</span>
          </span>
          <Link
            to={roastPrefillPath({ greenLotId: lot.id, kg: lot.take_kg, roastType: unit.roast_type })}
            className="btn btn-secondary btn-small no-print"
            aria-label={m.roastLabel(lot.take_kg, lot.batch_code, f)}
          >
            <Flame aria-hidden="true" size={16} /> {m.roast}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** 'Café verde (Kg)': the kilos and, with the roaster's capacity set, how many batches they are. */
function GreenCell({ unit, capacityKg, f }: { unit: RoastedPlan; capacityKg: number | null; f: Formatter }) {
  if (unit.batches === null || capacityKg === null) return kgOrDash(f, unit.green_kg);
  return (
    <span className="plan-green">
      {kgOrDash(f, unit.green_kg)} <span className="plan-note">{m.batches(unit.batches, capacityKg, f)}</span>
    </span>
  );
}

const roastedColumns = (horizon: number, capacityKg: number | null, f: Formatter): Column<RoastedPlan & { id: number }>[] => [
  { label: c.origin, className: 'wrap', cell: (unit) => unit.origin_name },
  { label: c.roastType, cell: (unit) => unit.roast_type },
  { label: c.stock, className: 'num', cell: (unit) => kgOrDash(f, unit.stock_kg) },
  { label: c.kgPerDay, className: 'num', cell: (unit) => kgOrDash(f, unit.kg_per_day) },
  { label: c.daysLeft, className: 'num', cell: (unit) => unit.days_left ?? '—' },
  { label: c.runOut, cell: (unit) => <RunOutCell unit={unit} horizon={horizon} /> },
  { label: c.ordered, className: 'num', cell: (unit) => (unit.ordered_kg > 0 ? f.twoDecimals(unit.ordered_kg) : '—') },
  { label: c.need, className: 'num', cell: (unit) => kgOrDash(f, unit.need_kg) },
  { label: c.yield, className: 'num', cell: (unit) => (unit.yield === null ? '—' : f.twoDecimals(unit.yield * 100)) },
  { label: c.green, className: 'num', cell: (unit) => <GreenCell unit={unit} capacityKg={capacityKg} f={f} /> },
  { label: c.greenLots, className: 'wrap', cell: (unit) => <GreenLotsCell unit={unit} /> },
  {
    label: c.shortfall,
    className: 'num',
    cell: (unit) => (unit.shortfall_kg !== null && unit.shortfall_kg > 0 ? <strong className="plan-short">{kgOrDash(f, unit.shortfall_kg)}</strong> : kgOrDash(f, unit.shortfall_kg)),
  },
];

/** 'Hoja de tueste': each roasted unit that needs roasting for the horizon, in the plan's order (soonest run-out first). */
export function RoastSheet({ units, horizon, capacityKg }: { units: RoastedPlan[]; horizon: number; capacityKg: number | null }) {
  const f = useFormat();
  return (
    <ListCard id="plan-sheet" title={m.sheetTitle} className="plan-sheet">
      <DataTable caption={m.sheetTitle} columns={roastedColumns(horizon, capacityKg, f)} rows={units.map((unit, index) => ({ ...unit, id: index }))} empty={m.sheetEmpty(horizon)} />
    </ListCard>
  );
}

const componentColumns = (f: Formatter): Column<BlendPlan['components'][number] & { id: number }>[] => [
  { label: m.componentColumns.origin, className: 'wrap', cell: (component) => roastedUnitName(component.origin_name, component.roast_type) },
  { label: m.componentColumns.kg, className: 'num', cell: (component) => kgOrDash(f, component.kg) },
  { label: m.componentColumns.available, className: 'num', cell: (component) => kgOrDash(f, component.roasted_available_kg) },
  {
    label: m.componentColumns.shortfall,
    className: 'num',
    cell: (component) => (component.shortfall_kg > 0 ? <strong className="plan-short">{kgOrDash(f, component.shortfall_kg)}</strong> : kgOrDash(f, component.shortfall_kg)),
  },
];

/**
 * 'Mezclas': each recipe that needs more blend for the horizon, its need split
 * per origin as Café Mezcla splits a blend; what an origin's spare roasted
 * stock cannot give is already in that origin's line of the roast sheet.
 */
export function BlendSheet({ blends, horizon }: { blends: BlendPlan[]; horizon: number }) {
  const f = useFormat();
  return (
    <ListCard id="plan-blends" title={m.blendsTitle} className="plan-sheet">
      {blends.length === 0 && <p className="empty-text">{m.blendsEmpty(horizon)}</p>}
      {blends.map((blend) => (
        <article key={blend.recipe_id} className="plan-blend" aria-labelledby={`plan-blend-${blend.recipe_id}`}>
          <h3 id={`plan-blend-${blend.recipe_id}`} className="plan-blend__name">
            {m.blendName(blend.recipe_name)} <RiskBadge risk={unitRisk(blend, horizon)} />
          </h3>
          <p className="plan-blend__facts">
            {m.blendFacts(blend.stock_kg, blend.kg_per_day, blend.need_kg, f)}
            {blend.ordered_kg > 0 && m.blendOrdered(blend.ordered_kg, f)}
            {blend.run_out_date !== null && blend.days_left !== null && ` · ${m.runOut(blend.run_out_date, blend.days_left)}`}
            {blend.uncovered_order_date !== null && ` · ${m.uncoveredOrderShort(blend.uncovered_order_date)}`}
          </p>
          <DataTable
            caption={m.blendName(blend.recipe_name)}
            columns={componentColumns(f)}
            rows={blend.components.map((component, index) => ({ ...component, id: index }))}
            empty=""
          />
        </article>
      ))}
    </ListCard>
  );
}

/** 'Sin movimiento en 90 días': the idle units, apart from the sheet, with their stock; nothing when there are none. */
export function IdleList({ units, idleDays }: { units: { key: string; name: string; stock_kg: number }[]; idleDays: number }) {
  const f = useFormat();
  if (units.length === 0) return null;
  return (
    <ListCard id="plan-idle" title={m.idleTitle(idleDays)} className="plan-idle no-print">
      <p className="plan-note">{m.idleNote(idleDays)}</p>
      <ul className="plan-idle__list">
        {units.map((unit) => (
          <li key={unit.key}>
            <strong>{unit.name}</strong> · {m.idleStock(unit.stock_kg, f)}
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
