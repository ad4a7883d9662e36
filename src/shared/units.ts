/**
 * Exact quantities (docs/product-guide.md#business-constants): kg are stored as integer grams, prices
 * as integer cents and percentages as hundredths of a percent. Conversions
 * happen only at the API edge and go through the decimal text of a number, so
 * 0.1 + 0.2 never leaks into stock.
 */

/** Digits after the point in a plain decimal, or null for NaN, ±Infinity or exponent notation. */
export function decimalPlaces(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

export const hasAtMostDecimals = (value: number, decimals: number): boolean => {
  const places = decimalPlaces(value);
  return places !== null && places <= decimals;
};

/** Scales a decimal by 10^decimals without float error ("10.125" kg → 10125 g). */
export function toScaledInt(value: number, decimals: number): number {
  const places = decimalPlaces(value);
  if (places === null || places > decimals) {
    throw new RangeError(`${value} no tiene como máximo ${decimals} decimales`);
  }
  const [whole = '0', fraction = ''] = String(Math.abs(value)).split('.');
  const scaled = Number(whole + fraction.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`${value} es demasiado grande`);
  return value < 0 ? -scaled : scaled;
}

/**
 * Inverse of toScaledInt, exact: both integers are exact doubles and IEEE
 * division rounds correctly, so the quotient is the double nearest the decimal,
 * the one its text would parse to (10125 g → 10.125). No toFixed round trip:
 * every amount the API sends passes here.
 */
export const fromScaledInt = (scaled: number, decimals: number): number => scaled / 10 ** decimals;

export const KG_DECIMALS = 3;
export const PRICE_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;

export const kgToGrams = (kg: number): number => toScaledInt(kg, KG_DECIMALS);
export const gramsToKg = (grams: number): number => fromScaledInt(grams, KG_DECIMALS);
export const priceToCents = (price: number): number => toScaledInt(price, PRICE_DECIMALS);
export const centsToPrice = (cents: number): number => fromScaledInt(cents, PRICE_DECIMALS);
export const percentToHundredths = (percent: number): number => toScaledInt(percent, PERCENT_DECIMALS);
export const hundredthsToPercent = (hundredths: number): number => fromScaledInt(hundredths, PERCENT_DECIMALS);

/**
 * A decimal as a person types it in a text field, with a decimal comma or point
 * ('4,5' or '4.5'; a Spanish keypad has the comma): undefined when blank (a
 * missing value), NaN when not a plain decimal, else the number.
 */
export function parseDecimalText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}
