import { z } from 'zod';
import { reportMessages } from '../messages.js';
import { isRealIsoDate } from './common.js';

/**
 * The optional date range of every report (issue 16): `from` and `to`
 * inclusive, YYYY-MM-DD; missing = all time. A range the wrong way round, a
 * date that does not exist or text that is not a date is a 400 in Spanish.
 */
const rangeDate = (message: string) => z.string({ error: message }).refine(isRealIsoDate, { message }).optional();

export const reportRangeQuerySchema = z
  .object({ from: rangeDate(reportMessages.fromInvalid), to: rangeDate(reportMessages.toInvalid) })
  .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
    message: reportMessages.rangeReversed,
    path: ['to'],
  });
export type ReportRange = z.infer<typeof reportRangeQuerySchema>;

export const monthlySalesSchema = z.object({
  items: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      /** Spanish short month + 2-digit year, 'ene 24' (monthLabel). */
      label: z.string(),
      /** Sum of the month's sale totals in $, exact to the cent. */
      revenue: z.number(),
      /** 'Margen bruto' (issue 19): revenue − grams sold × each product's current cost per kg (docs/decisions/0011). */
      margin: z.number(),
      /** margin / revenue × 100, 2 decimals; null for a month without revenue. */
      margin_percent: z.number().nullable(),
    }),
  ),
});
export type MonthlySales = z.infer<typeof monthlySalesSchema>;

export const topProductsSchema = z.object({
  items: z.array(
    z.object({
      product_id: z.number().int(),
      product_type: z.enum(['tostado', 'mezcla']),
      name: z.string(),
      batch_code: z.string(),
      kg: z.number(),
    }),
  ),
});
export type TopProducts = z.infer<typeof topProductsSchema>;

export const stockSummarySchema = z.object({
  green_kg: z.number(),
  roasted_kg: z.number(),
  blended_kg: z.number(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

/** How many products the pie chart shows (spec 9: "pie chart shows the top 5"). */
export const TOP_PRODUCTS = 5;

/**
 * Spanish short months (spec 9; docs/decisions/0010-report-ranges-and-month-labels.md):
 * a fixed table, not Intl, so the server, every browser and every ICU version
 * write the same label ('sep', never 'sept' on one machine and 'sep' on another).
 */
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;

/** '2024-09' → 'sep 24'. */
export function monthLabel(month: string): string {
  const [year = '', monthNumber = ''] = month.split('-');
  return `${SHORT_MONTHS[Number(monthNumber) - 1] ?? monthNumber} ${year.slice(-2)}`;
}
