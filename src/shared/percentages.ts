import { z } from 'zod';
import { commonMessages } from './messages.js';
import { percentageMessages } from './percentage-messages.js';
import { hasAtMostDecimals, hundredthsToPercent, parseDecimalText, PERCENT_DECIMALS, percentToHundredths } from './units.js';

/**
 * Component percentages of blend recipes and blends, exact (docs/product-guide.md#business-constants:
 * no floats). A percentage travels as a JSON number with at most 2 decimals and
 * is counted in basis points (hundredths of a percent, 33.33 % = 3333), so
 * 33.33 + 33.33 + 33.34 is exactly 10000 and 33.33 × 3 is exactly 9999, never
 * 99.99000000000001.
 *
 * Use, in a body schema (docs/product-guide.md#blend-recipe and #blend: each percentage above 0, then
 * "Los porcentajes de los componentes deben sumar 100%. Actualmente suman X%."):
 *
 *   components: z.array(z.object({ origin_id: …, percentage: percentageSchema(myInvalidMessage) }))
 *     .superRefine((components, ctx) => {
 *       const message = percentagesTotalError(components.map((c) => c.percentage));
 *       if (message) ctx.addIssue({ code: 'custom', message });
 *     })
 *
 * and store `percentToBasisPoints(percentage)` in an integer column.
 */

/** 100 % in basis points: what the components of a recipe or a blend add up to. */
export const FULL_BASIS_POINTS = 10_000;
/** No single component can be more than the whole. */
export const PERCENT_MAX = 100;

/** 33.33 → 3333. Throws a RangeError for more than 2 decimals: validate with percentageSchema first. */
export const percentToBasisPoints = (percent: number): number => percentToHundredths(percent);
/** 3333 → 33.33 (exact: the shortest decimal of an integer ratio). */
export const basisPointsToPercent = (basisPoints: number): number => hundredthsToPercent(basisPoints);

/** Exact sum, in basis points, of percentages that each have at most 2 decimals. */
export const sumBasisPoints = (percentages: readonly number[]): number =>
  percentages.reduce((sum, percent) => sum + percentToBasisPoints(percent), 0);

/**
 * The X of 'Actualmente suman X%.': the exact total written the way the user
 * typed the numbers (plain decimal, no trailing zeros, no float noise):
 * 9999 → '99.99', 9000 → '90', 10050 → '100.5'.
 */
export const formatPercentTotal = (basisPoints: number): string => String(basisPointsToPercent(basisPoints));

/** null when the percentages total exactly 100, else the original app's message with the actual total. */
export function percentagesTotalError(percentages: readonly number[]): string | null {
  const total = sumBasisPoints(percentages);
  return total === FULL_BASIS_POINTS ? null : percentageMessages.mustTotal100(formatPercentTotal(total));
}

/**
 * One component's percentage: a number above 0 (else `invalidMessage`, the
 * area's own text: recipes and blends word it differently), with at most
 * 2 decimals, and at most 100 (so a huge number like 1e308 is a 400, not an
 * overflow when summing).
 */
export const percentageSchema = (invalidMessage: string) =>
  z
    .number({ error: invalidMessage })
    .refine((percent) => Number.isFinite(percent) && percent > 0, { message: invalidMessage, abort: true })
    // A whole number has no decimals even when JS writes it in exponent form (1e+21).
    .refine((percent) => Number.isInteger(percent) || hasAtMostDecimals(percent, PERCENT_DECIMALS), {
      message: commonMessages.tooManyDecimals(PERCENT_DECIMALS),
      abort: true,
    })
    .refine((percent) => percent <= PERCENT_MAX, { message: percentageMessages.aboveMax(PERCENT_MAX), abort: true });

/**
 * A percentage typed in a form (text as typed; a decimal comma is accepted):
 * undefined when blank (missing), NaN when not a number, else the number.
 */
export const parsePercentText = (text: string): number | undefined => parseDecimalText(text);
