import { z } from 'zod';
import { DESCRIPTION_MAX, KILOS_PER_BAG_MAX, ORIGIN_NAME_MAX, SUPPLIER_MAX, SUPPLIERS_MAX_COUNT } from '#shared/limits.js';
import { originMessages as m } from '#shared/origin-messages.js';
import { KG_DECIMALS } from '#shared/units.js';
import { decimalSchema, pageSchema, recordVersionSchema, requiredNumberSchema } from './common.js';

/** An added supplier is trimmed, and empty ones are ignored (docs/product-guide.md#origin); repeats are kept once. */
export const cleanSuppliers = (suppliers: readonly string[]): string[] => [
  ...new Set(suppliers.map((supplier) => supplier.trim()).filter((supplier) => supplier !== '')),
];

/**
 * Body of POST/PUT /api/coffee-origins, also the origin form's schema. Two
 * stages so the original app's check comes first whatever else is wrong: stage one is
 * 'Por favor, completa el nombre, los kilos por saco y añade al menos un
 * proveedor/finca.'; only a complete origin reaches our own limits.
 */
export const originBodySchema = z
  .object(
    {
      name: z.string({ error: m.required }).trim().min(1, m.required),
      kilos_per_bag: requiredNumberSchema(m.required, m.kilosPerBagNotNumber),
      suppliers_fincas: z
        .array(z.string({ error: m.required }), { error: m.required })
        .transform(cleanSuppliers)
        .refine((suppliers) => suppliers.length > 0, m.required),
      description: z.string({ error: m.descriptionInvalid }).nullish(),
      decaf: z.boolean({ error: m.decafInvalid }).optional(),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      name: z.string().max(ORIGIN_NAME_MAX, m.nameTooLong),
      kilos_per_bag: decimalSchema(KG_DECIMALS, m.required)
        .refine((kg) => kg > 0, m.kilosPerBagPositive)
        .refine((kg) => kg <= KILOS_PER_BAG_MAX, m.kilosPerBagTooLarge),
      suppliers_fincas: z
        .array(z.string().max(SUPPLIER_MAX, m.supplierTooLong))
        .max(SUPPLIERS_MAX_COUNT, m.tooManySuppliers),
      // Optional: blank means none.
      description: z
        .string()
        .nullish()
        .transform((text) => text?.trim() || null)
        .refine((text) => text === null || text.length <= DESCRIPTION_MAX, m.descriptionTooLong),
      // Optional: a new origin is not decaffeinated, an edit without it keeps the mark.
      decaf: z.boolean().optional(),
    }),
  );
export type OriginBody = z.output<typeof originBodySchema>;

export const originSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  kilos_per_bag: z.number(),
  suppliers_fincas: z.array(z.string()),
  description: z.string().nullable(),
  /** Decaffeinated: its bag labels say 'descafeinado' (docs/product-guide.md#etiquetas-de-bolsa). */
  decaf: z.boolean(),
});
export type Origin = z.infer<typeof originSchema>;

export const originPageSchema = pageSchema(originSchema);
export type OriginPage = z.infer<typeof originPageSchema>;
