import { z } from 'zod';
import { splitGrams } from '#shared/blend-grams.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { percentagesTotalError, percentageSchema, percentToBasisPoints } from '#shared/percentages.js';
import { gramsToKg, hasAtMostDecimals, KG_DECIMALS, kgToGrams, PERCENT_DECIMALS } from '#shared/units.js';
import { roastAgeShape } from './roasted-coffee.js';
import { businessDateSchema, decimalSchema, MAX_ROW_ID, pageSchema, paginationQuerySchema, recordVersionSchema, requiredNumberSchema } from './common.js';

export const BLEND_NAME_MAX = 120;
export const BLEND_BATCH_CODE_MAX = 40;
export const BLEND_TOTAL_MAX_KG = 1_000_000;
/** More origins than any real blend has; bounds the work a body can ask for. */
export const BLEND_COMPONENTS_MAX = 20;
export const BLEND_DRAWS_MAX = 50;

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';
const isPositiveNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * The sum rule (stage 2) over what the components hold so far: a missing
 * percentage counts as nothing (stage 3 names it), and while one is not a
 * number of at most 2 decimals there is no exact sum (stage 4 names it).
 */
function sumError(percentages: readonly unknown[]): string | null {
  const typed = percentages.filter((percentage) => percentage !== undefined && percentage !== null);
  const exact = typed.every((p): p is number => typeof p === 'number' && Math.abs(p) <= 100 && hasAtMostDecimals(p, PERCENT_DECIMALS));
  return exact ? percentagesTotalError(typed as number[]) : null;
}

const idSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);

/** Stage 4: our limits, on a body whose required fields, sum and components are known to be there. */
const blendFieldsSchema = z
    .object({
      name: z.string().max(BLEND_NAME_MAX, m.nameTooLong(BLEND_NAME_MAX)),
      total_quantity_kg: decimalSchema(KG_DECIMALS, m.required)
        .refine((kg) => kg > 0, m.totalPositive)
        .refine((kg) => kg <= BLEND_TOTAL_MAX_KG, m.totalTooLarge(BLEND_TOTAL_MAX_KG)),
      creation_date: businessDateSchema(m),
      recipe_id: idSchema(m.invalidRecipe).nullish().transform((id) => id ?? null),
      batch_code: z
        .string()
        .nullish()
        .transform((code) => code?.trim() || undefined)
        .refine((code) => code === undefined || code.length <= BLEND_BATCH_CODE_MAX, m.batchCodeTooLong(BLEND_BATCH_CODE_MAX)),
      components: z.array(
        z.object({
          origin_id: idSchema(m.invalidOrigin),
          percentage: percentageSchema(m.extraComponent),
          selected_roasted_batches: z
            .array(
              z.object(
                {
                  id: idSchema(m.invalidRoastedLot),
                  quantity_used: decimalSchema(KG_DECIMALS, m.quantityUsedPositive).refine(
                    (kg) => kg > 0 && kg <= BLEND_TOTAL_MAX_KG,
                    m.quantityUsedPositive,
                  ),
                },
                { error: m.invalidRoastedLot },
              ),
              { error: m.invalidRoastedLot },
            )
            .max(BLEND_DRAWS_MAX, m.tooManyDraws(BLEND_DRAWS_MAX))
            .nullish()
            .transform((draws) => draws ?? []),
        }),
      ),
    })
    .superRefine((body, context) => {
      const origins = new Set<number>();
      const lots = new Set<number>();
      body.components.forEach((component, index) => {
        if (origins.has(component.origin_id)) {
          context.addIssue({ code: 'custom', message: m.sameOriginTwice, path: ['components', index, 'origin_id'] });
        }
        origins.add(component.origin_id);
        for (const draw of component.selected_roasted_batches) {
          if (lots.has(draw.id)) {
            context.addIssue({ code: 'custom', message: m.sameLotTwice, path: ['components', index, 'selected_roasted_batches'] });
          }
          lots.add(draw.id);
        }
      });
    });

/**
 * Body of POST/PUT /api/blended-coffee, also the blend form's schema. The
 * rules of docs/product-guide.md#blend, in that order, built in stages:
 *   1. 'Por favor, completa todos los campos y añade al menos un componente.'
 *      (name, total, creation date and a component; the lot code is not
 *      obligatory: left empty, the server generates one as for roasts);
 *   2. 'Los porcentajes … deben sumar 100%. Actualmente suman X%.';
 *   3. 'Por favor, selecciona un origen y un porcentaje válido para el componente adicional.';
 *   4. our limits (decimals, positive kg, a date from 01/01/2000 to today,
 *      ids, one component per origin, each roasted lot once).
 * The service then checks against the database that each lot exists and is of
 * its component's origin, that each component draws exactly its grams
 * (drawMismatch below) and that each lot has the stock.
 */
export const blendedCoffeeBodySchema = z
  .object(
    {
      name: z.string({ error: m.required }).trim().min(1, m.required),
      total_quantity_kg: requiredNumberSchema(m.required, m.totalKgNotNumber),
      creation_date: z.string({ error: m.required }).trim().min(1, m.required),
      recipe_id: z.unknown().optional(),
      batch_code: z.string({ error: m.batchCodeInvalid }).nullish(),
      components: z
        .array(
          z.object(
            { origin_id: z.unknown().optional(), percentage: z.unknown().optional(), selected_roasted_batches: z.unknown().optional() },
            { error: m.extraComponent },
          ),
          { error: m.required },
        )
        .min(1, m.required)
        .max(BLEND_COMPONENTS_MAX, m.tooManyComponents(BLEND_COMPONENTS_MAX)),
    },
    { error: m.required },
  )
  .superRefine((body, context) => {
    const message = sumError(body.components.map((component) => component.percentage));
    if (message) context.addIssue({ code: 'custom', message, path: ['components'] });
  })
  .superRefine((body, context) => {
    body.components.forEach((component, index) => {
      if (!isPresent(component.origin_id) || !isPositiveNumber(component.percentage)) {
        context.addIssue({ code: 'custom', message: m.extraComponent, path: ['components', index] });
      }
    });
  })
  // The stages above typed their fields loosely (unknown) so their messages come first; stage 4 types them.
  .pipe(blendFieldsSchema as unknown as z.ZodType<z.output<typeof blendFieldsSchema>, never>);
export type BlendedCoffeeBody = z.output<typeof blendedCoffeeBodySchema>;

/** Grams each component must draw: the total split by the largest remainder (blend-grams.ts). */
export const requiredGramsOf = (totalKg: number, percentages: readonly number[]): number[] =>
  splitGrams(kgToGrams(totalKg), percentages.map(percentToBasisPoints));

/**
 * For each component, the quantities used across its batches must equal
 * total × percentage / 100; the message names the used and required kg per
 * component (docs/product-guide.md#blend). The first component that does not add up, or null.
 */
export function drawMismatch(
  body: Pick<BlendedCoffeeBody, 'total_quantity_kg' | 'components'>,
  originName: (originId: number) => string,
): { index: number; message: string } | null {
  const required = requiredGramsOf(body.total_quantity_kg, body.components.map((component) => component.percentage));
  for (const [index, component] of body.components.entries()) {
    const usedG = component.selected_roasted_batches.reduce((sum, draw) => sum + kgToGrams(draw.quantity_used), 0);
    const requiredG = required[index] ?? 0;
    if (usedG !== requiredG) {
      return {
        index,
        message: m.drawMismatch(originName(component.origin_id), String(gramsToKg(usedG)), String(gramsToKg(requiredG))),
      };
    }
  }
  return null;
}

export const blendedCoffeeListQuerySchema = paginationQuerySchema;
export type BlendedCoffeeListQuery = z.infer<typeof blendedCoffeeListQuerySchema>;

/**
 * A blend as the API returns it: what it produced (`total_quantity_kg`) and
 * what is on hand (`stock_kg`) kept apart (docs/product-guide.md#stock-moves), with its
 * components, the kg each one requires, and the roasted lots each one drew.
 */
export const blendedCoffeeSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  total_quantity_kg: z.number(),
  stock_kg: z.number(),
  /** The kg-weighted cost of its draws, $/Kg, 2 decimals, always current (docs/decisions/0011); null without draws. */
  cost_per_kg: z.number().nullable(),
  creation_date: z.string(),
  batch_code: z.string(),
  recipe_id: z.number().int().nullable(),
  /** Its oldest drawn roast's age (docs/decisions/0049-roast-age-and-public-page.md). */
  ...roastAgeShape,
  components: z.array(
    z.object({
      origin_id: z.number().int(),
      origin_name: z.string(),
      percentage: z.number(),
      required_kg: z.number(),
      selected_roasted_batches: z.array(z.object({ id: z.number().int(), batch_code: z.string(), quantity_used: z.number() })),
    }),
  ),
});
export type BlendedCoffee = z.infer<typeof blendedCoffeeSchema>;

export const blendedCoffeePageSchema = pageSchema(blendedCoffeeSchema);
export type BlendedCoffeePage = z.infer<typeof blendedCoffeePageSchema>;
