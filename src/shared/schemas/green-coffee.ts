import { z } from 'zod';
import { BATCH_CODE_MAX, GREEN_PRICE_MAX, GREEN_QUANTITY_MAX_KG, SUPPLIER_MAX } from '#shared/limits.js';
import { commonMessages } from '#shared/messages.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import { KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import { businessDateSchema, decimalSchema, MAX_ROW_ID, pageSchema, paginationQuerySchema, recordVersionSchema, requiredNumberSchema, rowIdSchema } from './common.js';

/**
 * Body of POST/PUT /api/green-coffee, also the green form's schema. Stage one is
 * the first rule of docs/product-guide.md#green-lot, 'Por favor, completa todos los campos.', for every
 * field at once; stage two our limits. The next rules need the database
 * and run in the service, in the guide's order: the supplier belongs to the
 * origin, then the lot code is unique for the origin.
 */
export const greenCoffeeBodySchema = z
  .object(
    {
      origin_id: z.number({ error: m.required }),
      supplier_finca: z.string({ error: m.required }).trim().min(1, m.required),
      quantity_kg: requiredNumberSchema(m.required, m.quantityNotNumber),
      unit_price: requiredNumberSchema(m.required, m.priceNotNumber),
      entry_date: z.string({ error: m.required }).trim().min(1, m.required),
      // The lot code's hint is DD-MM-AA but no format is enforced: free text. The entry date
      // is a calendar date, not free text (docs/product-guide.md#data-rules).
      batch_code: z.string({ error: m.required }).trim().min(1, m.required),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      origin_id: z.number().int(m.originNotFound).positive(m.originNotFound).max(MAX_ROW_ID, m.originNotFound),
      supplier_finca: z.string().max(SUPPLIER_MAX, m.supplierTooLong),
      quantity_kg: decimalSchema(KG_DECIMALS, m.required)
        .refine((kg) => kg > 0, m.quantityPositive)
        .refine((kg) => kg <= GREEN_QUANTITY_MAX_KG, m.quantityTooLarge),
      unit_price: decimalSchema(PRICE_DECIMALS, m.required)
        .refine((price) => price >= 0, m.priceNegative)
        .refine((price) => price <= GREEN_PRICE_MAX, m.priceTooLarge),
      entry_date: businessDateSchema(m),
      batch_code: z.string().max(BATCH_CODE_MAX, m.batchCodeTooLong),
    }),
  );
export type GreenCoffeeBody = z.output<typeof greenCoffeeBodySchema>;

/** GET /api/green-coffee: the screen's order (entry date, newest first, docs/product-guide.md#cafe-verde), optionally one origin's lots or only those with stock. */
export const greenCoffeeListQuerySchema = paginationQuerySchema.extend({
  origin_id: rowIdSchema.optional(),
  in_stock: z
    .enum(['true', 'false'], { error: commonMessages.invalidRequest })
    .transform((value) => value === 'true')
    .optional(),
});
export type GreenCoffeeListQuery = z.infer<typeof greenCoffeeListQuerySchema>;

/** A green lot as the API returns it: received (`quantity_kg`) and on hand (`stock_kg`), joined to its origin. */
export const greenCoffeeSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  origin_id: z.number().int(),
  origin_name: z.string(),
  origin_description: z.string().nullable(),
  supplier_finca: z.string(),
  quantity_kg: z.number(),
  stock_kg: z.number(),
  unit_price: z.number(),
  entry_date: z.string(),
  batch_code: z.string(),
});
export type GreenCoffee = z.infer<typeof greenCoffeeSchema>;

export const greenCoffeePageSchema = pageSchema(greenCoffeeSchema);
export type GreenCoffeePage = z.infer<typeof greenCoffeePageSchema>;
