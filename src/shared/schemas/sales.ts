import { z } from 'zod';
import type { Formatter } from '#shared/format.js';
import { BATCH_CODE_MAX, SALE_BAGS_MAX, SALE_PRICE_MAX, SALE_QUANTITY_MAX_KG } from '#shared/limits.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { gramsToKg, KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import { businessDateSchema, decimalSchema, MAX_ROW_ID, pageSchema, paginationQuerySchema, recordVersionSchema, requiredNumberSchema } from './common.js';
import { PRODUCT_TYPES } from './products.js';

/**
 * Body of POST/PUT /api/sales, also the sale form's schema. docs/product-guide.md#sale fixes
 * the order, so it is built in stages:
 *   1. the required fields (product, type, quantity, price, date, lot), one
 *      message of ours since the original app gave no text;
 *   2. 'La cantidad a vender debe ser mayor que cero.', then our limits
 *      (3 decimals for kg, 2 for the price, not negative, a real date from
 *      01/01/2000 to today in the local time zone, a known product type:
 *      'Producto seleccionado no válido.');
 * then the service checks, against the locked product lot, 'Producto
 * seleccionado no válido.' (unknown id, or an id of the other type), the lot
 * code, 'No hay suficiente café … disponible. Solo tienes X Kg.' and, when the
 * body names a customer, 'Cliente: elige un cliente activo de la lista.'.
 */
export const saleBodySchema = z
  .object(
    {
      product_id: requiredNumberSchema(m.required, m.invalidProduct),
      product_type: z.string({ error: m.required }).trim().min(1, m.required),
      quantity_kg: requiredNumberSchema(m.required, m.quantityNotNumber),
      unit_price: requiredNumberSchema(m.required, m.priceNotNumber),
      sale_date: z.string({ error: m.required }).trim().min(1, m.required),
      batch_code_sold: z.string({ error: m.required }).trim().min(1, m.required),
      // Optional (docs/product-guide.md#ventas): absent or null is a counter sale.
      customer_id: z.number({ error: m.invalidCustomer }).nullish(),
      // Optional (docs/product-guide.md#ventas): both null or absent is bulk kilos ('A granel').
      format_id: z.number({ error: m.invalidFormat }).nullish(),
      bags: z.number({ error: m.bagsInvalid }).nullish(),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      product_id: z.number().int(m.invalidProduct).positive(m.invalidProduct).max(MAX_ROW_ID, m.invalidProduct),
      // An enum (not a refine) so the OpenAPI document lists tostado and mezcla.
      product_type: z.enum(PRODUCT_TYPES, { error: m.invalidProduct }),
      quantity_kg: decimalSchema(KG_DECIMALS, m.required)
        .refine((kg) => kg > 0, m.quantityPositive)
        .refine((kg) => kg <= SALE_QUANTITY_MAX_KG, m.quantityTooLarge),
      unit_price: decimalSchema(PRICE_DECIMALS, m.required)
        .refine((price) => price >= 0, m.priceNegative)
        .refine((price) => price <= SALE_PRICE_MAX, m.priceTooLarge),
      sale_date: businessDateSchema(m),
      batch_code_sold: z.string().max(BATCH_CODE_MAX, m.batchCodeTooLong),
      // Whether it is an active customer, the service asks (one indexed read, only when one is named).
      customer_id: z
        .number()
        .int(m.invalidCustomer)
        .positive(m.invalidCustomer)
        .max(MAX_ROW_ID, m.invalidCustomer)
        .nullish()
        .transform((id) => id ?? null)
        .meta({ description: 'Opcional: el cliente de la venta (activo); null o ausente, venta de mostrador.' }),
      // Whether it is an active format and quantity_kg = bags × its grams, the service asks (one indexed read, only when one is named).
      format_id: z
        .number()
        .int(m.invalidFormat)
        .positive(m.invalidFormat)
        .max(MAX_ROW_ID, m.invalidFormat)
        .nullish()
        .transform((id) => id ?? null)
        .meta({ description: 'Opcional, con bags: el formato de venta (activo); null o ausente, a granel.' }),
      bags: z
        .number()
        .int(m.bagsInvalid)
        .min(1, m.bagsInvalid)
        .max(SALE_BAGS_MAX, m.bagsTooMany)
        .nullish()
        .transform((bags) => bags ?? null)
        .meta({ description: 'Opcional, con format_id: cuántas bolsas; quantity_kg debe ser bolsas × gramos del formato.' }),
    }),
  )
  // Both or neither: a format without its bags (or bags without a format) says nothing of the kilos.
  .refine((body) => (body.format_id === null) === (body.bags === null), { message: m.formatAndBags, path: ['bags'] });
export type SaleBody = z.output<typeof saleBodySchema>;

/** GET /api/sales: newest sale date first, then newest id (docs/product-guide.md#ventas). */
export const salesListQuerySchema = paginationQuerySchema;
export type SalesListQuery = z.infer<typeof salesListQuerySchema>;

/**
 * A sale as the API returns it: what docs/product-guide.md#entities lists, kg and $ as numbers (grams
 * and cents in the database), the exact total (quantity × unit price to the
 * cent, half up: src/shared/sale-total.ts), the product's name as the table
 * shows it ('Producto Desconocido' once the lot is gone) and who recorded it when.
 */
export const saleSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  product_id: z.number().int(),
  product_type: z.enum(PRODUCT_TYPES),
  product_name: z.string(),
  quantity_kg: z.number(),
  unit_price: z.number(),
  total: z.number(),
  /** kg × the lot's current cost per kg, total − cost, margin / total × 100 (docs/decisions/0011-cost-per-kg-and-margins.md); null once the lot is gone. */
  cost: z.number().nullable(),
  margin: z.number().nullable(),
  margin_percent: z.number().nullable(),
  sale_date: z.string(),
  batch_code_sold: z.string(),
  /** The customer the sale was for and its name as it is now; both null for a counter sale. */
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  /** The format sold and how many bags (quantity_kg is bags × its grams); all three null for bulk kilos. The name is the format's as it is now. */
  format_id: z.number().int().nullable(),
  format_name: z.string().nullable(),
  bags: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

export const salesPageSchema = pageSchema(saleSchema);
export type SalesPage = z.infer<typeof salesPageSchema>;

/**
 * X of 'No hay suficiente café … disponible. Solo tienes X Kg.' (docs/product-guide.md#sale): the
 * exact kilos on hand, to the gram, trailing zeros dropped ('0.999', '7.5',
 * '4'), as the blends' 'Disponible: …' figures are written. Never rounded:
 * 0.999 Kg rounded to 2 decimals would read 1.00 (more than there is) or,
 * rounded down, 0.99 (less: the sale of 0.995 Kg the message seems to forbid
 * would pass). The server and the form's early check both write it this way.
 */
export const availableKgText = (grams: number, f: Formatter): string => f.plain(gramsToKg(grams));
