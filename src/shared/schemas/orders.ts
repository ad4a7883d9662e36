import { z } from 'zod';
import { ORDER_BAGS_MAX, ORDER_DUE_MAX_DAYS, ORDER_LINES_MAX, ORDER_NOTES_MAX, SALE_PRICE_MAX, SALE_QUANTITY_MAX_KG } from '#shared/limits.js';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages } from '#shared/messages.js';
import { orderMessages as m } from '#shared/order-messages.js';
import { hasAtMostDecimals, KG_DECIMALS, PRICE_DECIMALS } from '#shared/units.js';
import { isMissing, isRealIsoDate, MAX_ROW_ID, recordVersionSchema, rowIdSchema } from './common.js';
import { ROAST_TYPES } from './roasted-coffee.js';
import { roastAgeShape } from './roasted-coffee.js';

/** An order's states (docs/product-guide.md#pedidos): 'pendiente' → 'preparado' → 'entregado', or 'cancelado'. */
export const ORDER_STATUSES = ['pendiente', 'preparado', 'entregado', 'cancelado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_REPEAT_WEEKS = [1, 2, 4] as const;
export const GRINDS = ['grano', 'molido'] as const;
export type Grind = (typeof GRINDS)[number];
export const LOT_KINDS = ['tostado', 'mezcla'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

/** `days` after the ISO day `date` (UTC arithmetic on a calendar day: no time zone can shift it). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const rowId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);

/**
 * A line's product, the plan's unit (docs/product-guide.md#pedidos): a roasted
 * product (an origin and a roast type, as product prices name it) or a blend
 * recipe. Whether the origin or recipe exists, the service asks.
 */
export const orderProductSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('tostado'), origin_id: rowId(m.invalidProduct), roast_type: z.enum(ROAST_TYPES, { error: m.invalidProduct }) }),
    z.object({ kind: z.literal('mezcla'), recipe_id: rowId(m.invalidProduct) }),
  ],
  { error: m.invalidProduct },
);
export type OrderProduct = z.output<typeof orderProductSchema>;

/**
 * One line of an order's body. `quantity` is the bags of `format_id` (a whole
 * number), or with `format_id` null ('A granel') the kilos (3 decimals).
 * `unit_price` is per kg (2 decimals), filled by the client (the form
 * pre-fills it from GET /api/orders/price-hint). The format's being active,
 * and bags × its grams within the limit, the service checks.
 */
export const orderLineBodySchema = z
  .object(
    {
      product: orderProductSchema,
      format_id: rowId(m.invalidFormat).nullish().transform((id) => id ?? null),
      quantity: z.number({ error: (issue) => (isMissing(issue.input) ? m.required : m.quantityNotNumber) }).refine(Number.isFinite, m.quantityNotNumber),
      unit_price: z.number({ error: (issue) => (isMissing(issue.input) ? m.required : m.priceNotNumber) }).refine(Number.isFinite, m.priceNotNumber),
      grind: z.enum(GRINDS, { error: m.invalidGrind }),
    },
    { error: m.required },
  )
  .superRefine((line, ctx) => {
    const problem = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!(line.quantity > 0)) problem(m.quantityPositive, 'quantity');
    else if (line.format_id !== null) {
      if (!Number.isInteger(line.quantity)) problem(m.bagsWhole, 'quantity');
      else if (line.quantity > ORDER_BAGS_MAX) problem(m.bagsTooMany, 'quantity');
    } else if (!hasAtMostDecimals(line.quantity, KG_DECIMALS)) problem(m.quantityDecimals, 'quantity');
    else if (line.quantity > SALE_QUANTITY_MAX_KG) problem(m.quantityTooLarge, 'quantity');
    if (line.unit_price < 0) problem(m.priceNegative, 'unit_price');
    else if (!hasAtMostDecimals(line.unit_price, PRICE_DECIMALS)) problem(m.priceDecimals, 'unit_price');
    else if (line.unit_price > SALE_PRICE_MAX) problem(m.priceTooLarge, 'unit_price');
  });
export type OrderLineBody = z.output<typeof orderLineBodySchema>;

/**
 * The due date ('Fecha de entrega'): a real day from today (the server's
 * today for the API, the browser's for the form) to ORDER_DUE_MAX_DAYS ahead.
 */
export const dueDateSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .refine(isRealIsoDate, { error: (issue) => m.invalidDueDate(String(issue.input)), abort: true })
  .refine((date) => date >= localIsoDate(), { message: m.dueDatePast, abort: true })
  .refine((date) => date <= addDays(localIsoDate(), ORDER_DUE_MAX_DAYS), { message: m.dueDateTooFar, abort: true });

/**
 * Body of POST /api/orders and PUT /api/orders/:id (the latter adds `version`),
 * also the order form's schema (docs/product-guide.md#pedidos). The customer's
 * being active, each product's and format's existence, the service checks.
 */
export const orderBodySchema = z.object(
  {
    customer_id: rowId(m.invalidCustomer),
    due_date: dueDateSchema,
    notes: z
      .string({ error: m.notesInvalid })
      .nullish()
      .transform((text) => text?.trim() || null)
      .refine((text) => text === null || text.length <= ORDER_NOTES_MAX, m.notesTooLong),
    // A number checked against the list (not a union of literals): the OpenAPI document then types it (integer, nullable).
    repeat_weeks: z
      .number({ error: m.invalidRepeat })
      .refine((weeks): weeks is 1 | 2 | 4 => (ORDER_REPEAT_WEEKS as readonly number[]).includes(weeks), m.invalidRepeat)
      .nullable()
      .optional()
      .transform((weeks) => weeks ?? null)
      .meta({ description: 'null: no se repite; 1, 2 o 4: al entregarlo se crea el siguiente con la fecha de entrega más ese número de semanas.' }),
    lines: z.array(orderLineBodySchema, { error: m.noLines }).min(1, m.noLines).max(ORDER_LINES_MAX, m.tooManyLines),
  },
  { error: m.required },
);
export type OrderBody = z.output<typeof orderBodySchema>;
export type OrderBodyInput = z.input<typeof orderBodySchema>;

export const orderUpdateBodySchema = orderBodySchema.extend({ version: recordVersionSchema });
export type OrderUpdateBody = z.output<typeof orderUpdateBodySchema>;

/** One line as the API answers it: the body's fields, with its id, the product's and format's names and the kilos. */
export const orderLineSchema = z.object({
  id: z.number().int(),
  product: orderProductSchema,
  /** 'Colombia · Medio' or the recipe's name. */
  product_name: z.string(),
  format_id: z.number().int().nullable(),
  /** The format's name ('Bolsa 250 g'); null for bulk kilos. */
  format_name: z.string().nullable(),
  /** Bags of the format; null for bulk kilos. */
  bags: z.number().int().nullable(),
  /** What the body sent: the bags, or the kilos for bulk. */
  quantity: z.number(),
  /** The line's kilos (bags × the format's grams, or the bulk kilos). */
  kg: z.number(),
  /** $ per kg. */
  unit_price: z.number(),
  /** kg × unit_price to the cent, half up (src/shared/sale-total.ts). */
  total: z.number(),
  grind: z.enum(GRINDS),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as the API answers it (docs/product-guide.md#pedidos). */
export const orderSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  status: z.enum(ORDER_STATUSES),
  customer_id: z.number().int(),
  customer_name: z.string(),
  order_date: z.string(),
  due_date: z.string(),
  notes: z.string().nullable(),
  /** 1, 2 or 4 weeks; null: not repeated. */
  repeat_weeks: z.number().int().nullable(),
  prepared_date: z.string().nullable(),
  delivered_date: z.string().nullable(),
  /** '2026-0001' once first prepared (kept through an undo), else null. */
  delivery_note_number: z.string().nullable(),
  /** The repeat its delivery created; null until then. */
  next_order_id: z.number().int().nullable(),
  /** The sales its preparation recorded (empty unless 'preparado' or 'entregado'). */
  sale_ids: z.array(z.number().int()),
  /** The sum of the lines' kilos and totals. */
  kg: z.number(),
  total: z.number(),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A row of the list: the order without its lines. */
export const orderSummarySchema = orderSchema.omit({ lines: true, sale_ids: true }).extend({ line_count: z.number().int() });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const invalid = { error: commonMessages.invalidRequest };
const filterDate = z
  .string(invalid)
  .refine(isRealIsoDate, m.invalidFilterDate)
  .optional();

/**
 * GET /api/orders: by due date, then id, `limit` at a time after `cursor` (the
 * page before's `next_cursor`, opaque): a keyset walk of the migration's
 * indexes, so a page costs the same at a thousand orders or a hundred thousand.
 */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, invalid).optional().meta({ description: 'Solo los pedidos en ese estado.' }),
  customer_id: rowIdSchema.optional().meta({ description: 'Solo los pedidos de ese cliente.' }),
  due_from: filterDate.meta({ description: 'Fecha de entrega desde (incluida), AAAA-MM-DD.' }),
  due_to: filterDate.meta({ description: 'Fecha de entrega hasta (incluida), AAAA-MM-DD.' }),
  limit: z.coerce.number(invalid).int(commonMessages.invalidRequest).min(1, commonMessages.invalidRequest).max(500, commonMessages.invalidRequest).default(100),
  cursor: z.string(invalid).max(400, m.invalidCursor).regex(/^[\w-]+$/u, m.invalidCursor).optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** A page of the list: pass `next_cursor` as `cursor` for the next; null on the last page. */
export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  next_cursor: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * GET /api/orders/:id/allocation: per line, the lots of its product with stock,
 * oldest roast (or blend) first, each with the kilos proposed from it (0 once
 * the line is covered) and its stock now: what the fulfil body sends back as
 * `expected_stock_kg`.
 */
export const allocationLotSchema = z.object({
  lot_kind: z.enum(LOT_KINDS),
  lot_id: z.number().int(),
  batch_code: z.string(),
  /** The roast date of a roasted lot, the creation date of a blend. */
  made_date: z.string(),
  /** Kilos proposed from this lot. */
  kg: z.number(),
  stock_kg: z.number(),
  /** Its age and state: ready lots come first, oldest roast first (docs/decisions/0049-roast-age-and-public-page.md). */
  ...roastAgeShape,
});
export const allocationSchema = z.object({
  order_id: z.number().int(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      /** The line's kilos. */
      kg: z.number(),
      /** Kilos the lots with stock cannot cover (0 when they can). */
      missing_kg: z.number(),
      lots: z.array(allocationLotSchema),
    }),
  ),
});
export type Allocation = z.infer<typeof allocationSchema>;
export type AllocationLot = z.infer<typeof allocationLotSchema>;

const fulfilKg = (message: string) =>
  z
    .number({ error: m.fulfilRequired })
    .refine((kg) => Number.isFinite(kg) && hasAtMostDecimals(kg, KG_DECIMALS), message)
    .refine((kg) => kg >= 0 && kg <= SALE_QUANTITY_MAX_KG, message);

/**
 * Body of POST /api/orders/:id/fulfil: every line once, with the lots chosen
 * for it, the kilos from each (summing to the line's) and the stock each lot
 * showed (`expected_stock_kg`); a lot whose stock is not that any more refuses
 * the whole preparation (409, nothing written: docs/decisions/0043-orders.md).
 */
export const fulfilBodySchema = z.object(
  {
    lines: z
      .array(
        z.object(
          {
            line_id: rowId(m.fulfilRequired),
            lots: z
              .array(
                z.object(
                  {
                    lot_kind: z.enum(LOT_KINDS, { error: m.fulfilRequired }),
                    lot_id: rowId(m.fulfilRequired),
                    kg: fulfilKg(m.quantityPositive).refine((kg) => kg > 0, m.quantityPositive),
                    expected_stock_kg: fulfilKg(m.fulfilRequired),
                  },
                  { error: m.fulfilRequired },
                ),
                { error: m.fulfilRequired },
              )
              .min(1, m.fulfilRequired)
              .max(100, m.fulfilRequired),
          },
          { error: m.fulfilRequired },
        ),
        { error: m.fulfilRequired },
      )
      .min(1, m.fulfilRequired)
      .max(ORDER_LINES_MAX, m.fulfilRequired),
  },
  { error: m.fulfilRequired },
);
export type FulfilBody = z.output<typeof fulfilBodySchema>;

/**
 * GET /api/orders/price-hint: the price per kg the order form pre-fills for a
 * customer and a product: the customer's last sale of that product, else the
 * product's price (Configuración), else its type's default price; null when none.
 */
export const priceHintQuerySchema = z.object({
  customer_id: rowIdSchema.optional().meta({ description: 'El cliente; sin él, solo el precio del producto.' }),
  kind: z.enum(LOT_KINDS, invalid).meta({ description: 'tostado (con origin_id y roast_type) o mezcla (con recipe_id).' }),
  origin_id: rowIdSchema.optional(),
  roast_type: z.enum(ROAST_TYPES, invalid).optional(),
  recipe_id: rowIdSchema.optional(),
});
export type PriceHintQuery = z.output<typeof priceHintQuerySchema>;

export const PRICE_HINT_SOURCES = ['cliente', 'producto', 'predeterminado'] as const;
export const priceHintSchema = z.object({
  /** $ per kg, or null when nothing gives one. */
  unit_price: z.number().nullable(),
  /** Where it came from: the customer's last sale, the product's price, the type's default; null with no price. */
  source: z.enum(PRICE_HINT_SOURCES).nullable(),
});
export type PriceHint = z.infer<typeof priceHintSchema>;
