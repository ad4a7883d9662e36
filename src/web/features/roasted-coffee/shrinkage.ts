import { type Formatter } from '#shared/format.js';
import { gramsToKg, hasAtMostDecimals, KG_DECIMALS, kgToGrams, parseDecimalText } from '#shared/units.js';

/**
 * Shrinkage = quantity_green_kg − resultant_kg (docs/product-guide.md#entities), 2 decimals; exact in grams when it can be.
 * The quantities as typed, read as the form's body reads them: '10,15' is 10.15
 * (docs/decisions/0035-decimal-inputs-as-text.md).
 */
export function shrinkageText(greenKg: string, resultantKg: string, f: Formatter): string {
  const green = parseDecimalText(greenKg);
  const resultant = parseDecimalText(resultantKg);
  if (green === undefined || resultant === undefined || !Number.isFinite(green) || !Number.isFinite(resultant)) return '';
  const exact = hasAtMostDecimals(green, KG_DECIMALS) && hasAtMostDecimals(resultant, KG_DECIMALS);
  return f.twoDecimals(exact ? gramsToKg(kgToGrams(green) - kgToGrams(resultant)) : green - resultant);
}
