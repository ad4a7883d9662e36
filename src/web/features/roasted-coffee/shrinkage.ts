import { formatTwoDecimals } from '#shared/format.js';
import { gramsToKg, hasAtMostDecimals, KG_DECIMALS, kgToGrams } from '#shared/units.js';

/** Shrinkage = quantity_green_kg − resultant_kg (docs/product-guide.md#entities), 2 decimals; exact in grams when it can be. */
export function shrinkageText(greenKg: string, resultantKg: string): string {
  if (greenKg.trim() === '' || resultantKg.trim() === '') return '';
  const green = Number(greenKg);
  const resultant = Number(resultantKg);
  if (!Number.isFinite(green) || !Number.isFinite(resultant)) return '';
  const exact = hasAtMostDecimals(green, KG_DECIMALS) && hasAtMostDecimals(resultant, KG_DECIMALS);
  return formatTwoDecimals(exact ? gramsToKg(kgToGrams(green) - kgToGrams(resultant)) : green - resultant);
}
