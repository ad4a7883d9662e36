import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';
import { rowIdSchema } from './common.js';
import { roastAgeShape } from './roasted-coffee.js';

/** A sale's product type (docs/product-guide.md#entities): 'tostado' refers to roasted_coffee, 'mezcla' to blended_coffee. */
export const PRODUCT_TYPES = ['tostado', 'mezcla'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** How many products the picker asks for at most (a roastery has thousands of lots). */
export const PRODUCTS_LIMIT_MAX = 100;

const invalid = { error: commonMessages.invalidRequest };

/**
 * GET /api/products: the sellable lots, only those with stock unless one is
 * named by `include_type` + `include_id` (the sale being edited keeps its own
 * product in the picker even when that lot is now empty).
 */
export const productsQuerySchema = z
  .object({
    q: z.string(invalid).max(100, commonMessages.invalidRequest).optional(),
    limit: z.coerce.number(invalid).int(commonMessages.invalidRequest).min(1, commonMessages.invalidRequest).max(PRODUCTS_LIMIT_MAX, commonMessages.invalidRequest).default(20),
    include_type: z.enum(PRODUCT_TYPES, invalid).optional(),
    include_id: rowIdSchema.optional(),
  })
  .refine((query) => (query.include_type === undefined) === (query.include_id === undefined), commonMessages.invalidRequest);
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

/**
 * The product of the sales view (docs/product-guide.md#entities): id, name, type and the on-hand kg (`stock_kg`,
 * docs/product-guide.md#stock-moves), plus the lot code a sale records as `batch_code_sold`.
 * A roasted lot's name is its origin and roast type ("Colombia · Medio"), a blend's its own name.
 */
export const productSchema = z.object({
  id: z.number().int(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  batch_code: z.string(),
  stock_kg: z.number(),
  /** The lot's Fecha de Tostado (roasted) or Fecha de Creación (blend), YYYY-MM-DD: the picker lists the oldest first. */
  made_on: z.string(),
  /**
   * The product's own price in $ per kg (Configuración's 'Precios por producto': its origin and roast
   * type, or its blend's recipe), which the sale form fills in; null: its type's default price.
   */
  price: z.number().nullable(),
  /** Its age and state (docs/decisions/0049-roast-age-and-public-page.md): the picker offers the oldest ready lot first. */
  ...roastAgeShape,
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({ items: z.array(productSchema), limit: z.number().int() });
export type ProductList = z.infer<typeof productListSchema>;

/** A lot as a sale names it, and as costs and the trace look sales up: its product type and id. */
export interface SoldProduct {
  product_type: ProductType;
  product_id: number;
}
