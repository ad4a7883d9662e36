/**
 * Splits `total` whole units over integer `weights` by the largest remainder,
 * as splitGrams does for a blend's percentages (src/shared/blend-grams.ts,
 * docs/decisions/0006) but for any weights: the backward trace splits the
 * sold grams over the draws of a blend (their grams), and the parts must add
 * up to the sold grams exactly. Ties go to the earlier weight. BigInt, so
 * grams × grams never leaves exact arithmetic.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const exact = weights.map((weight, index) => {
    const product = BigInt(total) * BigInt(weight);
    return { index, floor: product / sum, remainder: product % sum };
  });
  const parts = exact.map((part) => Number(part.floor));
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  const byRemainder = [...exact].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left <= 0) break;
    parts[part.index]! += 1;
    left -= 1;
  }
  return parts;
}
