import { z } from 'zod';
import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { percentageSchema, percentagesTotalError } from '#shared/percentages.js';
import { MAX_ROW_ID, pageSchema, recordVersionSchema } from './common.js';
import { ROAST_TYPES } from './roasted-coffee.js';

/** Longest recipe name (ours): a 10,000-character name is a 400, not a row. */
export const RECIPE_NAME_MAX = 120;
/** Most components in one recipe (ours): far more origins than any real blend has. */
export const RECIPE_COMPONENTS_MAX = 20;

/**
 * One component as the recipe form adds it and the body carries it.
 * docs/product-guide.md#blend-recipe: a missing origin or a percentage that is missing or not above 0 is
 * 'Por favor, selecciona un origen de café y un porcentaje válido para el
 * componente.'; an origin id that cannot be a row is 'Origen de café
 * seleccionado no válido.' (so is one that does not exist, checked by the
 * database's foreign key).
 */
export const blendRecipeComponentBodySchema = z.object(
  {
    origin_id: z.number({ error: m.componentInvalid }).int(m.originInvalid).positive(m.originInvalid).max(MAX_ROW_ID, m.originInvalid),
    percentage: percentageSchema(m.componentInvalid),
    // Optional (docs/product-guide.md#blend-recipe): the roast type the origin goes in as; absent or null, any.
    roast_type: z.enum(ROAST_TYPES, { error: m.roastTypeInvalid }).nullable().optional(),
  },
  { error: m.componentInvalid },
);
export type BlendRecipeComponentBody = z.output<typeof blendRecipeComponentBodySchema>;

/**
 * Body of POST/PUT /api/blend-recipes, also the recipe form's schema. Stages,
 * so the original app's save check comes first whatever else is wrong:
 *   1. 'Por favor, completa el nombre de la receta y añade al menos un componente.'
 *      (and our cap on the number of components, before any is parsed);
 *   2. each component (above), our name length, one component per origin,
 *      then 'Los porcentajes de los componentes deben sumar 100%. Actualmente
 *      suman X%.' with the exact total (src/shared/percentages.ts).
 */
export const blendRecipeBodySchema = z
  .object(
    {
      name: z.string({ error: m.required }).trim().min(1, m.required),
      components: z
        .array(z.unknown(), { error: m.required })
        .min(1, m.required)
        .max(RECIPE_COMPONENTS_MAX, m.tooManyComponents(RECIPE_COMPONENTS_MAX)),
    },
    { error: m.required },
  )
  .pipe(
    z.object({
      name: z.string().max(RECIPE_NAME_MAX, m.nameTooLong(RECIPE_NAME_MAX)),
      components: z
        .array(blendRecipeComponentBodySchema)
        .superRefine((components, ctx) => {
          const origins = components.map((component) => component.origin_id);
          if (new Set(origins).size !== origins.length) ctx.addIssue({ code: 'custom', message: m.duplicateOrigin });
        })
        .superRefine((components, ctx) => {
          const message = percentagesTotalError(components.map((component) => component.percentage));
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
    }),
  );
export type BlendRecipeBody = z.output<typeof blendRecipeBodySchema>;

/** A recipe component as the API returns it, joined to its origin's name for "Origen 60%, Origen 40%". */
export const blendRecipeComponentSchema = z.object({
  origin_id: z.number().int(),
  origin_name: z.string(),
  percentage: z.number(),
  /** The roast type the origin goes in as; null: any (the plan picks, 'Rellenar lotes' offers every type). */
  roast_type: z.enum(ROAST_TYPES).nullable(),
});

/** A recipe: components in the order they were added. */
export const blendRecipeSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  components: z.array(blendRecipeComponentSchema),
});
export type BlendRecipe = z.infer<typeof blendRecipeSchema>;

/** GET /api/blend-recipes: ordered by name, ascending (docs/product-guide.md#configuracion). */
export const blendRecipePageSchema = pageSchema(blendRecipeSchema);
export type BlendRecipePage = z.infer<typeof blendRecipePageSchema>;
