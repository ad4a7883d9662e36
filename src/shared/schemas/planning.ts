import { z } from 'zod';
import { planningMessages as m } from '#shared/planning-messages.js';
import { ROAST_TYPES } from './roasted-coffee.js';
import { PLANNING_HORIZON_MAX, PLANNING_HORIZON_MIN } from './planning-limits.js';

/**
 * GET /api/planning (docs/product-guide.md#roast-plan, docs/decisions/0028-roast-plan.md).
 * Every kg figure is an exact number of grams shown in kg (3 decimals).
 */
const isHorizon = (text: string) => /^\d{1,2}$/.test(text) && Number(text) >= PLANNING_HORIZON_MIN && Number(text) <= PLANNING_HORIZON_MAX;

export const planningQuerySchema = z.object({
  horizon_days: z
    .string({ error: m.horizonInvalid })
    .refine(isHorizon, { message: m.horizonInvalid })
    .optional()
    .meta({ description: `Días a cubrir, de ${PLANNING_HORIZON_MIN} a ${PLANNING_HORIZON_MAX} (14 si se omite).` }),
});

export const plannedGreenLotSchema = z.object({
  id: z.number().int(),
  batch_code: z.string(),
  /** Kg of this green lot to roast, oldest entry date first. */
  take_kg: z.number(),
});

/** One pending order of a unit due within the horizon (docs/decisions/0045-plan-from-orders.md): its lines of that unit summed. */
export const plannedOrderSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  /** YYYY-MM-DD; may be before today (a pending order past its date is still owed). */
  due_date: z.string(),
  kg: z.number(),
  /**
   * Whether today's stock, less the pace (out_kg / 28) until due_date and the
   * orders due before it (due date, then order id), still covers it.
   */
  covered: z.boolean(),
});
export type PlannedOrder = z.infer<typeof plannedOrderSchema>;

/** Figures every unit has, roasted or blend. */
const paceShape = {
  stock_kg: z.number(),
  /**
   * Kg that left the unit in the window (sales and, for roasted coffee, blends), as they stand now,
   * less the kilos of orders prepared in the window: the pace of sales not made from orders.
   */
  out_kg: z.number(),
  /** out_kg / 28, shown to the gram; the plan uses the exact value. */
  kg_per_day: z.number(),
  days_left: z.number().int().nullable(),
  /** YYYY-MM-DD, today + days_left; null when nothing left the unit in the window. */
  run_out_date: z.string().nullable(),
  threshold_kg: z.number(),
  /** Kg of the unit in pending orders due by today + horizon_days (overdue ones included). */
  ordered_kg: z.number(),
  /** Those orders, due date then order id. */
  orders: z.array(plannedOrderSchema),
  /**
   * The due date of the first of `orders` the stock does not cover, when it is due on or
   * before run_out_date (or the unit has no run-out): the unit is 'Urgente' from that date.
   */
  uncovered_order_date: z.string().nullable(),
  /**
   * max(0, ordered_kg + kg_per_day × horizon + threshold − stock), rounded up to the gram; for
   * roasted coffee plus what blends need of it that its stock cannot cover.
   */
  need_kg: z.number(),
  /**
   * Nothing in or out (no roast, sale or blend) in the last idle_days and no order in
   * the horizon: the plan keeps no threshold for it and lists it apart, out of the roast sheet.
   */
  idle: z.boolean(),
};

export const roastedPlanSchema = z.object({
  origin_id: z.number().int(),
  origin_name: z.string(),
  roast_type: z.enum(ROAST_TYPES),
  ...paceShape,
  /** Σ resultant / Σ green of the last 5 roasts of the origin and type (4 decimals); null if the origin was never roasted. */
  yield: z.number().nullable(),
  /** Why yield is null (Spanish), else null. */
  yield_note: z.string().nullable(),
  /** need_kg / yield, rounded up to the gram and then to whole batches of roaster_capacity_kg when it is set; null without a yield. */
  green_kg: z.number().nullable(),
  /** How many batches of roaster_capacity_kg green_kg is; null while the capacity is unset, without a yield or without a need. */
  batches: z.number().int().nullable(),
  green_lots: z.array(plannedGreenLotSchema),
  /** Green kg the origin's green lots cannot cover; null without a yield. */
  shortfall_kg: z.number().nullable(),
});
export type RoastedPlan = z.infer<typeof roastedPlanSchema>;

export const blendComponentPlanSchema = z.object({
  origin_id: z.number().int(),
  origin_name: z.string(),
  /** The roast type its shortfall is roasted as: the recipe component's own, else the one the recipe's blends drew most (none: Medio). */
  roast_type: z.enum(ROAST_TYPES),
  /** need_kg × percentage / 100, split to the gram as Café Mezcla does. */
  kg: z.number(),
  /** Roasted kg of the origin (of the component's roast type, when it names one) left after its own roasted units' needs and earlier blends' components. */
  roasted_available_kg: z.number(),
  /** kg − roasted_available_kg when positive: added to the origin's roast need. */
  shortfall_kg: z.number(),
});

export const blendPlanSchema = z.object({
  recipe_id: z.number().int(),
  recipe_name: z.string(),
  ...paceShape,
  components: z.array(blendComponentPlanSchema),
});
export type BlendPlan = z.infer<typeof blendPlanSchema>;

export const planningSchema = z.object({
  today: z.string(),
  horizon_days: z.number().int(),
  window_days: z.number().int(),
  /** Days without movement that make a unit idle (90). */
  idle_days: z.number().int(),
  /** Configuración's 'Capacidad del tostador' (kg of green per batch); null while unset. */
  roaster_capacity_kg: z.number().nullable(),
  roasted: z.array(roastedPlanSchema),
  blends: z.array(blendPlanSchema),
});
export type Planning = z.infer<typeof planningSchema>;
