// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in that area's chunk
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { PLANNING_HORIZON_MAX, PLANNING_HORIZON_MIN } from './schemas/planning-limits.js';

/** Plan de Tueste (docs/product-guide.md#roast-plan, docs/decisions/0028-roast-plan.md). All ours: the original app had no plan. */
export const planningMessages = {
  horizonInvalid: `El horizonte debe ser un número entero de días entre ${PLANNING_HORIZON_MIN} y ${PLANNING_HORIZON_MAX}.`,
  neverRoasted: 'Este origen nunca se ha tostado: no hay rendimiento medido para calcular el café verde necesario.',
} as const;
