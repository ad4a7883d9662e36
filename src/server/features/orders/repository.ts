import { sql, type Updateable } from 'kysely';
import type { OrderListQuery, OrderStatus } from '#shared/schemas/orders.js';
import { dialectOf } from '#server/db/dialect.js';
import type { OrderLineRow, OrderRow, OrdersTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** An order as stored, with its customer's name (docs/product-guide.md#pedidos). */
export type OrderRecord = OrderRow & { customer_name: string };

/** A line as stored, with its product's name: 'Colombia · Medio' or the recipe's. */
export type OrderLineRecord = OrderLineRow & { product_name: string };

export type OrderValues = Pick<OrdersTable, 'customer_id' | 'order_date' | 'due_date' | 'notes' | 'repeat_weeks'>;
export type OrderLineValues = Omit<OrderLineRow, 'id' | 'order_id' | 'position'>;

/** What a change of state writes besides the state's own bookkeeping. */
export type StatusChange = Pick<Updateable<OrdersTable>, 'status' | 'prepared_date' | 'delivered_date' | 'delivery_note_year' | 'delivery_note_seq' | 'next_order_id'>;

/** Where a page starts: strictly after this (due_date, id) in the list's order. */
export interface OrderKeyset {
  due: string;
  id: number;
}

const orderColumns = [
  'o.id',
  'o.version',
  'o.customer_id',
  'o.order_date',
  'o.due_date',
  'o.notes',
  'o.repeat_weeks',
  'o.status',
  'o.prepared_date',
  'o.delivered_date',
  'o.delivery_note_year',
  'o.delivery_note_seq',
  'o.next_order_id',
  'o.user_id',
  'o.created_at',
  'o.updated_at',
  'c.name as customer_name',
] as const;

const ordersWithCustomer = (db: DbOrTrx) => db.selectFrom('orders as o').innerJoin('customers as c', 'c.id', 'o.customer_id').select(orderColumns);

export const findOrderById = (db: DbOrTrx, id: number): Promise<OrderRecord | undefined> => ordersWithCustomer(db).where('o.id', '=', id).executeTakeFirst();

/**
 * One page in due-date order (then id) after `after`: each filter is an equality
 * leading one of migration 0020's indexes ((status, due_date, id), (customer_id,
 * due_date, id), (due_date, id)), so the walk starts at the keyset whatever the
 * table's size (docs/performance.md).
 */
export async function listOrders(db: DbOrTrx, filters: Omit<OrderListQuery, 'limit' | 'cursor'>, limit: number, after?: OrderKeyset): Promise<OrderRecord[]> {
  let query = ordersWithCustomer(db);
  if (filters.status !== undefined) query = query.where('o.status', '=', filters.status);
  if (filters.customer_id !== undefined) query = query.where('o.customer_id', '=', filters.customer_id);
  if (filters.due_from !== undefined) query = query.where('o.due_date', '>=', filters.due_from);
  if (filters.due_to !== undefined) query = query.where('o.due_date', '<=', filters.due_to);
  if (after) query = query.where((eb) => eb.or([eb('o.due_date', '>', after.due), eb.and([eb('o.due_date', '=', after.due), eb('o.id', '>', after.id)])]));
  return query.orderBy('o.due_date').orderBy('o.id').limit(limit).execute();
}

/** The product's name as the sale picker and product prices name it. */
const productName = sql<string>`case when l.product_type = 'tostado' then og.name || ' · ' || l.roast_type else r.name end`;

/** The lines of these orders, in each order's position order, with their products' names. */
export async function linesOfOrders(db: DbOrTrx, orderIds: readonly number[]): Promise<OrderLineRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_lines as l')
    .leftJoin('coffee_origins as og', 'og.id', 'l.origin_id')
    .leftJoin('blend_recipes as r', 'r.id', 'l.recipe_id')
    .selectAll('l')
    .select(productName.as('product_name'))
    .where('l.order_id', 'in', orderIds)
    .orderBy('l.order_id')
    .orderBy('l.position')
    .execute();
}

/** Per order, its lines' count, grams and total cents at the exact per-line rounding the answer uses. */
export async function lineFiguresOfOrders(db: DbOrTrx, orderIds: readonly number[]): Promise<Pick<OrderLineRow, 'order_id' | 'quantity_g' | 'unit_price_cents'>[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_lines').select(['order_id', 'quantity_g', 'unit_price_cents']).where('order_id', 'in', orderIds).execute();
}

/** The sales an order's preparation recorded (sales.order_line_id, its partial index), oldest first. */
export async function saleIdsOfOrder(db: DbOrTrx, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sales as s')
    .innerJoin('order_lines as l', 'l.id', 's.order_line_id')
    .select('s.id')
    .where('l.order_id', '=', orderId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Which of these origins and recipes exist: a line naming another is refused. */
export async function existingProducts(db: DbOrTrx, originIds: readonly number[], recipeIds: readonly number[]): Promise<{ origins: Set<number>; recipes: Set<number> }> {
  const [origins, recipes] = await Promise.all([
    originIds.length === 0 ? [] : db.selectFrom('coffee_origins').select('id').where('id', 'in', originIds).execute(),
    recipeIds.length === 0 ? [] : db.selectFrom('blend_recipes').select('id').where('id', 'in', recipeIds).execute(),
  ]);
  return { origins: new Set(origins.map((row) => row.id)), recipes: new Set(recipes.map((row) => row.id)) };
}

export async function insertOrder(db: DbOrTrx, values: OrderValues, userId: number | null, now: number): Promise<number> {
  const row = await db
    .insertInto('orders')
    .values({ ...values, user_id: userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order of the shop import: its fields, and the shop's source and number, unique together (migration 0025). */
export type ShopOrderValues = OrderValues & { shop_source: string; shop_order: string };

/**
 * The shop import's orders in one statement (docs/decisions/0047-shop-orders-import.md): their ids by
 * shop number, since neither database promises RETURNING's rows in the VALUES' order. Throws the
 * unique violation of a number another import created meanwhile.
 */
export async function insertShopOrders(db: DbOrTrx, rows: readonly ShopOrderValues[], userId: number | null, now: number): Promise<Map<string, number>> {
  const inserted = await db
    .insertInto('orders')
    .values(rows.map((values) => ({ ...values, user_id: userId, created_at: now, updated_at: now })))
    .returning(['id', 'shop_order'])
    .execute();
  return new Map(inserted.map((row) => [row.shop_order!, row.id]));
}

/** Lines of several orders in one statement, each with its order and its position in it. */
export async function insertLinesOfOrders(db: DbOrTrx, lines: readonly (OrderLineValues & { order_id: number; position: number })[]): Promise<void> {
  await db.insertInto('order_lines').values([...lines]).execute();
}

export async function insertLines(db: DbOrTrx, orderId: number, lines: readonly OrderLineValues[]): Promise<void> {
  await db
    .insertInto('order_lines')
    .values(lines.map((line, index) => ({ ...line, order_id: orderId, position: index + 1 })))
    .execute();
}

/** Replaces an order's lines (an edit while pending: no sale names them yet). */
export async function replaceLines(db: DbOrTrx, orderId: number, lines: readonly OrderLineValues[]): Promise<void> {
  await db.deleteFrom('order_lines').where('order_id', '=', orderId).execute();
  await insertLines(db, orderId, lines);
}

/** An edit's fields; the write pipeline raises the version. */
export async function updateOrderFields(db: DbOrTrx, id: number, values: Omit<OrderValues, 'order_date'>, now: number): Promise<void> {
  await db.updateTable('orders').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

/**
 * A change of state (prepare, undo, deliver, cancel), only from `from`: false
 * when the order is no longer in it (a request that raced this one). Raises
 * the version, so a form read before cannot overwrite the new state.
 */
/** The change of state when the order was still `from`, with the version and time it now has; undefined when it was not. */
export async function changeStatus(
  db: DbOrTrx,
  id: number,
  from: OrderStatus,
  set: StatusChange,
  now: number,
): Promise<Pick<OrderRow, 'version' | 'updated_at'> | undefined> {
  return db
    .updateTable('orders')
    .set((eb) => ({ ...set, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['version', 'updated_at'])
    .executeTakeFirst();
}

/**
 * The order read under its row lock (PostgreSQL, in the same statement; SQLite's
 * write transaction holds the file), or undefined: taken first by every state
 * change, so two of them on one order queue up. An order is not a lot: its lock
 * comes before the lots' (docs/decisions/0043-orders.md).
 */
export async function findOrderLocked(db: DbOrTrx, id: number): Promise<OrderRecord | undefined> {
  const read = ordersWithCustomer(db).where('o.id', '=', id);
  // SQLite has no row locks: BEGIN IMMEDIATE already makes this the only writer.
  return (dialectOf(db) === 'postgres' ? read.forNoKeyUpdate('o') : read).executeTakeFirst();
}

/**
 * The next delivery-note number of `year` (docs/decisions/0043-orders.md): the
 * counter's row is created or raised in one statement, which holds its row lock
 * to the end of the transaction, so two preparations never draw the same
 * number and a rolled-back one gives its number back unseen.
 */
export async function drawDeliveryNote(db: DbOrTrx, year: number): Promise<number> {
  const row = await db
    .insertInto('delivery_note_counters')
    .values({ year, last_seq: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_seq: eb('delivery_note_counters.last_seq', '+', 1) })))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}
