import { z } from 'zod';
import { customerMessages as m } from '#shared/customer-messages.js';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTES_MAX,
  CUSTOMER_PHONE_MAX,
  CUSTOMER_TAX_ID_MAX,
} from '#shared/limits.js';
import { commonMessages } from '#shared/messages.js';
import { recordVersionSchema } from './common.js';

/** A customer's kind, as the API names it (docs/product-guide.md#clientes). */
export const CUSTOMER_KINDS = ['cafeteria', 'tienda', 'particular', 'online', 'otro'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Each kind as the screen, the CSV and the activity log write it. */
export const CUSTOMER_KIND_LABELS: Record<CustomerKind, string> = {
  cafeteria: 'Cafetería',
  tienda: 'Tienda',
  particular: 'Particular',
  online: 'Tienda online',
  otro: 'Otro',
};

/** An optional text: blank means none (null), longer than `max` is refused with `tooLong`. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((text) => text?.trim() || null)
    .refine((text) => text === null || text.length <= max, tooLong);

// Deliberately loose: one '@' with text on both sides and a dot in the domain. The shop types
// addresses it reads back; anything stricter refuses real addresses.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
// Digits with the separators people write: '+34 600 12 34 56', '(91) 555-12.34'.
const PHONE = /^\+?[\d\s().-]+$/u;

/**
 * Body of POST/PUT /api/customers, also the customer form's schema. Two stages, as every
 * area's: first 'Por favor, completa el nombre y el tipo de cliente.', then each field's
 * own limit. `active` is optional: a new customer is active, an edit without it keeps
 * the customer's state.
 */
export const customerBodySchema = z
  .object(
    {
      name: z.string({ error: m.required }).trim().min(1, m.required),
      kind: z.string({ error: m.required }).min(1, m.required),
      tax_id: z.string({ error: m.textInvalid }).nullish(),
      email: z.string({ error: m.textInvalid }).nullish(),
      phone: z.string({ error: m.textInvalid }).nullish(),
      address: z.string({ error: m.textInvalid }).nullish(),
      notes: z.string({ error: m.textInvalid }).nullish(),
      active: z.boolean({ error: m.activeInvalid }).optional(),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      name: z.string().max(CUSTOMER_NAME_MAX, m.nameTooLong),
      kind: z.enum(CUSTOMER_KINDS, { error: m.invalidKind }),
      tax_id: optionalText(CUSTOMER_TAX_ID_MAX, m.taxIdTooLong),
      email: optionalText(CUSTOMER_EMAIL_MAX, m.emailTooLong).refine((email) => email === null || EMAIL.test(email), m.emailInvalid),
      phone: optionalText(CUSTOMER_PHONE_MAX, m.phoneTooLong).refine((phone) => phone === null || PHONE.test(phone), m.phoneInvalid),
      address: optionalText(CUSTOMER_ADDRESS_MAX, m.addressTooLong),
      notes: optionalText(CUSTOMER_NOTES_MAX, m.notesTooLong),
      active: z.boolean().optional(),
    }),
  );
export type CustomerBody = z.output<typeof customerBodySchema>;
export type CustomerBodyInput = z.input<typeof customerBodySchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A page of the list (keyset, as the activity log's): pass `next_cursor` as `cursor` for the next; null on the last page. */
export const customerPageSchema = z.object({
  items: z.array(customerSchema),
  next_cursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

const invalid = { error: commonMessages.invalidRequest };

/** The list's filters, which its CSV export takes too: the text searched and active only. */
export const customerFiltersSchema = z.object({
  q: z
    .string(invalid)
    .trim()
    .max(CUSTOMER_NAME_MAX, m.searchTooLong)
    .optional()
    .transform((q) => q || undefined)
    .meta({ description: 'Texto que contiene el nombre, el NIF/CIF, el correo o el teléfono (sin distinguir mayúsculas ni acentos).' }),
  active: z
    .enum(['true', 'false'], invalid)
    .optional()
    .transform((active) => (active === undefined ? undefined : active === 'true'))
    .meta({ description: 'true: solo los activos; false: solo los inactivos; sin él, todos.' }),
});

/**
 * GET /api/customers: ordered by name, `limit` at a time after `cursor` (the page before's
 * `next_cursor`, opaque): a keyset read, so a page costs the same at a thousand customers or a
 * hundred thousand (docs/performance.md).
 */
export const customerListQuerySchema = customerFiltersSchema.extend({
  limit: z.coerce.number(invalid).int(commonMessages.invalidRequest).min(1, commonMessages.invalidRequest).max(500, commonMessages.invalidRequest).default(100),
  cursor: z.string(invalid).max(400, m.invalidCursor).regex(/^[\w-]+$/u, m.invalidCursor).optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
export type CustomerFilters = z.output<typeof customerFiltersSchema>;
