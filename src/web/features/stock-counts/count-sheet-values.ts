import { type Formatter } from '#shared/format.js';
import { type CountSheetLot, stockCountBodySchema, type StockCountBody } from '#shared/schemas/stock-counts.js';
import { centsToPrice, hasAtMostDecimals, KG_DECIMALS, kgToGrams, parseDecimalText, priceToCents } from '#shared/units.js';

/**
 * The count sheet's arithmetic, apart from React (docs/product-guide.md#recuento-de-inventario):
 * what each typed kilo means, each difference and its value at cost, and the
 * body a count sends.
 */

/** A lot's key in the form's values and in the page's sets (react-hook-form paths may not hold '.'). */
export const sheetKey = (lot: { kind: string; id: number }) => `${lot.kind}-${lot.id}`;

/** How the sheet names each kind of lot (the areas' own names). */
export const KIND_LABELS: Record<CountSheetLot['kind'], string> = { green: 'Café Verde', roasted: 'Café Tostado', blend: 'Café Mezcla' };

/** A difference's value at cost with its sign: '+$1.50', '-$6.43', '$0.00'. */
export const signedMoney = (cents: number, f: Formatter) => `${cents > 0 ? '+' : cents < 0 ? '-' : ''}${f.money(centsToPrice(Math.abs(cents)))}`;

/** The sheet's form: the reason, the note and the kilos counted per lot (by sheetKey), as typed. */
export interface CountValues {
  reason: string;
  note: string;
  counted: Record<string, string>;
}

/** Nothing typed: every lot's input blank (react-hook-form's reset only clears the inputs its values name). */
export const emptyValues = (lots: readonly CountSheetLot[]): CountValues => ({ reason: '', note: '', counted: Object.fromEntries(lots.map((lot) => [sheetKey(lot), ''])) });

/** The kilos typed for a lot (comma or point), or undefined when blank or not a plain decimal of at most 3 places. */
export function countedKg(text: string | undefined): number | undefined {
  const kg = parseDecimalText(text ?? '');
  return kg === undefined || !Number.isFinite(kg) || kg < 0 || !hasAtMostDecimals(kg, KG_DECIMALS) ? undefined : kg;
}

/** counted − expected in grams, or undefined while the typed text is not a count yet. */
export function differenceG(lot: CountSheetLot, text: string | undefined): number | undefined {
  const kg = countedKg(text);
  return kg === undefined ? undefined : kgToGrams(kg) - kgToGrams(lot.stock_kg);
}

/** What `grams` of the lot are worth at its cost per kg, in cents, rounded once half away from zero; null without a cost. */
export function valueCents(lot: CountSheetLot, grams: number): number | null {
  if (lot.cost_per_kg === null) return null;
  const exact = (Math.abs(grams) * priceToCents(lot.cost_per_kg)) / 1000;
  return Math.sign(grams) * Math.round(exact);
}

/** The sheet's totals over the lots with a count typed: how many, how many differ, and the value of the differences. */
export function sheetTotals(lots: readonly CountSheetLot[], counted: Readonly<Record<string, string | undefined>>) {
  let lines = 0;
  let adjusted = 0;
  let cents = 0;
  for (const lot of lots) {
    const text = counted[sheetKey(lot)];
    if (!text?.trim()) continue;
    lines++;
    const grams = differenceG(lot, text);
    if (grams === undefined || grams === 0) continue;
    adjusted++;
    cents += valueCents(lot, grams) ?? 0;
  }
  return { lines, adjusted, cents };
}

/**
 * The body of POST /api/stock-counts from the sheet: one line per lot with
 * something typed (the others were not counted), its expected kg being the
 * stock the sheet showed. Checked with the server's own schema, so a broken
 * rule shows its message before anything is sent.
 */
export function countBody(
  lots: readonly CountSheetLot[],
  values: { counted: Readonly<Record<string, string | undefined>>; reason: string; note: string },
): { body: StockCountBody; error?: undefined } | { body?: undefined; error: string } {
  const input = {
    reason: values.reason === '' ? undefined : values.reason,
    note: values.note.trim() === '' ? null : values.note,
    lines: lots
      .filter((lot) => values.counted[sheetKey(lot)]?.trim())
      .map((lot) => ({
        lot_kind: lot.kind,
        lot_id: lot.id,
        expected_kg: lot.stock_kg,
        counted_kg: parseDecimalText(values.counted[sheetKey(lot)] ?? ''),
      })),
  };
  const parsed = stockCountBodySchema.safeParse(input);
  return parsed.success ? { body: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

/** Beyond this a difference asks to be confirmed again: more than a tenth of the lot's expected stock… */
export const LARGE_DIFFERENCE_SHARE = 0.1;
/** …or more than 5 Kg, whatever the lot's size. */
export const LARGE_DIFFERENCE_G = 5000;

/**
 * The lines of a count whose difference is too large to be a slip of the scale
 * (more than 10 % of the lot's expected stock, or more than 5 Kg): likely a
 * typo, such as 999999 for 9.99, so the sheet asks once more, naming them
 * (docs/product-guide.md#recuento-de-inventario).
 */
export function largeDifferences(lots: readonly CountSheetLot[], body: StockCountBody): { code: string; expectedKg: number; countedKg: number }[] {
  const codes = new Map(lots.map((lot) => [sheetKey(lot), lot.batch_code]));
  return body.lines
    .filter((line) => {
      const expectedG = kgToGrams(line.expected_kg);
      const differenceG = Math.abs(kgToGrams(line.counted_kg) - expectedG);
      return differenceG > LARGE_DIFFERENCE_G || differenceG > expectedG * LARGE_DIFFERENCE_SHARE;
    })
    .map((line) => ({
      code: codes.get(sheetKey({ kind: line.lot_kind, id: line.lot_id })) ?? '',
      expectedKg: line.expected_kg,
      countedKg: line.counted_kg,
    }));
}
