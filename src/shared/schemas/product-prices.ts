import { z } from 'zod';
import { productPriceMessages as m } from '#shared/product-price-messages.js';
import { PRICE_DECIMALS } from '#shared/units.js';
import { decimalSchema, MAX_ROW_ID, pageSchema, recordVersionSchema } from './common.js';
import { PRODUCT_TYPES } from './products.js';
import { ROAST_TYPES } from './roasted-coffee.js';
import { DEFAULT_PRICE_MAX } from './settings.js';

/**
 * A price per product (docs/product-guide.md#configuracion): what the sale
 * form fills in for a roasted lot of that origin and roast type, or for a blend
 * made from that recipe, before its type's default price. Not negative, 2
 * decimals, the same ceiling as the default prices.
 */
const priceSchema = decimalSchema(PRICE_DECIMALS, m.required, m.priceNotNumber)
  .refine((price) => price >= 0, m.priceNegative)
  .refine((price) => price <= DEFAULT_PRICE_MAX, m.priceTooLarge(DEFAULT_PRICE_MAX));

const rowId = z.number({ error: m.required }).int(m.productInvalid).positive(m.productInvalid).max(MAX_ROW_ID, m.productInvalid);

/**
 * Body of POST /api/product-prices: the product, by its type, then the price.
 * A roasted product is an origin and a roast type ('Colombia · Medio', as the
 * sale picker names its lots), a blend product its recipe.
 */
export const productPriceBodySchema = z.discriminatedUnion(
  'product_type',
  [
    z.object({ product_type: z.literal('tostado'), origin_id: rowId, roast_type: z.enum(ROAST_TYPES, { error: m.productInvalid }), price: priceSchema }),
    z.object({ product_type: z.literal('mezcla'), recipe_id: rowId, price: priceSchema }),
  ],
  { error: m.required },
);
export type ProductPriceBody = z.output<typeof productPriceBodySchema>;

/** Body of PUT /api/product-prices/:id: only the price changes (another product is another row). */
export const productPriceUpdateBodySchema = z.object({ price: priceSchema }, { error: m.required });
export type ProductPriceUpdateBody = z.output<typeof productPriceUpdateBodySchema>;

export const productPriceSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  product_type: z.enum(PRODUCT_TYPES),
  /** A roasted product's origin and roast type; null for a blend's. */
  origin_id: z.number().int().nullable(),
  roast_type: z.enum(ROAST_TYPES).nullable(),
  /** A blend product's recipe; null for a roasted one. */
  recipe_id: z.number().int().nullable(),
  /** 'Colombia · Medio' or the recipe's name. */
  name: z.string(),
  /** $ per kg. */
  price: z.number(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

/** GET /api/product-prices: by name. */
export const productPricePageSchema = pageSchema(productPriceSchema);
export type ProductPricePage = z.infer<typeof productPricePageSchema>;
