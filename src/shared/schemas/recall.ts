import { z } from 'zod';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import { CUSTOMER_KINDS } from './customers.js';
import { lotRefSchema, traceSelectorShape } from './traceability.js';

/**
 * The recall list (docs/product-guide.md#lista-de-retirada,
 * docs/decisions/0044-recall-list-and-delivery-note.md): every customer who
 * received coffee of a lot, following its trace forward, and the counter
 * sales' kilos apart.
 */

/** GET /api/recall?lot=CODE, or kind and id (as the trace: a code several lots share asks to choose). */
export const recallQuerySchema = z
  .object({ lot: traceSelectorShape.code, kind: traceSelectorShape.kind, id: traceSelectorShape.id })
  .refine((query) => (query.kind === undefined) === (query.id === undefined), m.kindAndIdTogether)
  .refine((query) => Boolean(query.lot) || query.id !== undefined, m.codeRequired);
export type RecallQuery = z.infer<typeof recallQuerySchema>;

export const recallCustomerSchema = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  tax_id: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Kilos of THIS lot that reached the customer: a blend's sales count for the lot's share of the blend. */
  kg: z.number(),
  sales: z.number().int(),
  first_date: z.string(),
  last_date: z.string(),
  /** The numbers ('2026-0001') of the delivery notes that carried it, oldest first. */
  delivery_notes: z.array(z.string()),
});
export type RecallCustomer = z.infer<typeof recallCustomerSchema>;

export const recallSchema = z.object({
  lot: lotRefSchema,
  /** By name. */
  customers: z.array(recallCustomerSchema),
  /** 'Venta de mostrador': sales without a customer, anonymous, only their kilos of the lot and their count. */
  counter: z.object({ kg: z.number(), sales: z.number().int() }),
  /** Kilos of the lot sold in all: the customers' and the counter's. */
  total_kg: z.number(),
});
export type Recall = z.infer<typeof recallSchema>;
