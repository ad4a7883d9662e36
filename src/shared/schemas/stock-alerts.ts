import { z } from 'zod';

/** GET /api/stock-alerts: what is under its low-stock threshold (Configuración), with days left at the last 30 days' pace. */
export const stockAlertsSchema = z.object({
  thresholds: z.object({ green_kg: z.number(), roasted_kg: z.number(), blend_kg: z.number() }),
  origins: z.array(z.object({ origin_id: z.number().int(), origin_name: z.string(), stock_kg: z.number() })),
  lots: z.array(
    z.object({
      kind: z.enum(['roasted', 'blend']),
      id: z.number().int(),
      batch_code: z.string(),
      name: z.string(),
      stock_kg: z.number(),
      sold_30d_kg: z.number(),
      /** Stock ÷ (kg sold in the last 30 days ÷ 30), whole days; null without sales in that time. */
      days_left: z.number().int().nullable(),
      /** The roast plan's run-out date of the lot's unit (docs/decisions/0028-roast-plan.md): computed by the plan's own code. */
      run_out_date: z
        .string()
        .nullable()
        .meta({
          description:
            'YYYY-MM-DD en que se agota, según el Plan de Tueste (GET /api/planning), la unidad del lote: todos los lotes tostados de su origen y tipo de tueste, o todas las mezclas de su receta, al ritmo de salida de los últimos 28 días. null sin salidas en ese tiempo o para una mezcla sin receta.',
        }),
    }),
  ),
  /** False while no green, roasted or blended lot exists: the card says there is no stock yet rather than that all of it is above its threshold. */
  has_lots: z.boolean().meta({
    description:
      'false mientras no hay ningún lote de café verde, tostado o mezcla: la tarjeta de inicio dice que todavía no hay stock en lugar de que todo está por encima de los umbrales.',
  }),
});
export type StockAlerts = z.infer<typeof stockAlertsSchema>;
