import { z } from 'zod';
import { BATCH_CODE_MAX, CUPPING_SCORE_MAX, GREEN_QUANTITY_MAX_KG, ROAST_NOTES_MAX } from '#shared/limits.js';
import { REFERENCE_FIGURES } from '#shared/reference-profile.js';
import { TEMPERATURE_UNITS } from '#shared/temperature.js';
import { FRESHNESS_STATES } from '#shared/freshness.js';
import { commonMessages } from '#shared/messages.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { KG_DECIMALS, PERCENT_DECIMALS } from '#shared/units.js';
import { businessDateSchema, decimalSchema, MAX_ROW_ID, pageSchema, paginationQuerySchema, recordVersionSchema, requiredNumberSchema, rowIdSchema } from './common.js';

/** The roast types (docs/product-guide.md#business-constants). */
export const ROAST_TYPES = ['Claro', 'Medio', 'Oscuro'] as const;
export type RoastType = (typeof ROAST_TYPES)[number];

/**
 * Body of POST/PUT /api/roasted-coffee, also the roast form's schema.
 * docs/product-guide.md#roasted-lot fixes the order, so it is built in stages:
 *   1. 'Por favor, completa todos los campos obligatorios.' for any missing field
 *      (the lot code is not obligatory: left empty, the server generates one);
 *   2. 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.';
 *   3. our limits (decimals, positive, a real roast type, a date from
 *      01/01/2000 to today, code length);
 * then the service checks, against the database, 'El lote de café verde
 * seleccionado no es válido.' and 'No hay suficiente café verde disponible para
 * tostar esta cantidad.'. A `shrinkage_kg` sent by a client is ignored: it is
 * always green − resultant.
 */
export const roastedCoffeeBodySchema = z
  .object(
    {
      green_coffee_id: z.number({ error: m.required }),
      quantity_green_kg: requiredNumberSchema(m.required, m.greenKgNotNumber),
      resultant_kg: requiredNumberSchema(m.required, m.resultantKgNotNumber),
      roast_type: z.string({ error: m.required }).trim().min(1, m.required),
      roast_date: z.string({ error: m.required }).trim().min(1, m.required),
      batch_code: z.string({ error: m.batchCodeInvalid }).nullish(),
      notes: z.string({ error: m.notesInvalid }).nullish(),
      cupping_score: z.number({ error: m.cuppingNotNumber }).nullish(),
    },
    { error: m.required },
  )
  // Shrinkage below 0 is rejected; on the quantity field so the form can point at it.
  .refine((body) => body.resultant_kg <= body.quantity_green_kg, { message: m.resultantAboveGreen, path: ['resultant_kg'] })
  .pipe(
    z.object({
      green_coffee_id: z.number().int(m.invalidGreenLot).positive(m.invalidGreenLot).max(MAX_ROW_ID, m.invalidGreenLot),
      quantity_green_kg: decimalSchema(KG_DECIMALS, m.required)
        .refine((kg) => kg > 0, m.greenQuantityPositive)
        .refine((kg) => kg <= GREEN_QUANTITY_MAX_KG, m.quantityTooLarge),
      resultant_kg: decimalSchema(KG_DECIMALS, m.required).refine((kg) => kg > 0, m.resultantPositive),
      // An enum (not a refine) so the OpenAPI document lists Claro, Medio, Oscuro.
      roast_type: z.enum(ROAST_TYPES, { error: m.invalidRoastType }),
      roast_date: businessDateSchema(m),
      // Optional: absent, null or blank means "generate one" (create) or "keep it" (edit).
      batch_code: z
        .string()
        .nullish()
        .transform((code) => code?.trim() || undefined)
        .refine((code) => code === undefined || code.length <= BATCH_CODE_MAX, m.batchCodeTooLong),
      // Optional (docs/decisions/0053-reference-profile.md): absent keeps what the roast has (an
      // edit from a program that does not know them), null or blank clears it; the form sends both.
      notes: z
        .string()
        .nullish()
        .transform((text) => (text === undefined ? undefined : text?.trim() || null))
        .refine((text) => text === undefined || text === null || [...text].length <= ROAST_NOTES_MAX, m.notesTooLong),
      cupping_score: decimalSchema(PERCENT_DECIMALS, m.cuppingNotNumber)
        .refine((score) => score >= 0 && score <= CUPPING_SCORE_MAX, m.cuppingOutOfRange)
        .nullish(),
    }),
  );
export type RoastedCoffeeBody = z.output<typeof roastedCoffeeBodySchema>;

/** GET /api/roasted-coffee: newest roast first; optionally one origin's roasts or only those with stock (blends will pick from those). */
export const roastedCoffeeListQuerySchema = paginationQuerySchema.extend({
  origin_id: rowIdSchema.optional(),
  in_stock: z
    .enum(['true', 'false'], { error: commonMessages.invalidRequest })
    .transform((value) => value === 'true')
    .optional(),
});
export type RoastedCoffeeListQuery = z.infer<typeof roastedCoffeeListQuerySchema>;

/** A roasted lot's or a blend's age in days and its state (docs/decisions/0049-roast-age-and-public-page.md). */
export const roastAgeShape = { age_days: z.number().int(), freshness: z.enum(FRESHNESS_STATES) };

/**
 * A roasted lot as the API returns it: what went in (`quantity_green_kg`), what
 * came out (`resultant_kg`, produced) and what is on hand now (`stock_kg`),
 * kept apart (docs/product-guide.md#stock-moves), joined to its green lot and origin.
 */
export const roastedCoffeeSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  green_coffee_id: z.number().int(),
  green_batch_code: z.string(),
  origin_id: z.number().int(),
  origin_name: z.string(),
  quantity_green_kg: z.number(),
  resultant_kg: z.number(),
  shrinkage_kg: z.number(),
  stock_kg: z.number(),
  /** (green kg used × green price) / resultant kg, $/Kg, 2 decimals, always current (docs/decisions/0011). */
  cost_per_kg: z.number(),
  roast_type: z.enum(ROAST_TYPES),
  roast_date: z.string(),
  batch_code: z.string(),
  /** Artisan's batch ('P173') when the roast was imported from its file (docs/product-guide.md#artisan-import); null otherwise. */
  artisan_batch: z.string().nullable(),
  /** The roast has an Artisan curve (GET /api/roasted-coffee/:id/curve); the list shows its button only then. */
  has_curve: z.boolean(),
  ...roastAgeShape,
  /** The roast's notes, null for none (docs/decisions/0053-reference-profile.md). */
  notes: z.string().nullable(),
  /** Cupping score, 0 to 100 with 2 decimals; null when not cupped. */
  cupping_score: z.number().nullable(),
  /** The roast is the reference profile of its product (origin + roast type): one at most per product. */
  reference: z.boolean(),
  /**
   * The figures that differ from the product's reference by more than the tolerances of
   * Configuración (empty when all are within, none is set, or the product has no reference).
   */
  outside_tolerance: z.array(z.enum(REFERENCE_FIGURES)),
});
export type RoastedCoffee = z.infer<typeof roastedCoffeeSchema>;

export const roastedCoffeePageSchema = pageSchema(roastedCoffeeSchema);
export type RoastedCoffeePage = z.infer<typeof roastedCoffeePageSchema>;

/**
 * POST /api/roasted-coffee/:id/reference: the version of the roast as the screen showed it (its
 * product is what it marks). Optional here so that, as for a PUT, the write pipeline answers
 * 428 without it (docs/decisions/0038-record-versions.md).
 */
export const markReferenceBodySchema = z.object({ version: recordVersionSchema.optional() });

/**
 * GET /api/roasted-coffee/:id/reference: the roast beside its product's reference profile
 * (docs/decisions/0053-reference-profile.md). Times in seconds from CHARGE, the ratio and the
 * weight loss in %, the drop temperature in `unit` (the shop's); a difference is the roast's
 * figure minus the reference's (null when either lacks it), a tolerance null when not checked.
 */
export const roastReferenceComparisonSchema = z.object({
  /** The roast compared, as the mark needs it: its version, whether it has a curve (only then may it be marked) and is the reference. */
  roast: z.object({ id: z.number().int(), version: recordVersionSchema, has_curve: z.boolean(), reference: z.boolean() }),
  unit: z.enum(TEMPERATURE_UNITS),
  reference: z.object({ id: z.number().int(), batch_code: z.string(), roast_date: z.string() }).nullable(),
  figures: z.array(
    z.object({
      figure: z.enum(REFERENCE_FIGURES),
      roast: z.number().nullable(),
      reference: z.number().nullable(),
      difference: z.number().nullable(),
      tolerance: z.number().nullable(),
      outside: z.boolean(),
    }),
  ),
});
export type RoastReferenceComparison = z.infer<typeof roastReferenceComparisonSchema>;
