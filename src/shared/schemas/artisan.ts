import { z } from 'zod';
import { ALOG_BATCH_MAX_FILES } from '#shared/limits.js';
import { commonMessages } from '#shared/messages.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { TEMPERATURE_UNITS } from '#shared/temperature.js';
import { MAX_ROW_ID } from './common.js';
import { roastedCoffeeSchema } from './roasted-coffee.js';

/**
 * Roasts imported from Artisan .alog files (docs/product-guide.md#artisan-import,
 * docs/decisions/0026-artisan-alog-import.md): the preview of a file, the
 * import's choices, the batch of one confirm, and the stored curve.
 */

/** Artisan's weight units (its `weight` field's third item). */
export const WEIGHT_UNITS = ['g', 'Kg', 'lb', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Seconds from CHARGE (null: not marked in the file). */
export const artisanEventsSchema = z.object({
  charge: z.number().nullable(),
  dry_end: z.number().nullable(),
  fc_start: z.number().nullable(),
  fc_end: z.number().nullable(),
  sc_start: z.number().nullable(),
  sc_end: z.number().nullable(),
  drop: z.number().nullable(),
});
export type ArtisanEvents = z.infer<typeof artisanEventsSchema>;

/**
 * A roast's curve as imported and stored: every sample of the file in its order,
 * `t` seconds from CHARGE (negative before it), BT and ET in the file's unit
 * (`unit`), null where Artisan had no reading (-1). GET /api/roasted-coffee/:id/curve
 * answers it in the display unit (roastCurveSchema).
 */
export const artisanCurveSchema = z.object({
  unit: z.enum(TEMPERATURE_UNITS),
  points: z.array(z.object({ t: z.number(), bt: z.number().nullable(), et: z.number().nullable() })),
  events: artisanEventsSchema,
});
export type ArtisanCurve = z.infer<typeof artisanCurveSchema>;

/** An event on the curve: seconds from CHARGE, and BT at its sample in the display unit (null: the file has no reading there). */
export const roastEventFigureSchema = z.object({ t: z.number(), bt: z.number().nullable() });
export type RoastEventFigure = z.infer<typeof roastEventFigureSchema>;

/** A phase of the roast: its seconds and its share of CHARGE → DROP, in %. */
export const roastPhaseSchema = z.object({ s: z.number(), pct: z.number() });
export type RoastPhase = z.infer<typeof roastPhaseSchema>;

/**
 * The figures a roaster reads off a curve, with Artisan's own definitions
 * (docs/decisions/0052-roast-metrics.md): each event null when the file does
 * not mark it (`tp`, the turning point, is found on the curve); the phases null
 * when an event that bounds them is missing; the drop temperature is `drop.bt`.
 */
export const roastMetricsSchema = z.object({
  charge: roastEventFigureSchema.nullable(),
  tp: roastEventFigureSchema.nullable(),
  dry_end: roastEventFigureSchema.nullable(),
  fc_start: roastEventFigureSchema.nullable(),
  fc_end: roastEventFigureSchema.nullable(),
  sc_start: roastEventFigureSchema.nullable(),
  sc_end: roastEventFigureSchema.nullable(),
  drop: roastEventFigureSchema.nullable(),
  /** CHARGE → DROP in seconds. */
  total_time_s: z.number().nullable(),
  phases: z.object({
    /** CHARGE → DRY END. */
    drying: roastPhaseSchema.nullable(),
    /** DRY END → FC START. */
    maillard: roastPhaseSchema.nullable(),
    /** FC START → DROP. */
    development: roastPhaseSchema.nullable(),
  }),
  /** Development time ratio: development over total, in %. */
  dtr_pct: z.number().nullable(),
  /** (green − resultant) / green of the roast record, in %. */
  weight_loss_pct: z.number().nullable(),
});
export type RoastMetrics = z.infer<typeof roastMetricsSchema>;

/** BT rate of rise: `v` in degrees of the display unit per minute at `t` seconds from CHARGE. */
export const rorPointSchema = z.object({ t: z.number(), v: z.number() });
export type RorPoint = z.infer<typeof rorPointSchema>;

/**
 * GET /api/roasted-coffee/:id/curve: the stored curve in the display unit
 * (the 'Temperatura' setting; `unit` is that unit, whatever the file's), its
 * figures and its BT rate of rise.
 */
export const roastCurveSchema = artisanCurveSchema.extend({
  metrics: roastMetricsSchema,
  ror: z.array(rorPointSchema),
});
export type RoastCurve = z.infer<typeof roastCurveSchema>;

/** POST /api/artisan/preview: what an import of this file would record. Writes nothing. */
export const artisanPreviewSchema = z.object({
  /** Artisan's roastUUID, or a hash of the file's content when it has none (`uuid_from_content`). */
  roast_uuid: z.string(),
  uuid_from_content: z.boolean(),
  /** Exact kg, converted from the file's unit and rounded to the gram. */
  green_kg: z.number(),
  /** Null when the file's out-weight is 0 (not weighed): the import then needs `resultant_kg`. */
  resultant_kg: z.number().nullable(),
  weight_unit: z.enum(WEIGHT_UNITS),
  /** From `roastisodate`, else `roastepoch`; null with neither: the import then needs `roast_date`. */
  roast_date: z.string().nullable(),
  /**
   * What is wrong with the file's date (none in it, no real day, before 01/01/2000 or after
   * today), also listed in `problems`: a `roast_date` the person types replaces the file's and
   * lifts it. Null when the date is fine.
   */
  roast_date_problem: z.string().nullable(),
  /** Artisan's batch as it shows it ('P173'), or null. */
  artisan_batch: z.string().nullable(),
  title: z.string().nullable(),
  beans: z.string().nullable(),
  operator: z.string().nullable(),
  /** Artisan has no Claro/Medio/Oscuro: the person chooses. */
  roast_type: z.null(),
  curve_points: z.number().int(),
  temperature_unit: z.enum(['C', 'F']).nullable(),
  events: artisanEventsSchema,
  /**
   * What the file's events break, whatever the choices: CHARGE or DROP not marked, an event
   * outside the curve ('El evento Descarga (DROP) del archivo está fuera de la curva…'). Also
   * in `problems`; the screen checks its rows with them (#shared/artisan-row-rules).
   */
  event_problems: z.array(z.string()),
  /** The roasted lot that already holds this roast_uuid (an import would be a 409), or null. */
  existing_roast_id: z.number().int().nullable(),
  existing_batch_code: z.string().nullable(),
  /**
   * Every rule the import would find broken, in Spanish, in the order it checks them; empty when
   * the import would record the file. The file's own (events, weights, date) always; with the
   * choices of the query (the import's: `green_coffee_id`, `roast_type`, `resultant_kg`,
   * `roast_date`), theirs too: the green lot's stock and entry date ('La fecha de tostado
   * (15/03/2015) es anterior a la entrada del lote…'). The same rules as the import
   * (#shared/artisan-row-rules), so a file without problems imports with those choices.
   */
  problems: z.array(z.string()),
});
export type ArtisanPreview = z.infer<typeof artisanPreviewSchema>;

/** A roasted lot as the import answers it: the roast form's lot plus what the file added. */
export const artisanRoastSchema = roastedCoffeeSchema.extend({
  roast_uuid: z.string(),
});
export type ArtisanRoast = z.infer<typeof artisanRoastSchema>;

const optionalText = z.string({ error: commonMessages.invalidRequest }).optional();

/**
 * POST /api/roasted-coffee/import-artisan's query: the person's choices, as
 * text. They become the roast form's body and are checked by its schema, so
 * the messages and their order are the form's (docs/product-guide.md#roasted-lot).
 */
export const artisanImportQuerySchema = z.object({
  green_coffee_id: optionalText.meta({ description: 'El lote de café verde del que sale el tueste (su id).' }),
  roast_type: optionalText.meta({ description: 'Claro, Medio u Oscuro.' }),
  resultant_kg: optionalText.meta({ description: 'Kg tostados: obligatorio si el archivo tiene peso de salida 0; si no, lo sustituye.' }),
  roast_date: optionalText.meta({ description: 'AAAA-MM-DD: obligatoria si el archivo no tiene fecha; si no, la sustituye.' }),
});
export type ArtisanImportQuery = z.infer<typeof artisanImportQuerySchema>;

/**
 * One file of the batch: its bytes in base64 and the same choices as the single import's query.
 * The object's own message too: without it a file that is not an object (a number, a list) got
 * zod's English 'Invalid input: expected object' (docs/reliability.md, fuzzing).
 */
export const artisanBatchFileSchema = z.object({
  /** The file's name, only to name it in a message. */
  name: z.string({ error: commonMessages.invalidRequest }).max(255, commonMessages.invalidRequest).optional(),
  content_base64: z.string({ error: m.batchBase64 }),
  green_coffee_id: z.number({ error: commonMessages.invalidRequest }).int(commonMessages.invalidRequest).min(1, commonMessages.invalidRequest).max(MAX_ROW_ID, commonMessages.invalidRequest).optional(),
  roast_type: optionalText,
  resultant_kg: z.number({ error: m.invalidResultant }).nullish(),
  roast_date: z.string({ error: commonMessages.invalidRequest }).nullish(),
}, { error: m.batchFileInvalid });
export type ArtisanBatchFile = z.infer<typeof artisanBatchFileSchema>;

/** POST /api/roasted-coffee/import-artisan-batch: every file of one confirm, recorded in one transaction or none. */
export const artisanBatchBodySchema = z.object(
  {
    files: z.array(artisanBatchFileSchema, { error: m.batchEmpty }).min(1, m.batchEmpty).max(ALOG_BATCH_MAX_FILES, m.batchTooMany),
  },
  { error: m.batchEmpty },
);
export type ArtisanBatchBody = z.infer<typeof artisanBatchBodySchema>;

export const artisanBatchResultSchema = z.object({ imported: z.array(artisanRoastSchema) });
export type ArtisanBatchResult = z.infer<typeof artisanBatchResultSchema>;
