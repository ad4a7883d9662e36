import { z } from 'zod';
import { SALE_FORMAT_GRAMS_MAX, SALE_FORMAT_NAME_MAX } from '#shared/limits.js';
import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import { isMissing, pageSchema, recordVersionSchema } from './common.js';

/**
 * Body of POST/PUT /api/sale-formats (docs/product-guide.md#configuracion), also the
 * section's form schema: a name and whole grams, 1 to 100 000 (the column's check,
 * migration 0020). Two stages, as every area's: first 'Por favor, completa…', then
 * each field's own rule. `active` is optional: a new format is active, an edit without
 * it keeps the format's state.
 */
export const saleFormatBodySchema = z
  .object(
    {
      name: z.string({ error: m.required }).trim().min(1, m.required),
      grams: z.number({ error: (issue) => (isMissing(issue.input) ? m.required : m.gramsNotInteger) }),
      active: z.boolean({ error: m.activeInvalid }).optional(),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      name: z.string().max(SALE_FORMAT_NAME_MAX, m.nameTooLong),
      grams: z.number().int(m.gramsNotInteger).min(1, m.gramsTooSmall).max(SALE_FORMAT_GRAMS_MAX, m.gramsTooLarge),
      active: z.boolean().optional(),
    }),
  );
export type SaleFormatBody = z.output<typeof saleFormatBodySchema>;
export type SaleFormatBodyInput = z.input<typeof saleFormatBodySchema>;

export const saleFormatSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  /** The bag's size in grams: a sale of N bags is N × grams. */
  grams: z.number().int(),
  /** An inactive format stays on the sales and orders that used it, but no new one may choose it. */
  active: z.boolean(),
});
export type SaleFormat = z.infer<typeof saleFormatSchema>;

/** GET /api/sale-formats: active and inactive, by grams then name; a shop has a handful, so one page of 100 holds them all. */
export const saleFormatPageSchema = pageSchema(saleFormatSchema);
export type SaleFormatPage = z.infer<typeof saleFormatPageSchema>;

/** What a sale or an order line reads of its format. */
export interface SaleFormatRef {
  id: number;
  name: string;
  grams: number;
}
