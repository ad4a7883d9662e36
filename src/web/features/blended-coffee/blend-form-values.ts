import type { Resolver, ResolverResult } from 'react-hook-form';
import { formatDate, parseSpanishDate, type Formatter } from '#shared/format.js';
import { blendLotCode } from '#shared/lot-codes.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { FULL_BASIS_POINTS, parsePercentText, sumBasisPoints } from '#shared/percentages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import {
  type BlendedCoffee,
  type BlendedCoffeeBody,
  blendedCoffeeBodySchema,
  drawMismatch,
  requiredGramsOf,
} from '#shared/schemas/blended-coffee.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, hasAtMostDecimals, KG_DECIMALS, kgToGrams } from '#shared/units.js';
import { isoDateOrAsTyped, numberOrMissing, todayDateText } from '#web/lib/form-values.js';

/** A roasted lot a component may draw from, with the grams this blend may take from it. */
export interface RoastedLotOption {
  id: number;
  origin_id: number;
  batch_code: string;
  roast_type: string;
  roast_date: string;
  availableG: number;
}

/**
 * What the inputs hold: text, as typed. A component's draws are keyed by
 * `lotKey(lotId)` (react-hook-form reads a numeric key as an array index).
 */
export interface BlendComponentValues {
  origin_id: string;
  percentage: string;
  draws: Record<string, string>;
}
export interface BlendFormValues {
  recipe_id: string;
  name: string;
  total_quantity_kg: string;
  creation_date: string;
  batch_code: string;
  components: BlendComponentValues[];
}

export const lotKey = (lotId: number) => `l${lotId}`;
const lotIdOf = (key: string) => Number(key.slice(1));

export const emptyComponent = (originId = '', percentage = ''): BlendComponentValues => ({ origin_id: originId, percentage, draws: {} });

export const emptyBlendValues = (): BlendFormValues => ({
  recipe_id: '',
  name: '',
  total_quantity_kg: '',
  creation_date: todayDateText(),
  batch_code: '',
  components: [emptyComponent()],
});

// Quantities load as text (docs/product-guide.md#screens).
export const blendToValues = (blend: BlendedCoffee, f: Formatter): BlendFormValues => ({
  recipe_id: blend.recipe_id === null ? '' : String(blend.recipe_id),
  name: blend.name,
  total_quantity_kg: f.plain(blend.total_quantity_kg),
  creation_date: formatDate(blend.creation_date),
  batch_code: blend.batch_code,
  components: blend.components.map((component) => ({
    origin_id: String(component.origin_id),
    percentage: String(component.percentage),
    draws: Object.fromEntries(component.selected_roasted_batches.map((draw) => [lotKey(draw.id), f.plain(draw.quantity_used)])),
  })),
});

/** Choosing a recipe fills the name and components; clearing it empties both (docs/product-guide.md#cafe-mezcla). */
export function recipeValues(recipe: BlendRecipe | undefined): Pick<BlendFormValues, 'name' | 'components'> {
  if (!recipe) return { name: '', components: [] };
  return { name: recipe.name, components: recipe.components.map((c) => emptyComponent(String(c.origin_id), String(c.percentage))) };
}

const percentOrMissing = (text: string) => parsePercentText(text);

export const toBody = (values: BlendFormValues) => ({
  name: values.name,
  total_quantity_kg: numberOrMissing(values.total_quantity_kg),
  creation_date: isoDateOrAsTyped(values.creation_date),
  recipe_id: values.recipe_id === '' ? null : Number(values.recipe_id),
  batch_code: values.batch_code,
  components: values.components.map((component) => ({
    origin_id: component.origin_id === '' ? undefined : Number(component.origin_id),
    percentage: percentOrMissing(component.percentage),
    selected_roasted_batches: Object.entries(component.draws)
      .filter(([, kg]) => kg.trim() !== '')
      .map(([key, kg]) => ({ id: lotIdOf(key), quantity_used: numberOrMissing(kg) })),
  })),
});

/** The lots of one origin, oldest roast first (the order FIFO takes them). */
export const lotsOfOrigin = (lots: readonly RoastedLotOption[], originId: string): RoastedLotOption[] =>
  originId === '' ? [] : lots.filter((lot) => String(lot.origin_id) === originId);

/**
 * The grams each component needs for the total and percentages typed so far,
 * split to the gram like the server (docs/decisions/0006); null while the
 * total or a percentage is not a valid number or they do not add up to 100.
 */
export function requiredGrams(values: Pick<BlendFormValues, 'total_quantity_kg' | 'components'>): number[] | null {
  const total = numberOrMissing(values.total_quantity_kg);
  if (total === undefined || !(total > 0) || !hasAtMostDecimals(total, KG_DECIMALS)) return null;
  const percentages = values.components.map((component) => percentOrMissing(component.percentage));
  if (percentages.some((p) => p === undefined || !(p > 0) || !hasAtMostDecimals(p, 2))) return null;
  const numbers = percentages as number[];
  if (sumBasisPoints(numbers) !== FULL_BASIS_POINTS) return null;
  return requiredGramsOf(total, numbers);
}

/** Grams typed across a component's draws (blank or invalid fields count as nothing). */
export function drawnGrams(component: BlendComponentValues): number {
  let grams = 0;
  for (const kg of Object.values(component.draws)) {
    const value = numberOrMissing(kg);
    if (value !== undefined && value > 0 && hasAtMostDecimals(value, KG_DECIMALS)) grams += kgToGrams(value);
  }
  return grams;
}

/** "Usado X Kg de Y Kg" under a component, as the user types. */
export const componentProgress = (usedG: number, requiredG: number | undefined, f: Formatter): string =>
  requiredG === undefined ? `Usado: ${f.kg(gramsToKg(usedG))}` : `Usado: ${f.kg(gramsToKg(usedG))} de ${f.kg(gramsToKg(requiredG))} necesarios`;

/**
 * The FIFO helper: for each component, its required grams taken from its
 * origin's lots oldest roast first, each lot up to what it has; when the
 * chosen recipe's component names a roast type, only lots of that type
 * (docs/product-guide.md#cafe-mezcla). The user can still change every draw.
 * Null while the required grams are not known.
 */
export function fifoDraws(
  values: BlendFormValues,
  lots: readonly RoastedLotOption[],
  recipes: readonly Pick<BlendRecipe, 'id' | 'components'>[],
  f: Formatter,
): BlendComponentValues[] | null {
  const required = requiredGrams(values);
  if (!required) return null;
  const recipe = recipes.find((candidate) => String(candidate.id) === values.recipe_id);
  return values.components.map((component, index) => {
    let left = required[index] ?? 0;
    const draws: Record<string, string> = {};
    const roastType = recipe?.components.find((part) => String(part.origin_id) === component.origin_id)?.roast_type ?? null;
    // A lot this blend emptied itself has no roast type here (lotOptions): it is the blend's own, kept.
    const fits = (lot: RoastedLotOption) => roastType === null || lot.roast_type === '' || lot.roast_type === roastType;
    for (const lot of lotsOfOrigin(lots, component.origin_id).filter(fits)) {
      if (left <= 0) break;
      const take = Math.min(left, lot.availableG);
      if (take <= 0) continue;
      draws[lotKey(lot.id)] = f.plain(gramsToKg(take));
      left -= take;
    }
    return { ...component, draws };
  });
}

/**
 * 'Generar Lote' (BL-MZ-010124-1234, docs/product-guide.md#business-constants): from the recipe's name, or the
 * blend's when no recipe is chosen, and the creation date;
 * otherwise 'Por favor, selecciona una Receta y una Fecha de
 * Creación para generar el lote.'.
 */
export function generateBlendLotCode(
  values: Pick<BlendFormValues, 'recipe_id' | 'name' | 'creation_date'>,
  recipes: readonly Pick<BlendRecipe, 'id' | 'name'>[],
  random?: () => number,
): { code: string } | { message: string } {
  const recipeName = recipes.find((recipe) => String(recipe.id) === values.recipe_id)?.name;
  const prefixName = recipeName ?? values.name.trim();
  const creationDate = parseSpanishDate(values.creation_date);
  if (prefixName === '' || creationDate === undefined) return { message: m.lotCodeNeedsRecipeAndDate };
  return { code: blendLotCode(prefixName, creationDate, random) };
}

/**
 * The server's schema on the body the form would send, answering its FIRST
 * broken rule like the server does (the order of docs/product-guide.md#blend), then the rules the server
 * checks against the database, here against the lots the form offers: each
 * component draws exactly its kg, each lot has the stock. The message goes to
 * `errors.root` (the form shows one message), and the top-level field it
 * names is marked invalid.
 */
export function blendResolverFor(
  lots: readonly RoastedLotOption[],
  originName: (originId: number) => string,
  f: Formatter,
): Resolver<BlendFormValues, unknown, BlendedCoffeeBody> {
  type Result = ResolverResult<BlendFormValues, BlendedCoffeeBody>;
  const refuse = (message: string, field?: string): Result =>
    ({ values: {}, errors: { root: { type: 'validate', message }, ...(field ? { [field]: { type: 'validate', message } } : {}) } }) as never;
  return async (values): Promise<Result> => {
    const parsed = blendedCoffeeBodySchema.safeParse(toBody(values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(issue.message, String(issue.path[0] ?? 'components'));
    }
    const body = parsed.data;
    const mismatch = drawMismatch(body, originName);
    if (mismatch) return refuse(mismatch.message);
    for (const component of body.components) {
      for (const draw of component.selected_roasted_batches) {
        const lot = lots.find((candidate) => candidate.id === draw.id);
        if (!lot) return refuse(m.invalidRoastedLot);
        const needed = kgToGrams(draw.quantity_used);
        if (lot.availableG < needed) return refuse(m.notEnoughStock(lot.batch_code, f.plain(gramsToKg(lot.availableG)), f.plain(gramsToKg(needed))));
      }
    }
    return { values: body, errors: {} };
  };
}

/**
 * What the form may draw from: every roasted lot with stock and, when editing,
 * the lots the blend drew (even if now empty), each with what the edit gives
 * back to it first (an update returns the old draws, docs/product-guide.md#stock-moves).
 */
export function lotOptions(lots: readonly RoastedCoffee[], editing: BlendedCoffee | null): RoastedLotOption[] {
  const returned = new Map<number, { originId: number; batchCode: string; grams: number }>();
  for (const component of editing?.components ?? []) {
    for (const draw of component.selected_roasted_batches) {
      returned.set(draw.id, { originId: component.origin_id, batchCode: draw.batch_code, grams: kgToGrams(draw.quantity_used) });
    }
  }
  const options: RoastedLotOption[] = lots.map((lot) => ({
    id: lot.id,
    origin_id: lot.origin_id,
    batch_code: lot.batch_code,
    roast_type: lot.roast_type,
    roast_date: lot.roast_date,
    availableG: kgToGrams(lot.stock_kg) + (returned.get(lot.id)?.grams ?? 0),
  }));
  for (const [id, draw] of returned) {
    if (!options.some((lot) => lot.id === id)) {
      options.push({ id, origin_id: draw.originId, batch_code: draw.batchCode, roast_type: '', roast_date: '', availableG: draw.grams });
    }
  }
  // Oldest roast first (FIFO); a lot the blend emptied itself has no date here and comes first, so a refill keeps the blend's own lots.
  return options.sort((a, b) => a.roast_date.localeCompare(b.roast_date) || a.id - b.id);
}
