/**
 * The grams each component of a blend needs (docs/product-guide.md#business-constants:
 * total × percentage ÷ 100), to the gram. total × percentage / 100 rarely
 * falls on a whole gram, so the total is split by the largest remainder
 * (Hamilton) method: every component gets the floor of its exact share, and
 * the grams left over go one each to the components with the largest
 * fractional remainder, ties to the earlier component. The parts always add
 * up to the total exactly, and each part is within one gram of its exact share
 * (docs/decisions/0006-blend-component-grams.md). Server and form use this same
 * function, so the form shows what the server will require.
 */
import { FULL_BASIS_POINTS } from './percentages.js';

/**
 * Splits `totalG` grams over components of `percentagesBp` basis points (which
 * add up to FULL_BASIS_POINTS). Integer arithmetic only: totalG × bp stays far below
 * 2^53 for any total the schemas accept (≤ 10^9 g × 10^4).
 */
export function splitGrams(totalG: number, percentagesBp: readonly number[]): number[] {
  const exact = percentagesBp.map((bp, index) => {
    const product = totalG * bp;
    return { index, floor: Math.floor(product / FULL_BASIS_POINTS), remainder: product % FULL_BASIS_POINTS };
  });
  let left = totalG - exact.reduce((sum, part) => sum + part.floor, 0);
  const parts = exact.map((part) => part.floor);
  const byRemainder = [...exact].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const part of byRemainder) {
    if (left <= 0) break;
    parts[part.index]! += 1;
    left -= 1;
  }
  return parts;
}
