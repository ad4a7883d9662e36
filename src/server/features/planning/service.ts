import type { Kysely } from 'kysely';
import { splitGrams } from '#shared/blend-grams.js';
import { localIsoDate } from '#shared/local-date.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { PLANNING_HORIZON_DEFAULT, PLANNING_WINDOW_DAYS as WINDOW } from '#shared/schemas/planning-limits.js';
import type { BlendPlan, Planning, RoastedPlan } from '#shared/schemas/planning.js';
import { ROAST_TYPES, type RoastType } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { getSettings } from '#server/features/settings/service.js';
import * as repository from './repository.js';

/**
 * GET /api/planning, the roast plan (docs/product-guide.md#roast-plan,
 * docs/decisions/0028-roast-plan.md). Every figure is integer grams; a pace
 * is kept as the exact fraction out_g / 28, so "kg per day × horizon" is
 * out_g × H / 28 computed on integers and rounded once, where the record says.
 */

/** How many of the latest roasts of an origin and type give its yield. */
const YIELD_ROASTS = 5;
/** The roast type a blend's shortfall is roasted as when its recipe's blends drew nothing yet. */
const DEFAULT_ROAST_TYPE: RoastType = 'Medio';

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic on a date without time: no zone shifts). */
function isoDaysAfter(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ⌈a / b⌉ for a ≥ 0, b > 0, in BigInt: need × Σ green can pass 2^53. */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** The figures every unit shares: pace, run-out and its own need (grams). */
interface Pace {
  stock_g: number;
  out_g: number;
  threshold_g: number;
  /** 28 × (out/28 × H + threshold − stock): the exact need, scaled by the window to stay an integer. */
  need28: number;
}

const paceOf = (stock_g: number, out_g: number, threshold_g: number, horizon: number): Pace => ({
  stock_g,
  out_g,
  threshold_g,
  need28: out_g * horizon + threshold_g * WINDOW - stock_g * WINDOW,
});

const ownNeedG = (pace: Pace): number => (pace.need28 > 0 ? Math.ceil(pace.need28 / WINDOW) : 0);

/** ⌊stock ÷ pace⌋ whole days, null when nothing left the unit in the window. */
const daysLeftOf = (stock_g: number, out_g: number): number | null => (out_g > 0 ? Math.floor((stock_g * WINDOW) / out_g) : null);

/** today + days_left: the run-out date the plan and the home alerts both show. */
const runOutDateOf = (stock_g: number, out_g: number, today: string): string | null => {
  const daysLeft = daysLeftOf(stock_g, out_g);
  return daysLeft === null ? null : isoDaysAfter(today, daysLeft);
};

function paceFigures(pace: Pace, today: string, needG: number) {
  return {
    stock_kg: gramsToKg(pace.stock_g),
    out_kg: gramsToKg(pace.out_g),
    // Shown to the gram (half up); never used rounded.
    kg_per_day: gramsToKg(Math.floor((2 * pace.out_g + WINDOW) / (2 * WINDOW))),
    days_left: daysLeftOf(pace.stock_g, pace.out_g),
    run_out_date: runOutDateOf(pace.stock_g, pace.out_g, today),
    threshold_kg: gramsToKg(pace.threshold_g),
    need_kg: gramsToKg(needG),
  };
}

/** run_out_date ascending, nulls last. */
const byRunOut = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

interface RoastedUnit {
  origin_id: number;
  origin_name: string;
  origin_name_sort: string;
  roast_type: RoastType;
  stock_g: number;
  out_g: number;
  /** Made up only to carry a blend's shortfall: no lots of this origin and type. */
  lotless: boolean;
  pulled_g: number;
}

/** What the plan's units hold before any need is computed: their stock and what left them in the window. */
interface UnitPaces {
  /** Roasted units by `originId|roastType`. */
  units: Map<string, RoastedUnit>;
  /** Recipe units by recipe id: its blends' stock and sales summed. */
  recipeStock: Map<number, { stock_g: number; out_g: number }>;
  /** Each roasted lot's unit key, and each blend's recipe. */
  unitOfLot: Map<number, string>;
  recipeOfBlend: Map<number, number>;
}

const keyOf = (originId: number, type: RoastType) => `${originId}|${type}`;

/**
 * The units and their pace (docs/decisions/0028-roast-plan.md "Units", "Window"):
 * what the plan and the home alerts' run-out dates both read.
 */
async function readUnitPaces(db: Kysely<Database>, today: string): Promise<UnitPaces> {
  const since = isoDaysAfter(today, -(WINDOW - 1));
  const [lots, soldRoasted, drawn, soldBlends, blends] = await Promise.all([
    repository.roastedLots(db),
    repository.soldByProduct(db, 'tostado', since, today),
    repository.drawnByRoastedLot(db, since, today),
    repository.soldByProduct(db, 'mezcla', since, today),
    repository.blendsWithRecipe(db),
  ]);

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
      lotless: false,
      pulled_g: 0,
    };
    unit.stock_g += lot.stock_g;
    unit.out_g += (soldRoasted.get(lot.id) ?? 0) + (drawn.get(lot.id) ?? 0);
    units.set(key, unit);
    unitOfLot.set(lot.id, key);
  }

  // Blend units: one per recipe that has blends.
  const recipeStock = new Map<number, { stock_g: number; out_g: number }>();
  const recipeOfBlend = new Map<number, number>();
  for (const blend of blends) {
    const unit = recipeStock.get(blend.recipe_id) ?? { stock_g: 0, out_g: 0 };
    unit.stock_g += blend.stock_g;
    unit.out_g += soldBlends.get(blend.id) ?? 0;
    recipeStock.set(blend.recipe_id, unit);
    recipeOfBlend.set(blend.id, blend.recipe_id);
  }
  return { units, recipeStock, unitOfLot, recipeOfBlend };
}

/**
 * The run-out date of each roasted lot's unit (its origin and roast type) and of
 * each blend's recipe, as the plan computes it: the home alerts show these
 * (docs/product-guide.md#home). A blend without a recipe is in no unit: absent.
 */
export async function runOutDatesByLot(db: Kysely<Database>, today = localIsoDate()): Promise<{ roasted: Map<number, string | null>; blend: Map<number, string | null> }> {
  const { units, recipeStock, unitOfLot, recipeOfBlend } = await readUnitPaces(db, today);
  const unitDate = new Map([...units].map(([key, unit]) => [key, runOutDateOf(unit.stock_g, unit.out_g, today)]));
  const recipeDate = new Map([...recipeStock].map(([recipeId, unit]) => [recipeId, runOutDateOf(unit.stock_g, unit.out_g, today)]));
  return {
    roasted: new Map([...unitOfLot].map(([lotId, key]) => [lotId, unitDate.get(key)!])),
    blend: new Map([...recipeOfBlend].map(([blendId, recipeId]) => [blendId, recipeDate.get(recipeId)!])),
  };
}

export async function roastPlan(db: Kysely<Database>, horizon = PLANNING_HORIZON_DEFAULT, today = localIsoDate()): Promise<Planning> {
  const [settings, { units, recipeStock }, roasts, greenLots, components, recipeTypes] = await Promise.all([
    getSettings(db),
    readUnitPaces(db, today),
    repository.roastsNewestFirst(db),
    repository.greenLotsOldestFirst(db),
    repository.recipeComponents(db),
    repository.drawnByRecipeAndRoastType(db),
  ]);
  const roastedThresholdG = kgToGrams(settings.low_stock_roasted_kg);
  const blendThresholdG = kgToGrams(settings.low_stock_blend_kg);

  const paces = new Map([...units].map(([key, unit]) => [key, paceOf(unit.stock_g, unit.out_g, roastedThresholdG, horizon)]));

  // What each origin's roasted stock has beyond its own units' needs (pace × H + threshold): what blends may take.
  const surplus28 = new Map<number, number>();
  for (const [key, pace] of paces) {
    const originId = units.get(key)!.origin_id;
    surplus28.set(originId, (surplus28.get(originId) ?? 0) + Math.max(0, -pace.need28));
  }
  const availableG = new Map([...surplus28].map(([originId, scaled]) => [originId, Math.floor(scaled / WINDOW)]));

  const recipes = new Map<number, { name: string; name_key: string; components: repository.RecipeComponentRow[] }>();
  for (const component of components) {
    if (!recipeStock.has(component.recipe_id)) continue;
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
    const stock = recipeStock.get(recipeId)!;
    const pace = paceOf(stock.stock_g, stock.out_g, blendThresholdG, horizon);
    const needG = ownNeedG(pace);
    return { recipeId, recipe, pace, needG, figures: paceFigures(pace, today, needG) };
  });
  // The most urgent recipe takes the origins' spare roasted stock first.
  blendUnits.sort((a, b) => byRunOut(a.figures.run_out_date, b.figures.run_out_date) || a.recipe.name_key.localeCompare(b.recipe.name_key) || a.recipeId - b.recipeId);

  const blendPlans: BlendPlan[] = blendUnits.map(({ recipeId, recipe, needG, figures }) => {
    // The same split as Café Mezcla (docs/decisions/0006-blend-component-grams.md).
    const grams = splitGrams(needG, recipe.components.map((component) => component.percentage_bp));
    const roastType = recipeRoastType(recipeId);
    return {
      recipe_id: recipeId,
      recipe_name: recipe.name,
      ...figures,
      components: recipe.components.map((component, index) => {
        const kgG = grams[index]!;
        const available = availableG.get(component.origin_id) ?? 0;
        const taken = Math.min(kgG, available);
        availableG.set(component.origin_id, available - taken);
        const shortfallG = kgG - taken;
        if (shortfallG > 0) {
          const key = keyOf(component.origin_id, roastType);
          let unit = units.get(key);
          if (!unit) {
            unit = {
              origin_id: component.origin_id,
              origin_name: component.origin_name,
              origin_name_sort: component.origin_name_sort,
              roast_type: roastType,
              stock_g: 0,
              out_g: 0,
              lotless: true,
              pulled_g: 0,
            };
            units.set(key, unit);
          }
          unit.pulled_g += shortfallG;
        }
        return {
          origin_id: component.origin_id,
          origin_name: component.origin_name,
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
    // A unit made up for a blend's shortfall has no lots, no pace and no threshold of its own to keep.
    const pace = unit.lotless ? paceOf(0, 0, 0, horizon) : paces.get(key)!;
    const needG = ownNeedG(pace) + unit.pulled_g;
    const figures = paceFigures(unit.lotless ? { ...pace, threshold_g: roastedThresholdG } : pace, today, needG);
    return { unit, needG, figures };
  });
  roastedUnits.sort(
    (a, b) =>
      byRunOut(a.figures.run_out_date, b.figures.run_out_date) ||
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
      return { ...base, yield: null, yield_note: m.neverRoasted, green_kg: null, green_lots: [], shortfall_kg: null };
    }
    const resultant = BigInt(sample.reduce((sum, roast) => sum + roast.resultant_g, 0));
    const green = BigInt(sample.reduce((sum, roast) => sum + roast.quantity_green_g, 0));
    // need ÷ (Σ resultant ÷ Σ green) = need × Σ green ÷ Σ resultant, rounded up to the gram.
    const greenG = Number(ceilDiv(BigInt(needG) * green, resultant));
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
    return { ...base, yield: yieldValue, yield_note: null, green_kg: gramsToKg(greenG), green_lots: greenPlan, shortfall_kg: gramsToKg(left) };
  });

  return { today, horizon_days: horizon, window_days: WINDOW, roasted: roastedPlans, blends: blendPlans };
}
