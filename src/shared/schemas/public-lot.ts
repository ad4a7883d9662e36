import { z } from 'zod';
import { FRESHNESS_STATES } from '#shared/freshness.js';
import { ROAST_TYPES } from './roasted-coffee.js';

/**
 * GET /api/public/lots/:code, the coffee drinker's page (docs/decisions/0049-roast-age-and-public-page.md):
 * only what a bag's buyer may read. No price, cost, margin, customer, user, stock or other lot: a
 * field added here is shown to anyone on the internet.
 */
export const publicLotSchema = z.object({
  batch_code: z.string(),
  kind: z.enum(['tostado', 'mezcla']),
  /** The origin of a roasted lot, the name of a blend. */
  name: z.string(),
  /** A roasted lot's farm (its green lot's); null for a blend. */
  farm: z.string().nullable(),
  /** A roasted lot's roast type; a blend's, of the lots it drew (one each, in order). */
  roast_types: z.array(z.enum(ROAST_TYPES)),
  /** A roasted lot's roast date; a blend's oldest drawn roast's. */
  roast_date: z.string(),
  age_days: z.number().int(),
  freshness: z.enum(FRESHNESS_STATES),
  /** Configuración's 'Reposo' and 'Frescura', in days. */
  rest_days: z.number().int(),
  freshness_days: z.number().int(),
  /** A blend's origins, in its order; empty for a roasted lot. */
  component_origins: z.array(z.string()),
});
export type PublicLot = z.infer<typeof publicLotSchema>;
