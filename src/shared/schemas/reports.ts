import { z } from 'zod';
import { EARLIEST_DATE } from '#shared/limits.js';
import { reportMessages } from '#shared/report-messages.js';
import { isRealIsoDate } from './common.js';

/**
 * The optional date range of every report (docs/product-guide.md#report-range-and-trace-lookup): `from` and `to`
 * inclusive, YYYY-MM-DD; missing = all time. A range the wrong way round, a
 * date that does not exist, text that is not a date or a date before
 * 01/01/2000 (no business date is older: a '1900-01' month cannot reach a
 * report) is a 400 in Spanish.
 */
const rangeDate = (message: string, tooOld: string) =>
  z
    .string({ error: message })
    .refine(isRealIsoDate, { message, abort: true })
    .refine((date) => date >= EARLIEST_DATE, { message: tooOld, abort: true })
    .optional();

/** The range's two fields, for a query that takes more (the CSV export adds its dialect): pass it through withRangeInOrder. */
export const reportRangeFields = {
  from: rangeDate(reportMessages.fromInvalid, reportMessages.fromTooOld),
  to: rangeDate(reportMessages.toInvalid, reportMessages.toTooOld),
};

/** 'Desde' not after 'Hasta'. */
export const withRangeInOrder = <Query extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(query: Query) =>
  query.refine((range: z.output<Query>) => range.from === undefined || range.to === undefined || range.from <= range.to, {
    message: reportMessages.rangeReversed,
    path: ['to'],
  });

export const reportRangeQuerySchema = withRangeInOrder(z.object(reportRangeFields));
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
    }),
  ),
});
export type MonthlySales = z.infer<typeof monthlySalesSchema>;

/**
 * 'Margen bruto' per month (docs/product-guide.md#reportes), its own route: it costs
 * every product sold in the month at its current cost per kg
 * (docs/decisions/0011-cost-per-kg-and-margins.md), so it grows with the products sold, while
 * 'Ventas Mensuales' reads totals that do not.
 */
export const monthlyMarginSchema = z.object({
  items: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      /** 'ene 24' (monthLabel). */
      label: z.string(),
      /** The month's revenue in $, the base of margin_percent. */
      revenue: z.number(),
      /** revenue − grams sold × each product's current cost per kg, in $. */
      margin: z.number(),
      /** margin / revenue × 100, 2 decimals; null for a month without revenue. */
      margin_percent: z.number().nullable(),
    }),
  ),
});
export type MonthlyMargin = z.infer<typeof monthlyMarginSchema>;

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

/**
 * 'Totales del Periodo' (docs/product-guide.md#reportes): the range's kilos, sale count and
 * revenue from the (day, stripe) totals, and its gross margin from the (month, product)
 * aggregates at each product's current cost (docs/decisions/0011-cost-per-kg-and-margins.md).
 */
export const periodTotalsSchema = z.object({
  kg: z.number(),
  sale_count: z.number().int(),
  /** $, exact to the cent. */
  revenue: z.number(),
  /** $: revenue − grams sold × each product's current cost per kg. */
  margin: z.number(),
  /** margin / revenue × 100, 2 decimals; null without revenue. */
  margin_percent: z.number().nullable(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

/**
 * 'Top 5 por Producto (Kg)' (docs/product-guide.md#reportes): kilos sold per product, every
 * lot of it summed: a roasted product is its origin and roast type ('Colombia · Medio'), a
 * blend product its recipe, or its own name when it was made without one.
 */
export const topByProductSchema = z.object({
  items: z.array(
    z.object({
      product_type: z.enum(['tostado', 'mezcla']),
      name: z.string(),
      /** How many lots of it sold in the range. */
      lots: z.number().int(),
      kg: z.number(),
    }),
  ),
});
export type TopByProduct = z.infer<typeof topByProductSchema>;

/** How many customers 'Ventas por cliente' ranks: the top 10 (docs/product-guide.md#reportes). */
export const TOP_CUSTOMERS = 10;

const customerFigures = {
  kg: z.number(),
  /** How many sales. */
  sale_count: z.number().int(),
  /** $, exact to the cent. */
  revenue: z.number(),
};

/**
 * 'Ventas por cliente' (docs/product-guide.md#reportes): the 10 customers who bought most in
 * the range (revenue, then kilos, then name), each with its kilos, sales, revenue and gross
 * margin at each lot's current cost (docs/decisions/0011-cost-per-kg-and-margins.md); the rest
 * of the customers together, and the counter sales ('Venta de mostrador') apart, not ranked.
 */
export const salesByCustomerSchema = z.object({
  items: z.array(
    z.object({
      customer_id: z.number().int(),
      name: z.string(),
      ...customerFigures,
      /** $: revenue − grams bought × each lot's current cost per kg. */
      margin: z.number(),
      /** margin / revenue × 100, 2 decimals; null without revenue. */
      margin_percent: z.number().nullable(),
    }),
  ),
  /** The customers after the top 10, together (zeros when there are none). */
  other_customers: z.object({ customers: z.number().int(), ...customerFigures }),
  /** The sales without a customer, apart (not in the ranking). */
  counter: z.object(customerFigures),
});
export type SalesByCustomer = z.infer<typeof salesByCustomerSchema>;

/** Reportes' ages of roasted stock, in days since the roast (docs/decisions/0049-roast-age-and-public-page.md): each bucket up to `max_days`, the last open. */
export const STOCK_AGE_BUCKETS = [
  { label: '0–7 días', max_days: 7 },
  { label: '8–14 días', max_days: 14 },
  { label: '15–30 días', max_days: 30 },
  { label: 'Más de 30 días', max_days: null },
] as const;

export const stockSummarySchema = z.object({
  green_kg: z.number(),
  roasted_kg: z.number(),
  blended_kg: z.number(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

/** Roasted lots and blends on hand by age (a blend's: its oldest drawn roast), kilos and value at cost, in STOCK_AGE_BUCKETS' order. */
export const stockByAgeSchema = z.object({
  items: z
    .array(z.object({ label: z.string(), max_days: z.number().int().nullable(), kg: z.number(), value: z.number() }))
    .meta({ description: 'El café tostado y de mezcla disponible por edad desde el tueste (0–7, 8–14, 15–30 y más de 30 días): Kg y valor a coste.' }),
});
export type StockByAge = z.infer<typeof stockByAgeSchema>;

/** How many products the pie chart shows: the top 5 (docs/product-guide.md#reportes). */
export const TOP_PRODUCTS = 5;

/**
 * Spanish short months (docs/product-guide.md#business-constants; docs/decisions/0010-report-ranges-and-month-labels.md):
 * a fixed table, not Intl, so the server, every browser and every ICU version
 * write the same label ('sep', never 'sept' on one machine and 'sep' on another).
 */
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;

/** '2024-09' → 'sep 24'. */
export function monthLabel(month: string): string {
  const [year = '', monthNumber = ''] = month.split('-');
  return `${SHORT_MONTHS[Number(monthNumber) - 1] ?? monthNumber} ${year.slice(-2)}`;
}
