import { PLANNING_HORIZON_DEFAULT } from '#shared/schemas/planning-limits.js';
import { roastedUnitName } from '#shared/planning-messages.js';
import type { BlendPlan, PlannedOrder, Planning, RoastedPlan } from '#shared/schemas/planning.js';

/**
 * What /planificacion shows of a plan (docs/product-guide.md#roast-plan), apart
 * from how: the horizon in the URL, the risk of each unit and the lists.
 */

/** The horizons the screen offers; the API takes any from 1 to 90. */
export const HORIZONS = [7, 14, 28] as const;
export type Horizon = (typeof HORIZONS)[number];

/** `?horizonte=7|14|28`; anything else (or nothing) is the default, 14. */
export function readHorizon(params: URLSearchParams): Horizon {
  const asked = Number(params.get('horizonte'));
  return HORIZONS.find((horizon) => horizon === asked) ?? (PLANNING_HORIZON_DEFAULT as Horizon);
}

/**
 * 'urgent': runs out within the horizon (red); 'soon': within twice the
 * horizon (amber); null: later, or never at the current pace.
 */
export type Risk = 'urgent' | 'soon' | null;

export function riskOf(daysLeft: number | null, horizon: number): Risk {
  if (daysLeft === null) return null;
  if (daysLeft <= horizon) return 'urgent';
  return daysLeft <= 2 * horizon ? 'soon' : null;
}

/** A unit's risk: urgent when its stock does not cover an order due before it runs out (docs/decisions/0045-plan-from-orders.md), else by its run-out. */
export const unitRisk = (unit: RoastedPlan | BlendPlan, horizon: number): Risk =>
  unit.uncovered_order_date !== null ? 'urgent' : riskOf(unit.days_left, horizon);

/** A unit of either kind, as the risk list and the chart show it. */
export interface PlanUnit {
  key: string;
  name: string;
  stock_kg: number;
  threshold_kg: number;
  /** Null for a unit urgent only by an order, with no pace to run out at. */
  days_left: number | null;
  run_out_date: string | null;
  /** The first order its stock does not cover, when that makes it urgent. */
  uncovered_order: PlannedOrder | null;
  /** The earlier of the run-out and that order's date: the list's order. */
  date: string;
  risk: 'urgent' | 'soon';
}

/**
 * The units that run out within twice the horizon or cannot cover an order,
 * roasted and blends together, soonest first (the API sorts each list so; ties
 * keep roasted before blends). `blendName` words a recipe's unit.
 */
export function unitsAtRisk(plan: Planning, blendName: (recipe: string) => string): PlanUnit[] {
  const units: PlanUnit[] = [];
  const add = (key: string, name: string, unit: RoastedPlan | BlendPlan) => {
    const risk = unitRisk(unit, plan.horizon_days);
    if (risk === null) return;
    const uncovered = unit.orders.find((order) => order.due_date === unit.uncovered_order_date && !order.covered) ?? null;
    const dates = [unit.run_out_date, unit.uncovered_order_date].filter((date): date is string => date !== null).sort();
    units.push({
      key,
      name,
      stock_kg: unit.stock_kg,
      threshold_kg: unit.threshold_kg,
      days_left: unit.days_left,
      run_out_date: unit.run_out_date,
      uncovered_order: uncovered,
      date: dates[0]!,
      risk,
    });
  };
  for (const unit of plan.roasted) add(`roasted-${unit.origin_id}-${unit.roast_type}`, roastedUnitName(unit.origin_name, unit.roast_type), unit);
  for (const unit of plan.blends) add(`blend-${unit.recipe_id}`, blendName(unit.recipe_name), unit);
  // A stable sort: each list's own order stays within the same day.
  return units.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** One pending order of one unit, as 'Pedidos del horizonte' lists it. */
export interface UnitOrder extends PlannedOrder {
  key: string;
  unit_name: string;
}

/** Every unit's pending orders in the horizon, by due date (then the plan's unit order): each unit's orders with their dates. */
export function ordersInHorizon(plan: Planning, blendName: (recipe: string) => string): UnitOrder[] {
  const rows: UnitOrder[] = [
    ...plan.roasted.flatMap((unit) =>
      unit.orders.map((order) => ({ ...order, key: `roasted-${unit.origin_id}-${unit.roast_type}-${order.order_id}`, unit_name: roastedUnitName(unit.origin_name, unit.roast_type) })),
    ),
    ...plan.blends.flatMap((unit) => unit.orders.map((order) => ({ ...order, key: `blend-${unit.recipe_id}-${order.order_id}`, unit_name: blendName(unit.recipe_name) }))),
  ];
  // Stable: within a day, the plan's unit order, then each unit's order ids.
  return rows.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0));
}

/** The roast sheet: the roasted units that need roasting, and the recipes that need coffee (an idle unit has no need of its own). */
export const roastedToRoast = (plan: Planning): RoastedPlan[] => plan.roasted.filter((unit) => unit.need_kg > 0);
export const blendsToMake = (plan: Planning): BlendPlan[] => plan.blends.filter((unit) => unit.need_kg > 0);

/** Listed apart: the idle units nobody roasted, bought or blended for idle_days, named for the screen. */
export const idleUnits = (plan: Planning, blendName: (recipe: string) => string): { key: string; name: string; stock_kg: number }[] => [
  ...plan.roasted
    .filter((unit) => unit.idle)
    .map((unit) => ({ key: `roasted-${unit.origin_id}-${unit.roast_type}`, name: roastedUnitName(unit.origin_name, unit.roast_type), stock_kg: unit.stock_kg })),
  ...plan.blends.filter((unit) => unit.idle).map((unit) => ({ key: `blend-${unit.recipe_id}`, name: blendName(unit.recipe_name), stock_kg: unit.stock_kg })),
];
