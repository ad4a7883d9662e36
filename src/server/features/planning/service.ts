import type { Kysely } from 'kysely';
import { splitGrams } from '#shared/blend-grams.js';
import { localIsoDate } from '#shared/local-date.js';
import { planningMessages as m, roastedUnitName } from '#shared/planning-messages.js';
import { PLANNING_HORIZON_DEFAULT, PLANNING_IDLE_DAYS as IDLE_DAYS, PLANNING_WINDOW_DAYS as WINDOW } from '#shared/schemas/planning-limits.js';
import type { BlendPlan, Planning, RoastedPlan } from '#shared/schemas/planning.js';
import { ROAST_TYPES, type RoastType } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { getSettings } from '#server/features/settings/service.js';
import { ceilDiv, daysBetween, isIdle, isoDaysAfter, type Movement, type RunOut, roundToBatches, runOutOf } from './plan-rules.js';
import * as repository from './repository.js';

/**
 * GET /api/planning, the roast plan (docs/product-guide.md#roast-plan,
 * docs/decisions/0028-roast-plan.md). Every figure is integer grams; a pace
 * is kept as the exact fraction out_g / 28, so "kg per day × horizon" is
 * out_g × H / 28 computed on integers and rounded once, where the record says.
 */

/** How many of the latest roasts of an origin and type give its yield. */
const YIELD_ROASTS = 5;
/** The roast type a blend's shortfall is roasted as when neither its component nor its recipe's blends name one. */
const DEFAULT_ROAST_TYPE: RoastType = 'Medio';

/** The figures every unit shares: pace, run-out and its own need (grams). */
interface Pace {
  stock_g: number;
  out_g: number;
  threshold_g: number;
  /** 28 × (ordered + out/28 × H + threshold − stock): the exact need, scaled by the window to stay an integer. */
  need28: number;
}

/**
 * An idle unit keeps no threshold and no pace of its own: nothing to top up
 * (docs/product-guide.md#roast-plan); what is ordered of it is owed all the same
 * (docs/decisions/0045-plan-from-orders.md).
 */
const paceOf = (stock_g: number, out_g: number, threshold_g: number, horizon: number, ordered_g = 0, idle = false): Pace => ({
  stock_g,
  out_g,
  threshold_g,
  need28: ordered_g * WINDOW + (idle ? 0 : out_g * horizon + threshold_g * WINDOW) - stock_g * WINDOW,
});

const ownNeedG = (pace: Pace): number => (pace.need28 > 0 ? Math.ceil(pace.need28 / WINDOW) : 0);

/** A unit's pending orders due within the horizon, each order's lines of the unit summed (insertion order: due date, then id). */
interface UnitOrders {
  ordered_g: number;
  orders: Map<number, { order_id: number; customer_name: string; due_date: string; g: number }>;
}

const noOrders = (): UnitOrders => ({ ordered_g: 0, orders: new Map() });

function paceFigures(pace: Pace, today: string, needG: number, idle: boolean, unitOrders: UnitOrders) {
  const runOut = runOutOf(pace.stock_g, pace.out_g, today);
  return {
    stock_kg: gramsToKg(pace.stock_g),
    out_kg: gramsToKg(pace.out_g),
    // Shown to the gram (half up); never used rounded.
    kg_per_day: gramsToKg(Math.floor((2 * pace.out_g + WINDOW) / (2 * WINDOW))),
    ...runOut,
    threshold_kg: gramsToKg(pace.threshold_g),
    ...orderFigures(pace, today, runOut.run_out_date, unitOrders),
    need_kg: gramsToKg(needG),
    idle,
  };
}

/**
 * Each order covered or not, and the first uncovered one's due date
 * (docs/decisions/0045-plan-from-orders.md): an order is covered when today's
 * stock is at least the orders due up to it plus the pace until its date,
 * stock × 28 ≥ Σ ordered × 28 + out × days, on integers. Only an order due on
 * or before the run-out makes the unit urgent by its date: a later one finds
 * the unit already run out, and the run-out date says so first.
 */
function orderFigures(pace: Pace, today: string, runOutDate: string | null, unitOrders: UnitOrders) {
  let cumulativeG = 0;
  let uncovered: string | null = null;
  const orders = [...unitOrders.orders.values()].map((order) => {
    cumulativeG += order.g;
    const days = Math.max(0, daysBetween(today, order.due_date));
    const covered = pace.stock_g * WINDOW >= cumulativeG * WINDOW + pace.out_g * days;
    if (!covered && uncovered === null && (runOutDate === null || order.due_date <= runOutDate)) uncovered = order.due_date;
    return { order_id: order.order_id, customer_name: order.customer_name, due_date: order.due_date, kg: gramsToKg(order.g), covered };
  });
  return { ordered_kg: gramsToKg(unitOrders.ordered_g), orders, uncovered_order_date: uncovered };
}

/** run_out_date ascending, nulls last. */
const byRunOut = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** The date a unit is in trouble from: its run-out, or an order its stock does not cover, whichever comes first. */
const troubleDate = (figures: { run_out_date: string | null; uncovered_order_date: string | null }): string | null =>
  byRunOut(figures.run_out_date, figures.uncovered_order_date) <= 0 ? figures.run_out_date : figures.uncovered_order_date;

interface RoastedUnit {
  origin_id: number;
  origin_name: string;
  origin_name_sort: string;
  roast_type: RoastType;
  stock_g: number;
  out_g: number;
  /** Grams in and out in the idle window. */
  moved: Movement;
  /** Made up only to carry a blend's shortfall or an order: no lots of this origin and type. */
  lotless: boolean;
  pulled_g: number;
}

interface RecipeUnit {
  name: string;
  stock_g: number;
  out_g: number;
  moved: Movement;
}

/** What the plan's units hold before any need is computed: their stock and what left them in the window. */
interface UnitPaces {
  /** Roasted units by `originId|roastType`. */
  units: Map<string, RoastedUnit>;
  /** Recipe units by recipe id: its blends' stock and sales summed. */
  recipes: Map<number, RecipeUnit>;
  /** Each roasted lot's unit key. */
  unitOfLot: Map<number, string>;
  /** Each blend's recipe; a blend without one is a unit of its own (its stock and sales). */
  blends: Map<number, { recipe_id: number | null; stock_g: number; out_g: number }>;
}

const keyOf = (originId: number, type: RoastType) => `${originId}|${type}`;

const noMovement = (): Movement => ({ in_g: 0, out_g: 0 });

/** A roasted unit with no lots: stock 0, no pace, only what a blend or an order asks of it. */
const lotlessUnit = (origin: { origin_id: number; origin_name: string; origin_name_sort: string }, roast_type: RoastType): RoastedUnit => ({
  origin_id: origin.origin_id,
  origin_name: origin.origin_name,
  origin_name_sort: origin.origin_name_sort,
  roast_type,
  stock_g: 0,
  out_g: 0,
  moved: noMovement(),
  lotless: true,
  pulled_g: 0,
});

/**
 * The units and their pace (docs/decisions/0028-roast-plan.md "Units", "Window")
 * and what moved in them in the last 90 days: what the plan and the home
 * alerts' run-outs both read.
 */
async function readUnitPaces(db: Kysely<Database>, today: string): Promise<UnitPaces> {
  const dates = { idleSince: isoDaysAfter(today, -(IDLE_DAYS - 1)), windowSince: isoDaysAfter(today, -(WINDOW - 1)), until: today };
  const [lots, soldRoasted, drawn, soldBlends, blendRows, prepared] = await Promise.all([
    repository.roastedLots(db),
    repository.soldByProduct(db, 'tostado', dates),
    repository.drawnByRoastedLot(db, dates),
    repository.soldByProduct(db, 'mezcla', dates),
    repository.blendLots(db),
    repository.preparedOrderGrams(db, { since: dates.windowSince, until: today }),
  ]);
  const none = { window_g: 0, idle_window_g: 0 };
  const recent = (date: string) => date >= dates.idleSince && date <= today;

  // Roasted units: one per (origin, roast type), its lots summed.
  const units = new Map<string, RoastedUnit>();
  const unitOfLot = new Map<number, string>();
  for (const lot of lots) {
    const key = keyOf(lot.origin_id, lot.roast_type);
    const unit = units.get(key) ?? {
      origin_id: lot.origin_id,
      origin_name: lot.origin_name,
      origin_name_sort: lot.origin_name_sort,
      roast_type: lot.roast_type,
      stock_g: 0,
      out_g: 0,
      moved: noMovement(),
      lotless: false,
      pulled_g: 0,
    };
    const sold = soldRoasted.get(lot.id) ?? none;
    const draws = drawn.get(lot.id) ?? none;
    unit.stock_g += lot.stock_g;
    unit.out_g += sold.window_g + draws.window_g;
    unit.moved.out_g += sold.idle_window_g + draws.idle_window_g;
    if (recent(lot.roast_date)) unit.moved.in_g += lot.resultant_g;
    units.set(key, unit);
    unitOfLot.set(lot.id, key);
  }

  // Blend units: one per recipe that has blends; a blend without a recipe stands alone.
  const recipes = new Map<number, RecipeUnit>();
  const blends = new Map<number, { recipe_id: number | null; stock_g: number; out_g: number }>();
  for (const blend of blendRows) {
    const sold = soldBlends.get(blend.id) ?? none;
    blends.set(blend.id, { recipe_id: blend.recipe_id, stock_g: blend.stock_g, out_g: sold.window_g });
    if (blend.recipe_id === null) continue;
    const unit = recipes.get(blend.recipe_id) ?? { name: blend.recipe_name ?? '', stock_g: 0, out_g: 0, moved: noMovement() };
    unit.stock_g += blend.stock_g;
    unit.out_g += sold.window_g;
    unit.moved.out_g += sold.idle_window_g;
    if (recent(blend.creation_date)) unit.moved.in_g += blend.total_quantity_g;
    recipes.set(blend.recipe_id, unit);
  }

  // The pace counts only sales not made from orders (docs/decisions/0045-plan-from-orders.md): an
  // order's sales are dated the day it is prepared, so the kilos of the orders prepared in the
  // window are exactly its sales that came from orders, a demand the plan reads from the pending
  // orders instead. Idle movement keeps them.
  for (const row of prepared) {
    const unit = row.product_type === 'tostado' ? units.get(keyOf(row.origin_id!, row.roast_type!)) : recipes.get(row.recipe_id!);
    if (unit) unit.out_g = Math.max(0, unit.out_g - row.quantity_g);
  }
  return { units, recipes, unitOfLot, blends };
}

/** A lot's run-out as home shows it: its unit's, and the unit's name (null: a blend without a recipe, its own unit). */
export interface LotRunOut extends RunOut {
  unit_name: string | null;
}

/**
 * The run-out of each roasted lot's unit (its origin and roast type) and of
 * each blend's recipe, by the plan's own runOutOf: the home alerts show these
 * (docs/product-guide.md#home). A blend without a recipe is its own unit.
 */
export async function runOutsByLot(db: Kysely<Database>, today = localIsoDate()): Promise<{ roasted: Map<number, LotRunOut>; blend: Map<number, LotRunOut> }> {
  const { units, recipes, unitOfLot, blends } = await readUnitPaces(db, today);
  const unitRunOut = new Map(
    [...units].map(([key, unit]) => [key, { ...runOutOf(unit.stock_g, unit.out_g, today), unit_name: roastedUnitName(unit.origin_name, unit.roast_type) }]),
  );
  const recipeRunOut = new Map([...recipes].map(([recipeId, unit]) => [recipeId, { ...runOutOf(unit.stock_g, unit.out_g, today), unit_name: m.blendName(unit.name) }]));
  return {
    roasted: new Map([...unitOfLot].map(([lotId, key]) => [lotId, unitRunOut.get(key)!])),
    blend: new Map(
      [...blends].map(([blendId, blend]) => [
        blendId,
        blend.recipe_id === null ? { ...runOutOf(blend.stock_g, blend.out_g, today), unit_name: null } : recipeRunOut.get(blend.recipe_id)!,
      ]),
    ),
  };
}

export async function roastPlan(db: Kysely<Database>, horizon = PLANNING_HORIZON_DEFAULT, today = localIsoDate()): Promise<Planning> {
  const [settings, { units, recipes: recipeUnits }, roasts, greenLots, components, recipeTypes, orderLines] = await Promise.all([
    getSettings(db),
    readUnitPaces(db, today),
    repository.roastsNewestFirst(db),
    repository.greenLotsOldestFirst(db),
    repository.recipeComponents(db),
    repository.drawnByRecipeAndRoastType(db),
    repository.pendingOrderLines(db, isoDaysAfter(today, horizon)),
  ]);
  const roastedThresholdG = kgToGrams(settings.low_stock_roasted_kg);
  const blendThresholdG = kgToGrams(settings.low_stock_blend_kg);
  const capacityG = settings.roaster_capacity_kg === null ? null : kgToGrams(settings.roaster_capacity_kg);

  // Pending orders due within the horizon, per unit (docs/decisions/0045-plan-from-orders.md). A
  // product ordered with no lots or no blends yet is planned all the same, from stock 0.
  const roastedOrders = new Map<string, UnitOrders>();
  const recipeOrders = new Map<number, UnitOrders>();
  /** Recipes planned only for their orders (no blend made yet): no threshold of their own to keep, as a roasted unit without lots. */
  const blendless = new Set<number>();
  for (const line of orderLines) {
    let unitOrders: UnitOrders;
    if (line.product_type === 'tostado') {
      const key = keyOf(line.origin_id!, line.roast_type!);
      if (!units.has(key)) {
        units.set(key, lotlessUnit({ origin_id: line.origin_id!, origin_name: line.origin_name!, origin_name_sort: line.origin_name_sort! }, line.roast_type!));
      }
      unitOrders = roastedOrders.get(key) ?? noOrders();
      roastedOrders.set(key, unitOrders);
    } else {
      if (!recipeUnits.has(line.recipe_id!)) {
        recipeUnits.set(line.recipe_id!, { name: line.recipe_name!, stock_g: 0, out_g: 0, moved: noMovement() });
        blendless.add(line.recipe_id!);
      }
      unitOrders = recipeOrders.get(line.recipe_id!) ?? noOrders();
      recipeOrders.set(line.recipe_id!, unitOrders);
    }
    unitOrders.ordered_g += line.quantity_g;
    const order = unitOrders.orders.get(line.order_id) ?? { order_id: line.order_id, customer_name: line.customer_name, due_date: line.due_date, g: 0 };
    order.g += line.quantity_g;
    unitOrders.orders.set(line.order_id, order);
  }
  const orderedOf = (unitOrders: UnitOrders | undefined) => unitOrders?.ordered_g ?? 0;

  // A unit with lots keeps the threshold; one made up for orders has none of its own to keep. A unit with an order is never idle.
  const paces = new Map(
    [...units].map(([key, unit]) => {
      const ordered = orderedOf(roastedOrders.get(key));
      return [key, paceOf(unit.stock_g, unit.out_g, unit.lotless ? 0 : roastedThresholdG, horizon, ordered, ordered === 0 && isIdle(unit.moved))];
    }),
  );

  // What each roasted unit has beyond its own needs (pace × H + threshold): what blends may take.
  const availableG = new Map([...paces].map(([key, pace]) => [key, Math.floor(Math.max(0, -pace.need28) / WINDOW)]));
  /** Takes up to `grams` of spare roasted stock: of the component's roast type, or of any type of its origin (in ROAST_TYPES order). */
  const takeSpare = (originId: number, roastType: RoastType | null, grams: number): { available: number; taken: number } => {
    const keys = (roastType ? [roastType] : ROAST_TYPES).map((type) => keyOf(originId, type));
    const available = keys.reduce((sum, key) => sum + (availableG.get(key) ?? 0), 0);
    let left = grams;
    for (const key of keys) {
      const take = Math.min(left, availableG.get(key) ?? 0);
      if (take > 0) availableG.set(key, availableG.get(key)! - take);
      left -= take;
    }
    return { available, taken: grams - left };
  };

  const recipes = new Map<number, { name: string; name_key: string; components: repository.RecipeComponentRow[] }>();
  for (const component of components) {
    if (!recipeUnits.has(component.recipe_id)) continue;
    const recipe = recipes.get(component.recipe_id) ?? { name: component.recipe_name, name_key: component.recipe_name_key, components: [] };
    recipe.components.push(component);
    recipes.set(component.recipe_id, recipe);
  }
  const recipeRoastType = (recipeId: number): RoastType => {
    const drawnByType = recipeTypes.filter((row) => row.recipe_id === recipeId && row.quantity_g > 0);
    // Most grams drawn; a tie goes to Medio, then the list's order.
    const rank = (type: RoastType) => (type === DEFAULT_ROAST_TYPE ? -1 : ROAST_TYPES.indexOf(type));
    drawnByType.sort((a, b) => b.quantity_g - a.quantity_g || rank(a.roast_type) - rank(b.roast_type));
    return drawnByType[0]?.roast_type ?? DEFAULT_ROAST_TYPE;
  };

  const blendUnits = [...recipes].map(([recipeId, recipe]) => {
    const unit = recipeUnits.get(recipeId)!;
    const unitOrders = recipeOrders.get(recipeId) ?? noOrders();
    const idle = unitOrders.ordered_g === 0 && isIdle(unit.moved);
    const pace = paceOf(unit.stock_g, unit.out_g, blendless.has(recipeId) ? 0 : blendThresholdG, horizon, unitOrders.ordered_g, idle);
    const needG = ownNeedG(pace);
    return { recipeId, recipe, pace, needG, figures: paceFigures({ ...pace, threshold_g: blendThresholdG }, today, needG, idle, unitOrders) };
  });
  // The most urgent recipe takes the origins' spare roasted stock first.
  blendUnits.sort((a, b) => byRunOut(troubleDate(a.figures), troubleDate(b.figures)) || a.recipe.name_key.localeCompare(b.recipe.name_key) || a.recipeId - b.recipeId);

  const blendPlans: BlendPlan[] = blendUnits.map(({ recipeId, recipe, needG, figures }) => {
    // The same split as Café Mezcla (docs/decisions/0006-blend-component-grams.md).
    const grams = splitGrams(needG, recipe.components.map((component) => component.percentage_bp));
    return {
      recipe_id: recipeId,
      recipe_name: recipe.name,
      ...figures,
      components: recipe.components.map((component, index) => {
        const kgG = grams[index]!;
        const { available, taken } = takeSpare(component.origin_id, component.roast_type, kgG);
        const shortfallG = kgG - taken;
        // The component's own roast type; else the one the recipe's blends drew most.
        const roastType = component.roast_type ?? recipeRoastType(recipeId);
        if (shortfallG > 0) {
          const key = keyOf(component.origin_id, roastType);
          let unit = units.get(key);
          if (!unit) {
            unit = lotlessUnit(component, roastType);
            units.set(key, unit);
          }
          unit.pulled_g += shortfallG;
        }
        return {
          origin_id: component.origin_id,
          origin_name: component.origin_name,
          roast_type: roastType,
          kg: gramsToKg(kgG),
          roasted_available_kg: gramsToKg(available),
          shortfall_kg: gramsToKg(shortfallG),
        };
      }),
    };
  });

  // Green stock left per lot, shared by the units of one origin in plan order.
  const greenLeft = new Map(greenLots.map((lot) => [lot.id, lot.stock_g]));
  const roastedUnits = [...units].map(([key, unit]) => {
    // A unit made up for a blend's shortfall has no lots, no pace and no threshold of its own to keep (one made up for orders: its orders).
    const pace = paces.get(key) ?? paceOf(0, 0, 0, horizon);
    const needG = ownNeedG(pace) + unit.pulled_g;
    const unitOrders = roastedOrders.get(key) ?? noOrders();
    // Idle: nothing in or out for 90 days; a unit a blend pulls from, or one with an order, is not, whatever its own sales.
    const idle = !unit.lotless && unit.pulled_g === 0 && unitOrders.ordered_g === 0 && isIdle(unit.moved);
    const figures = paceFigures({ ...pace, threshold_g: roastedThresholdG }, today, needG, idle, unitOrders);
    return { unit, needG, figures };
  });
  roastedUnits.sort(
    (a, b) =>
      byRunOut(troubleDate(a.figures), troubleDate(b.figures)) ||
      a.unit.origin_name_sort.localeCompare(b.unit.origin_name_sort) ||
      a.unit.origin_id - b.unit.origin_id ||
      ROAST_TYPES.indexOf(a.unit.roast_type) - ROAST_TYPES.indexOf(b.unit.roast_type),
  );

  const roastedPlans: RoastedPlan[] = roastedUnits.map(({ unit, needG, figures }) => {
    const ofOrigin = roasts.filter((roast) => roast.origin_id === unit.origin_id);
    const ofType = ofOrigin.filter((roast) => roast.roast_type === unit.roast_type);
    const sample = ofType.length > 0 ? ofType.slice(0, YIELD_ROASTS) : ofOrigin;
    const base = { origin_id: unit.origin_id, origin_name: unit.origin_name, roast_type: unit.roast_type, ...figures };
    if (sample.length === 0) {
      return { ...base, yield: null, yield_note: m.neverRoasted, green_kg: null, batches: null, green_lots: [], shortfall_kg: null };
    }
    const resultant = BigInt(sample.reduce((sum, roast) => sum + roast.resultant_g, 0));
    const green = BigInt(sample.reduce((sum, roast) => sum + roast.quantity_green_g, 0));
    // need ÷ (Σ resultant ÷ Σ green) = need × Σ green ÷ Σ resultant, rounded up to the gram, then to whole batches.
    const { green_g: greenG, batches } = roundToBatches(Number(ceilDiv(BigInt(needG) * green, resultant)), needG > 0 ? capacityG : null);
    let left = greenG;
    const greenPlan = [];
    for (const lot of greenLots) {
      if (left <= 0) break;
      if (lot.origin_id !== unit.origin_id) continue;
      const take = Math.min(left, greenLeft.get(lot.id)!);
      if (take <= 0) continue;
      greenLeft.set(lot.id, greenLeft.get(lot.id)! - take);
      left -= take;
      greenPlan.push({ id: lot.id, batch_code: lot.batch_code, take_kg: gramsToKg(take) });
    }
    // Σ resultant ÷ Σ green to 4 decimals, half up, on integers.
    const yieldValue = Number((resultant * 20000n + green) / (2n * green)) / 10000;
    return { ...base, yield: yieldValue, yield_note: null, green_kg: gramsToKg(greenG), batches, green_lots: greenPlan, shortfall_kg: gramsToKg(left) };
  });

  return {
    today,
    horizon_days: horizon,
    window_days: WINDOW,
    idle_days: IDLE_DAYS,
    roaster_capacity_kg: settings.roaster_capacity_kg,
    roasted: roastedPlans,
    blends: blendPlans,
  };
}
