import { formatDate, parseSpanishDate, type Formatter } from '#shared/format.js';
import { roastedLotCode } from '#shared/lot-codes.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { ROAST_TYPES, type RoastedCoffee, type RoastedCoffeeBody, roastedCoffeeBodySchema } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, kgToGrams } from '#shared/units.js';
import { isoDateOrAsTyped, numberOrMissing, todayDateText } from '#web/lib/form-values.js';
import type { RoastPrefill } from '#web/lib/roast-prefill.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';

/** A green lot the form can roast from, with the grams this roast may take from it. */
export interface GreenLotOption {
  id: number;
  origin_id: number;
  origin_name: string;
  batch_code: string;
  availableG: number;
}

/** What the inputs hold: text, as typed. `origin_filter` only narrows the lot select; it is not sent. */
export interface RoastFormValues {
  origin_filter: string;
  green_coffee_id: string;
  quantity_green_kg: string;
  resultant_kg: string;
  roast_type: string;
  roast_date: string;
  batch_code: string;
  /** Optional (docs/decisions/0053-reference-profile.md): the roast's notes, and its cupping score as typed (comma or point). */
  notes: string;
  cupping_score: string;
}

export const ROAST_FIELDS = ['green_coffee_id', 'quantity_green_kg', 'resultant_kg', 'roast_type', 'roast_date', 'batch_code', 'cupping_score', 'notes'] as const;

const toBody = (values: RoastFormValues) => ({
  green_coffee_id: numberOrMissing(values.green_coffee_id),
  quantity_green_kg: numberOrMissing(values.quantity_green_kg),
  resultant_kg: numberOrMissing(values.resultant_kg),
  roast_type: values.roast_type,
  roast_date: isoDateOrAsTyped(values.roast_date),
  batch_code: values.batch_code,
  notes: values.notes,
  // Blank is "not cupped" (null, which clears it on an edit), not a missing required value.
  cupping_score: values.cupping_score.trim() === '' ? null : numberOrMissing(values.cupping_score),
});

/**
 * The server's schema on the body the form would send (docs/product-guide.md#roasted-lot rules one and
 * two, then our limits), then the two rules the server checks against the
 * database, here against the lots the form offers: 'El lote de café verde
 * seleccionado no es válido.' and 'No hay suficiente café verde disponible
 * para tostar esta cantidad.'. The server checks them again in its transaction.
 */
export const roastResolverFor = (lots: GreenLotOption[], f: Formatter) =>
  schemaThenRulesResolver<RoastFormValues, RoastedCoffeeBody>(roastedCoffeeBodySchema, toBody, [
    (body) => {
      const lot = lots.find((candidate) => candidate.id === body.green_coffee_id);
      if (!lot) return { field: 'green_coffee_id', message: m.invalidGreenLot };
      if (lot.availableG < kgToGrams(body.quantity_green_kg)) return { field: 'quantity_green_kg', message: m.notEnoughGreen(gramsToKg(lot.availableG), f) };
      return null;
    },
  ]);

export const emptyRoastValues = (): RoastFormValues => ({
  origin_filter: '',
  green_coffee_id: '',
  quantity_green_kg: '',
  resultant_kg: '',
  roast_type: '',
  roast_date: todayDateText(),
  batch_code: '',
  notes: '',
  cupping_score: '',
});

/**
 * A new roast as the roast plan proposes it ('Tostar', docs/product-guide.md#roast-plan): the green
 * lot (only if the select offers it, i.e. it still has stock), the kg and the roast type (only one
 * of the list); the rest as a new roast starts. The user checks, adds the kilos out and saves.
 */
export const prefilledRoastValues = (prefill: Partial<RoastPrefill>, lots: GreenLotOption[], f: Formatter): RoastFormValues => ({
  ...emptyRoastValues(),
  green_coffee_id: lots.some((lot) => lot.id === prefill.greenLotId) ? String(prefill.greenLotId) : '',
  quantity_green_kg: prefill.kg === undefined ? '' : f.plain(prefill.kg),
  roast_type: ROAST_TYPES.find((type) => type === prefill.roastType) ?? '',
});

// Quantities load as text (docs/product-guide.md#screens).
export const roastToValues = (roast: RoastedCoffee, f: Formatter): RoastFormValues => ({
  origin_filter: '',
  green_coffee_id: String(roast.green_coffee_id),
  quantity_green_kg: f.plain(roast.quantity_green_kg),
  resultant_kg: f.plain(roast.resultant_kg),
  roast_type: roast.roast_type,
  roast_date: formatDate(roast.roast_date),
  batch_code: roast.batch_code,
  notes: roast.notes ?? '',
  cupping_score: roast.cupping_score === null ? '' : f.plain(roast.cupping_score),
});

/** The lots the select offers: all, or those of the filtered origin. */
export const lotsOfOrigin = (lots: GreenLotOption[], originFilter: string): GreenLotOption[] =>
  originFilter === '' ? lots : lots.filter((lot) => String(lot.origin_id) === originFilter);

/** A lot option's text: lot · origin · kilos available (the select's hint names the parts). */
export const greenLotLabel = (lot: GreenLotOption, f: Formatter): string =>
  `${lot.batch_code} · ${lot.origin_name} · ${f.kgExact(gramsToKg(lot.availableG))} disponibles`;

/**
 * 'Generar Lote' (CO-010124-1234, docs/product-guide.md#business-constants): the origin of the chosen lot (or,
 * before a lot is chosen, of the filter) and the roast date; otherwise the
 * button's own message (docs/product-guide.md#roasted-lot).
 */
export function generateRoastLotCode(
  values: Pick<RoastFormValues, 'green_coffee_id' | 'origin_filter' | 'roast_date'>,
  lots: GreenLotOption[],
  origins: Pick<Origin, 'id' | 'name'>[],
  random?: () => number,
): { code: string } | { message: string } {
  const { green_coffee_id: lotId, origin_filter: filterId } = values;
  const roastDate = parseSpanishDate(values.roast_date);
  if ((lotId === '' && filterId === '') || roastDate === undefined) return { message: m.lotCodeNeedsOriginAndDate };
  const originName =
    lotId !== ''
      ? lots.find((lot) => String(lot.id) === lotId)?.origin_name
      : origins.find((origin) => String(origin.id) === filterId)?.name;
  if (!originName) return { message: m.lotCodeOriginNotFound };
  return { code: roastedLotCode(originName, roastDate, random) };
}
