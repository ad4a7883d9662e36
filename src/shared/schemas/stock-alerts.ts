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
      /** The lot's unit as the plan names it ('Huila · Medio', 'Mezcla Casa'); null for a blend without a recipe, its own unit. */
      unit_name: z.string().nullable().meta({
        description:
          'La unidad del Plan de Tueste a la que pertenece el lote: «Origen · Tueste» (todos sus lotes tostados) o «Mezcla Receta» (todas sus mezclas); null para una mezcla sin receta, que es su propia unidad.',
      }),
      /** The unit's whole days left at the plan's 28-day pace (docs/decisions/0028-roast-plan.md): the same figure as the plan's. */
      days_left: z.number().int().nullable().meta({
        description: 'Días enteros hasta que se agota la unidad del lote, según el Plan de Tueste (el mismo cálculo). null sin salidas en los últimos 28 días.',
      }),
      /** The roast plan's run-out date of the lot's unit: today + days_left. */
      run_out_date: z
        .string()
        .nullable()
        .meta({
          description:
            'YYYY-MM-DD en que se agota, según el Plan de Tueste (GET /api/planning), la unidad del lote: todos los lotes tostados de su origen y tipo de tueste, todas las mezclas de su receta, o la propia mezcla si no tiene receta, al ritmo de salida de los últimos 28 días. null sin salidas en ese tiempo.',
        }),
    }),
  ),
  /** Pending orders past their due date, due today and due tomorrow, by the server's date: home's line of orders (docs/product-guide.md#home). */
  orders_due: z
    .object({ date: z.string(), overdue: z.number().int(), today: z.number().int(), tomorrow: z.number().int() })
    .meta({
      description:
        'Pedidos pendientes con la fecha de entrega ya pasada (overdue), hoy (today) y mañana (tomorrow); date es la fecha de hoy del servidor (YYYY-MM-DD), de la que parten los enlaces a Pedidos.',
    }),
  /** Roasted lots and blends on hand past their freshness (docs/decisions/0049-roast-age-and-public-page.md): home's warning. */
  past_freshness: z.object({ lots: z.number().int(), kg: z.number(), value: z.number() }).meta({
    description:
      'Lotes tostados y mezclas con stock cuya edad supera los días de frescura de Configuración: cuántos, sus Kg disponibles y su valor a coste (en la moneda de la tienda).',
  }),
  /** False while no green, roasted or blended lot exists: the card says there is no stock yet rather than that all of it is above its threshold. */
  has_lots: z.boolean().meta({
    description:
      'false mientras no hay ningún lote de café verde, tostado o mezcla: la tarjeta de inicio dice que todavía no hay stock en lugar de que todo está por encima de los umbrales.',
  }),
});
export type StockAlerts = z.infer<typeof stockAlertsSchema>;
