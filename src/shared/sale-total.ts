/**
 * A sale's total in cents: grams × cents per kg / 1000, exact (BigInt, so no
 * float ever touches money), rounded half up to the cent: 0.005 $ → 0.01 $
 * (docs/decisions/0009-sale-totals-and-aggregates.md). The server stores
 * nothing else as the total and the form shows the same figure live, so the
 * screen and the reports can never disagree by a cent.
 */
export function saleTotalCents(quantityG: number, unitPriceCents: number): number {
  if (!Number.isSafeInteger(quantityG) || !Number.isSafeInteger(unitPriceCents) || quantityG < 0 || unitPriceCents < 0) {
    throw new RangeError(`venta no válida: ${quantityG} g × ${unitPriceCents} c`);
  }
  const milliCents = BigInt(quantityG) * BigInt(unitPriceCents);
  // Half up: add half a unit (500 of 1000) before the integer division.
  const cents = (milliCents + 500n) / 1000n;
  return Number(cents);
}
