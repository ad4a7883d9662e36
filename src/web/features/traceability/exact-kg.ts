/**
 * Kg to the gram (3 decimals) for the backward shares: they add up exactly to
 * the traced grams (docs/product-guide.md#trazabilidad), which 2 decimals would hide (1.389 + 1.111 kg).
 * The value is grams / 1000 from the API, so rounding to 3 places is exact.
 */
export const formatExactKg = (kg: number): string => `${(Math.round(kg * 1000) / 1000).toFixed(3)} Kg`;
