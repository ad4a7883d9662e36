/**
 * Exact cost arithmetic (docs/decisions/0011-cost-per-kg-and-margins.md).
 * A cost per kg is kept as a fraction of cents (BigInt numerator /
 * denominator) from the green price through every yield and blend, and rounded
 * once, half up, only when it is shown or multiplied into a sale: a cost that
 * passed through a roast at 81.3 % yield and a blend of three roasts loses no
 * cent on the way.
 */
export interface CentsPerKg {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

const reduce = (num: bigint, den: bigint): CentsPerKg => {
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
};

/** "A green lot costs its unit price per kg." */
export const greenCost = (unitPriceCents: number): CentsPerKg => ({ num: BigInt(unitPriceCents), den: 1n });

/** "A roast costs (green kg used × green price) / resultant kg": the measured yield is in the cost. */
export const roastCost = (green: CentsPerKg, quantityGreenG: number, resultantG: number): CentsPerKg =>
  reduce(green.num * BigInt(quantityGreenG), green.den * BigInt(resultantG));

/** "A blend costs the kg-weighted cost of its draws": Σ(draw g × cost) / Σ draw g. Undefined without draws. */
export function blendCost(draws: readonly { grams: number; cost: CentsPerKg }[]): CentsPerKg | undefined {
  let num = 0n;
  let den = 1n;
  let grams = 0n;
  for (const draw of draws) {
    // num/den + g·a/b = (num·b + g·a·den) / (den·b)
    const next = reduce(num * draw.cost.den + BigInt(draw.grams) * draw.cost.num * den, den * draw.cost.den);
    num = next.num;
    den = next.den;
    grams += BigInt(draw.grams);
  }
  return grams === 0n ? undefined : reduce(num, den * grams);
}

/** num / den to the nearest integer, halves away from zero (a negative margin rounds like a positive one). */
export function roundHalfUp(num: bigint, den: bigint): bigint {
  if (den < 0n) [num, den] = [-num, -den];
  const negative = num < 0n;
  const magnitude = ((negative ? -num : num) * 2n + den) / (2n * den);
  return negative ? -magnitude : magnitude;
}

/** The cost per kg in whole cents, as shown (2 decimals). */
export const costPerKgCents = (cost: CentsPerKg): number => Number(roundHalfUp(cost.num, cost.den));

/** What `grams` of the lot cost, in cents, rounded once: grams × cost per kg / 1000. */
export const costOfGramsCents = (cost: CentsPerKg, grams: number | bigint): number =>
  Number(roundHalfUp(cost.num * BigInt(grams), cost.den * 1000n));

/** part / whole × 100, 2 decimals, half up (whole ≠ 0). */
export const percentOf = (part: number, whole: number): number => Number(roundHalfUp(BigInt(part) * 10000n, BigInt(whole))) / 100;

/** Gross margin % of a sale or a month: margin / revenue × 100, 2 decimals; null without revenue. */
export function marginPercent(marginCents: number, revenueCents: number): number | null {
  if (revenueCents === 0) return null;
  return percentOf(marginCents, revenueCents);
}
