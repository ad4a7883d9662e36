import type { Kysely, Transaction } from 'kysely';
import { deliveryNoteNumber, ORDER_STATUS_LABELS, orderMessages as m } from '#shared/order-messages.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { availableKgText } from '#shared/schemas/sales.js';
import {
  addDays,
  type Allocation,
  type FulfilBody,
  type Order,
  type OrderBody,
  type OrderLine,
  type OrderListQuery,
  type OrderPage,
  type OrderProduct,
  type OrderStatus,
  type OrderSummary,
  type PriceHint,
  type PriceHintQuery,
} from '#shared/schemas/orders.js';
import { localIsoDate } from '#shared/local-date.js';
import type { ProductType } from '#shared/schemas/products.js';
import { SALE_QUANTITY_MAX_KG } from '#shared/limits.js';
import { centsToPrice, gramsToKg, kgToGrams, priceToCents } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { isForeignKeyViolation } from '#server/db/constraint-errors.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '#server/http/keyset-cursor.js';
import { withLotLock } from '#server/ledger/lot-locks.js';
import { activeCustomerNames, findActiveCustomerName } from '#server/features/customers/service.js';
import { findActiveFormat, formatsByIds } from '#server/features/sale-formats/service.js';
import { agesOf, lotsOfUnit, lotsWithUnits, type ProductUnit } from '#server/features/products/service.js';
import { readyOldestFirst } from '#shared/freshness.js';
import { deleteOrderSales, lastPriceOfCustomer, recordOrderSales } from '#server/features/sales/service.js';
import { priceOfProduct } from '#server/features/product-prices/service.js';
import { getSettings, readFormatter } from '#server/features/settings/service.js';
import * as repository from './repository.js';

/** 'Pedido 12 · Café Sol': how the activity log labels an order (docs/product-guide.md#pedidos). */
export { orderLabel } from '#shared/order-messages.js';

const productOf = (line: repository.OrderLineRecord): OrderProduct =>
  line.product_type === 'tostado'
    ? { kind: 'tostado', origin_id: line.origin_id!, roast_type: line.roast_type! }
    : { kind: 'mezcla', recipe_id: line.recipe_id! };

function toLine(line: repository.OrderLineRecord, formatName: string | null): OrderLine {
  return {
    id: line.id,
    product: productOf(line),
    product_name: line.product_name,
    format_id: line.format_id,
    format_name: line.format_id === null ? null : formatName,
    bags: line.bags,
    quantity: line.bags ?? gramsToKg(line.quantity_g),
    kg: gramsToKg(line.quantity_g),
    unit_price: centsToPrice(line.unit_price_cents),
    total: centsToPrice(saleTotalCents(line.quantity_g, line.unit_price_cents)),
    grind: line.grind,
  };
}

/** The order's fields the list and the full answer share; `figures` are its lines' grams and cents. */
function toSummaryFields(record: repository.OrderRecord, figures: readonly { quantity_g: number; unit_price_cents: number }[]) {
  const grams = figures.reduce((sum, line) => sum + line.quantity_g, 0);
  const cents = figures.reduce((sum, line) => sum + saleTotalCents(line.quantity_g, line.unit_price_cents), 0);
  return {
    id: record.id,
    version: record.version,
    status: record.status,
    customer_id: record.customer_id,
    customer_name: record.customer_name,
    order_date: record.order_date,
    due_date: record.due_date,
    notes: record.notes,
    repeat_weeks: record.repeat_weeks,
    prepared_date: record.prepared_date,
    delivered_date: record.delivered_date,
    delivery_note_number:
      record.delivery_note_year === null || record.delivery_note_seq === null ? null : deliveryNoteNumber(record.delivery_note_year, record.delivery_note_seq),
    next_order_id: record.next_order_id,
    kg: gramsToKg(grams),
    total: centsToPrice(cents),
  };
}

/** The order as the API shows it (GET /api/orders/:id, every write's answer, the activity log's "before"), or undefined. */
export async function findOrder(db: DbOrTrx, id: number): Promise<Order | undefined> {
  const record = await repository.findOrderById(db, id);
  if (!record) return undefined;
  const [lines, saleIds] = await Promise.all([repository.linesOfOrders(db, [id]), repository.saleIdsOfOrder(db, id)]);
  return orderOf(record, lines, saleIds, await formatsByIds(db, formatIdsOf(lines)));
}

const formatIdsOf = (lines: readonly repository.OrderLineRecord[]) => lines.flatMap((line) => (line.format_id === null ? [] : [line.format_id]));

/** The answer from its parts: the order's row, its lines, its sales' ids (ascending) and its lines' formats. */
function orderOf(record: repository.OrderRecord, lines: readonly repository.OrderLineRecord[], saleIds: number[], formats: Map<number, { name: string }>): Order {
  return {
    ...toSummaryFields(record, lines),
    sale_ids: saleIds,
    lines: lines.map((line) => toLine(line, line.format_id === null ? null : (formats.get(line.format_id)?.name ?? null))),
  };
}

async function readOrder(db: DbOrTrx, id: number): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFoundError(m.notFound);
  return order;
}

/** A page's last row as the opaque `next_cursor` ([due_date, id]), and back (http/keyset-cursor.ts). */
const encodeCursor = (keyset: repository.OrderKeyset): string => encodeKeysetCursor(keyset.due, keyset.id);
function decodeCursor(cursor: string): repository.OrderKeyset {
  const { sort, id } = decodeKeysetCursor(cursor, m.invalidCursor);
  return { due: sort, id };
}

/** GET /api/orders: `limit` orders in due-date order after `cursor`, each with its kilos and total, and the next page's cursor. */
export async function listOrders(db: Kysely<Database>, query: OrderListQuery): Promise<OrderPage> {
  const { limit, cursor, ...filters } = query;
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  // One row more than asked says whether a next page exists, without a count.
  const rows = await repository.listOrders(db, filters, limit + 1, after);
  const page = rows.slice(0, limit);
  const figures = await repository.lineFiguresOfOrders(db, page.map((row) => row.id));
  const byOrder = new Map<number, { quantity_g: number; unit_price_cents: number }[]>();
  for (const figure of figures) byOrder.set(figure.order_id, [...(byOrder.get(figure.order_id) ?? []), figure]);
  const items: OrderSummary[] = page.map((row) => {
    const lines = byOrder.get(row.id) ?? [];
    return { ...toSummaryFields(row, lines), line_count: lines.length };
  });
  const last = page.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor({ due: last.due_date, id: last.id }) : null };
}

/**
 * The lines' rows from the body (docs/product-guide.md#pedidos): each product
 * exists (an origin, or a recipe), each format is active, and the kilos
 * (bags × the format's grams, or the bulk kilos) stay within a sale's limit.
 * 'Línea 2: …' names the first line that fails.
 */
async function lineValues(db: DbOrTrx, lines: OrderBody['lines']): Promise<repository.OrderLineValues[]> {
  return (await lineChecker(db, lines))(lines);
}

/**
 * Reads once what `lines` name (products, active formats), and gives the check of one order's
 * lines against it: lineValues for one order, the shop import for thousands (a few queries, not
 * a few per order).
 */
async function lineChecker(db: DbOrTrx, allLines: readonly OrderBody['lines'][number][]): Promise<(lines: OrderBody['lines']) => repository.OrderLineValues[]> {
  const originIds = allLines.flatMap((line) => (line.product.kind === 'tostado' ? [line.product.origin_id] : []));
  const recipeIds = allLines.flatMap((line) => (line.product.kind === 'mezcla' ? [line.product.recipe_id] : []));
  const known = await repository.existingProducts(db, [...new Set(originIds)], [...new Set(recipeIds)]);
  const formats = new Map<number, { grams: number } | undefined>();
  for (const id of new Set(allLines.flatMap((line) => (line.format_id === null ? [] : [line.format_id])))) formats.set(id, await findActiveFormat(db, id));
  return (lines) =>
    lines.map((line, index) => {
      const refuse = (message: string): never => {
        throw validationError(m.line(index + 1, message));
      };
      const { product } = line;
      if (product.kind === 'tostado' && !known.origins.has(product.origin_id)) refuse(m.unknownOrigin);
      if (product.kind === 'mezcla' && !known.recipes.has(product.recipe_id)) refuse(m.unknownRecipe);
      let quantityG: number;
      if (line.format_id === null) quantityG = kgToGrams(line.quantity);
      else {
        const format = formats.get(line.format_id);
        if (!format) return refuse(m.invalidFormat);
        quantityG = line.quantity * format.grams;
      }
      if (quantityG > SALE_QUANTITY_MAX_KG * 1000) refuse(m.quantityTooLarge);
      return {
        product_type: product.kind,
        origin_id: product.kind === 'tostado' ? product.origin_id : null,
        roast_type: product.kind === 'tostado' ? product.roast_type : null,
        recipe_id: product.kind === 'mezcla' ? product.recipe_id : null,
        format_id: line.format_id,
        bags: line.format_id === null ? null : line.quantity,
        quantity_g: quantityG,
        unit_price_cents: priceToCents(line.unit_price),
        grind: line.grind,
      };
    });
}

async function requireActiveCustomer(db: DbOrTrx, customerId: number): Promise<void> {
  if ((await findActiveCustomerName(db, customerId)) === undefined) throw validationError(m.invalidCustomer);
}

/** A customer, origin, recipe or format deleted between the checks and the insert (PostgreSQL, two requests at once): the checks' answer, not a 500. */
const rethrowGone = (error: unknown): never => {
  if (isForeignKeyViolation(error)) throw validationError(m.invalidProduct);
  throw error;
};

/**
 * POST /api/orders (docs/product-guide.md#pedidos): an active customer, a due
 * date from today (the body's schema), at least one line of a product that
 * exists with an active format or bulk kilos. Dated the server's today,
 * 'pendiente'. (The shop import writes its orders in batches: createShopOrders.)
 */
export async function createOrder(db: Kysely<Database>, body: OrderBody, userId: number | null): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    await requireActiveCustomer(trx, body.customer_id);
    const lines = await lineValues(trx, body.lines);
    const id = await repository.insertOrder(
      trx,
      { customer_id: body.customer_id, order_date: localIsoDate(), due_date: body.due_date, notes: body.notes, repeat_weeks: body.repeat_weeks },
      userId,
      Date.now(),
    );
    await repository.insertLines(trx, id, lines);
    return readOrder(trx, id);
  }).catch(rethrowGone);
}

/** One order of the shop import: its body, the shop's day (not today) and the shop's source and number. */
export interface ShopOrderInput {
  body: OrderBody;
  order_date: string;
  shop: { source: string; number: string };
}

/**
 * Orders per INSERT of the shop import, their lines in one more: 100 orders (11 columns) and their
 * lines (~400 rows of 11) stay far under SQLite's 32,766 and PostgreSQL's 65,535 parameters. Not
 * more: on SQLite each statement is a synchronous stretch of the request thread, built by Kysely
 * and run by the driver in one go; 500 orders' ~2,000 lines took 16–50 ms, 100 orders' take a
 * fifth of it (bench P15, /api/health meanwhile).
 */
const SHOP_ORDERS_PER_INSERT = 100;

/**
 * The shop import's orders (docs/decisions/0047-shop-orders-import.md), inside its transaction:
 * the rules of POST /api/orders (an active customer, products that exist, active formats, the
 * kilos' limit), checked with a few queries for all of them, then written a few hundred orders
 * per statement rather than a dozen statements per order, so the transaction is short (bench P15).
 * `refusal` words a refused order's message (the shop's number in it); `turn` runs between
 * statements (the import's turns for other requests). The ids in `orders`' order.
 */
export async function createShopOrders(
  trx: Transaction<Database>,
  orders: readonly ShopOrderInput[],
  userId: number | null,
  refusal: (index: number, message: string) => string,
  turn: () => Promise<void> = async () => {},
): Promise<{ id: number; customer_name: string }[]> {
  const names = await activeCustomerNames(trx, [...new Set(orders.map((order) => order.body.customer_id))]);
  const check = await lineChecker(trx, orders.flatMap((order) => order.body.lines));
  const lines: repository.OrderLineValues[][] = [];
  for (const [index, order] of orders.entries()) {
    await turn();
    try {
      if (!names.has(order.body.customer_id)) throw validationError(m.invalidCustomer);
      lines.push(check(order.body.lines));
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, refusal(index, error.message));
      throw error;
    }
  }
  const now = Date.now();
  const ids: number[] = [];
  try {
    for (let start = 0; start < orders.length; start += SHOP_ORDERS_PER_INSERT) {
      await turn();
      const batch = orders.slice(start, start + SHOP_ORDERS_PER_INSERT);
      const inserted = await repository.insertShopOrders(
        trx,
        batch.map(({ body, order_date, shop }) => ({
          customer_id: body.customer_id, order_date, due_date: body.due_date, notes: body.notes, repeat_weeks: body.repeat_weeks, shop_source: shop.source, shop_order: shop.number,
        })),
        userId,
        now,
      );
      const batchIds = batch.map((order) => inserted.get(order.shop.number)!);
      await turn();
      await repository.insertLinesOfOrders(trx, batchIds.flatMap((orderId, index) => lines[start + index]!.map((line, position) => ({ ...line, order_id: orderId, position: position + 1 }))));
      ids.push(...batchIds);
    }
  } catch (error) {
    rethrowGone(error);
  }
  return orders.map((order, index) => ({ id: ids[index]!, customer_name: names.get(order.body.customer_id)! }));
}

/** The order locked for a change of state (or an edit), or a 404. */
async function lockedOrder(trx: DbOrTrx, id: number): Promise<repository.OrderRecord> {
  const order = await repository.findOrderLocked(trx, id);
  if (!order) throw notFoundError(m.notFound);
  return order;
}

const statusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];

/**
 * PUT /api/orders/:id: while 'pendiente' only (409 otherwise); the write
 * pipeline has checked `version` and raises it. The lines are replaced: no
 * sale names them yet. Keeping the customer is fine even if deactivated since;
 * another one must be active.
 */
export async function updateOrder(db: Kysely<Database>, id: number, body: OrderBody): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    const current = await lockedOrder(trx, id);
    if (current.status !== 'pendiente') throw new AppError('conflict', m.notPending(statusLabel(current.status)));
    if (body.customer_id !== current.customer_id) await requireActiveCustomer(trx, body.customer_id);
    const lines = await lineValues(trx, body.lines);
    await repository.updateOrderFields(trx, id, { customer_id: body.customer_id, due_date: body.due_date, notes: body.notes, repeat_weeks: body.repeat_weeks }, Date.now());
    await repository.replaceLines(trx, id, lines);
    return readOrder(trx, id);
  }).catch(rethrowGone);
}

/** Moves the locked order from `from` and returns its row as it now is; a racing request already moved it: the same 409 as a late click. */
async function moveOrder(trx: DbOrTrx, order: repository.OrderRecord, from: OrderStatus, set: repository.StatusChange, refusal: string): Promise<repository.OrderRecord> {
  const changed = await repository.changeStatus(trx, order.id, from, set, Date.now());
  if (!changed) throw new AppError('conflict', refusal);
  return { ...order, ...set, ...changed } as repository.OrderRecord;
}

/** POST /api/orders/:id/cancel: a pending order only; a prepared one is undone first ('Deshacer preparación'). */
export async function cancelOrder(db: Kysely<Database>, id: number): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, id);
    const refusal = m.cannotCancel(statusLabel(order.status));
    if (order.status !== 'pendiente') throw new AppError('conflict', refusal);
    await moveOrder(trx, order, 'pendiente', { status: 'cancelado' }, refusal);
    return readOrder(trx, id);
  });
}

/** Lots proposed per line at most: a line needing more lots than this is split by the user. */
const ALLOCATION_LOTS_MAX = 50;

/**
 * GET /api/orders/:id/allocation (docs/decisions/0043-orders.md): per line, the
 * lots of its product with stock, the oldest ready roast (or blend) first, with the kilos
 * proposed from each until the line's kilos are covered. Two lines of one
 * product share the lots: the second is proposed what the first leaves.
 */
export async function orderAllocation(db: Kysely<Database>, id: number): Promise<Allocation> {
  const order = await repository.findOrderById(db, id);
  if (!order) throw notFoundError(m.notFound);
  const lines = await repository.linesOfOrders(db, [id]);
  const left = new Map<string, number>();
  const result: Allocation['lines'] = [];
  for (const line of lines) {
    const found = await lotsOfUnit(db, productOf(line), ALLOCATION_LOTS_MAX);
    const ages = await agesOf(db, found);
    // The oldest ready lot first; resting lots last (docs/decisions/0049-roast-age-and-public-page.md).
    const lots = found.map((lot) => ({ ...lot, ...ages(lot) })).sort(readyOldestFirst);
    let needG = line.quantity_g;
    const proposed = lots.map((lot) => {
      const key = `${lot.type}:${lot.id}`;
      const availableG = left.get(key) ?? lot.stock_g;
      const takeG = Math.min(needG, availableG);
      needG -= takeG;
      left.set(key, availableG - takeG);
      return {
        lot_kind: lot.type,
        lot_id: lot.id,
        batch_code: lot.batch_code,
        made_date: lot.made_on,
        kg: gramsToKg(takeG),
        stock_kg: gramsToKg(lot.stock_g),
        age_days: lot.age_days,
        freshness: lot.freshness,
      };
    });
    result.push({ line_id: line.id, kg: gramsToKg(line.quantity_g), missing_kg: gramsToKg(needG), lots: proposed });
  }
  return { order_id: id, lines: result };
}

/** Whether a lot's unit (null: a blend without a recipe) is the line's. */
const sameUnit = (lot: ProductUnit | null, line: OrderProduct): boolean =>
  lot !== null &&
  (lot.kind === 'tostado'
    ? line.kind === 'tostado' && lot.origin_id === line.origin_id && lot.roast_type === line.roast_type
    : line.kind === 'mezcla' && lot.recipe_id === line.recipe_id);

/**
 * A lot's bags in a sale of `grams` from it: the line's format when the lot's
 * kilos are a whole number of its bags, else null (docs/decisions/0043-orders.md:
 * the sale keeps the format, its kilos are exact, and a bag split between two
 * lots is counted by neither).
 */
const bagsOf = (grams: number, formatGrams: number | undefined): number | null =>
  formatGrams !== undefined && grams % formatGrams === 0 ? grams / formatGrams : null;

/**
 * POST /api/orders/:id/fulfil (docs/decisions/0043-orders.md), in ONE write
 * transaction: the order is locked, then every chosen lot in the global lock
 * order; each lot's stock must still be the `expected_stock_kg` the user saw
 * (else 409 naming the lot, nothing written), each line's lots must be of its
 * product and sum to its kilos. Then one sale per line and lot through the
 * sales area (its rules, ledger move and aggregates), dated the server's today,
 * with the order's customer and the line's price, format and bags; the order
 * becomes 'preparado' and, the first time only, draws its delivery-note number.
 */
export async function fulfilOrder(db: Kysely<Database>, id: number, body: FulfilBody, userId: number): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, id);
    if (order.status !== 'pendiente') throw new AppError('conflict', m.cannotFulfil(statusLabel(order.status)));
    const lines = await repository.linesOfOrders(trx, [id]);
    const chosen = new Map(body.lines.map((line) => [line.line_id, line.lots]));
    if (chosen.size !== body.lines.length || chosen.size !== lines.length || lines.some((line) => !chosen.has(line.id))) {
      throw validationError(m.fulfilLinesMismatch);
    }

    // Every chosen lot locked and read by one statement per kind (roasted, then blends: the global
    // lock order, ascending id), and every check before the first write: a refusal leaves nothing to undo.
    const chosenIds = (kind: ProductType) => [...new Set(body.lines.flatMap((line) => line.lots.filter((lot) => lot.lot_kind === kind).map((lot) => lot.lot_id)))];
    const read = [...(await lotsWithUnits(trx, 'tostado', chosenIds('tostado'), withLotLock)), ...(await lotsWithUnits(trx, 'mezcla', chosenIds('mezcla'), withLotLock))];
    const lotsByKey = new Map(read.map((lot) => [`${lot.type}:${lot.id}`, lot]));
    const takenG = new Map<string, number>();
    for (const [index, line] of lines.entries()) {
      const unit = productOf(line);
      const seen = new Set<string>();
      let sumG = 0;
      for (const lot of chosen.get(line.id)!) {
        const key = `${lot.lot_kind}:${lot.lot_id}`;
        const product = lotsByKey.get(key);
        if (!product) throw new AppError('conflict', m.lotNotFound);
        if (seen.has(key)) throw validationError(m.lotRepeated(product.batch_code));
        seen.add(key);
        if (product.stock_g !== kgToGrams(lot.expected_stock_kg)) throw new AppError('conflict', m.lotChanged(product.batch_code));
        if (!sameUnit(product.unit, unit)) throw validationError(m.lotWrongProduct(product.batch_code));
        const grams = kgToGrams(lot.kg);
        const taken = (takenG.get(key) ?? 0) + grams;
        if (taken > product.stock_g) {
          throw new AppError('insufficient_stock', m.lotNotEnough(product.batch_code, availableKgText(product.stock_g, await readFormatter(trx))));
        }
        takenG.set(key, taken);
        sumG += grams;
      }
      if (sumG !== line.quantity_g) {
        const f = await readFormatter(trx);
        throw validationError(m.lineSumMismatch(index + 1, f.plain(gramsToKg(line.quantity_g)), f.plain(gramsToKg(sumG))));
      }
    }

    const today = localIsoDate();
    const formats = await formatsByIds(trx, formatIdsOf(lines));
    const sales = lines.flatMap((line) => {
      const formatGrams = line.format_id === null ? undefined : formats.get(line.format_id)?.grams;
      return chosen.get(line.id)!.map((lot) => {
        const grams = kgToGrams(lot.kg);
        const bags = bagsOf(grams, formatGrams);
        return {
          product: lotsByKey.get(`${lot.lot_kind}:${lot.lot_id}`)!,
          quantityG: grams,
          unitPriceCents: line.unit_price_cents,
          saleDate: today,
          customerId: order.customer_id,
          // The sale keeps the line's format only with a whole number of its bags (sales_format_ck: both or neither).
          formatId: bags === null ? null : line.format_id,
          bags,
          orderLineId: line.id,
        };
      });
    });
    const saleIds = await recordOrderSales(trx, sales, userId);
    // The number is drawn once: an undone order keeps it, and re-preparing it reuses it (never given twice, never reused).
    const note =
      order.delivery_note_year === null
        ? { delivery_note_year: Number(today.slice(0, 4)), delivery_note_seq: await repository.drawDeliveryNote(trx, Number(today.slice(0, 4))) }
        : {};
    const prepared = await moveOrder(trx, order, 'pendiente', { status: 'preparado', prepared_date: today, ...note }, m.cannotFulfil(statusLabel(order.status)));
    // The answer from what this transaction read and wrote rather than read back (docs/decisions/0055-fewer-round-trips-and-a-read-connection.md):
    // the lines are as read under the order's lock, a pending order has no sales (an undo deletes them), so its sales are these.
    return orderOf(prepared, lines, [...saleIds].sort((a, b) => a - b), formats);
  });
}

/**
 * POST /api/orders/:id/undo-fulfil ('Deshacer preparación'): a prepared order
 * only. Its sales are deleted through the sales area (stock back to each lot,
 * aggregates), in one transaction; the order is 'pendiente' again and keeps
 * its delivery-note number for the next preparation.
 */
export async function undoFulfil(db: Kysely<Database>, id: number, userId: number): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, id);
    const refusal = m.cannotUndo(statusLabel(order.status));
    if (order.status !== 'preparado') throw new AppError('conflict', refusal);
    const lines = await repository.linesOfOrders(trx, [id]);
    await deleteOrderSales(trx, lines.map((line) => line.id), userId);
    await moveOrder(trx, order, 'preparado', { status: 'pendiente', prepared_date: null }, refusal);
    return readOrder(trx, id);
  });
}

/**
 * POST /api/orders/:id/deliver ('Entregar'): a prepared order becomes
 * 'entregado', dated today. A repeating one creates its next order (same
 * customer, lines, notes and repeat; ordered today, due `repeat_weeks` weeks
 * after this one's due date), once: `next_order_id` is set in the same
 * transaction, and a retried deliver finds the order delivered (409) or, by
 * its Idempotency-Key, gets the first answer again.
 */
export async function deliverOrder(db: Kysely<Database>, id: number, userId: number): Promise<Order> {
  return withWriteTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, id);
    const refusal = m.cannotDeliver(statusLabel(order.status));
    if (order.status !== 'preparado') throw new AppError('conflict', refusal);
    const today = localIsoDate();
    let next: number | undefined;
    if (order.repeat_weeks !== null && order.next_order_id === null) {
      const lines = await repository.linesOfOrders(trx, [id]);
      next = await repository.insertOrder(
        trx,
        {
          customer_id: order.customer_id,
          order_date: today,
          due_date: addDays(order.due_date, 7 * order.repeat_weeks),
          notes: order.notes,
          repeat_weeks: order.repeat_weeks,
        },
        userId,
        Date.now(),
      );
      await repository.insertLines(
        trx,
        next,
        lines.map(({ id: _id, order_id: _order, position: _position, product_name: _name, ...line }) => line),
      );
    }
    await moveOrder(trx, order, 'preparado', { status: 'entregado', delivered_date: today, ...(next === undefined ? {} : { next_order_id: next }) }, refusal);
    return readOrder(trx, id);
  });
}

/**
 * GET /api/orders/price-hint: what the order form pre-fills as a line's price
 * per kg: the customer's latest sale of that product, else the product's own
 * price (Configuración, 'Precios por producto'), else its type's default price.
 */
export async function priceHint(db: Kysely<Database>, query: PriceHintQuery): Promise<PriceHint> {
  const unit = unitOf(query);
  if (query.customer_id !== undefined) {
    const last = await lastPriceOfCustomer(db, query.customer_id, unit);
    if (last !== undefined) return { unit_price: centsToPrice(last), source: 'cliente' };
  }
  const own = await priceOfProduct(db, unit);
  if (own !== undefined) return { unit_price: centsToPrice(own), source: 'producto' };
  const settings = await getSettings(db);
  return { unit_price: unit.kind === 'tostado' ? settings.default_price_roasted : settings.default_price_blend, source: 'predeterminado' };
}

function unitOf(query: PriceHintQuery): OrderProduct {
  if (query.kind === 'tostado') {
    if (query.origin_id === undefined || query.roast_type === undefined) throw validationError(m.invalidProduct);
    return { kind: 'tostado', origin_id: query.origin_id, roast_type: query.roast_type };
  }
  if (query.recipe_id === undefined) throw validationError(m.invalidProduct);
  return { kind: 'mezcla', recipe_id: query.recipe_id };
}
