import type { Kysely, Transaction } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { orderMessages } from '#shared/order-messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { saleTotalCents } from '#shared/sale-total.js';
import type { ProductType } from '#shared/schemas/products.js';
import { availableKgText, type Sale, type SaleBody, type SalesListQuery, type SalesPage } from '#shared/schemas/sales.js';
import { centsToPrice, gramsToKg, kgToGrams, priceToCents } from '#shared/units.js';
import type { Database, LotKind, SalesTable } from '#server/db/schema.js';
import { readFormatter } from '#server/features/settings/service.js';
import { type DbOrTrx, retryTransaction, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { isForeignKeyViolation } from '#server/db/constraint-errors.js';
import { type LockTarget, lockLots, withLotLock } from '#server/ledger/lot-locks.js';
import { moveStock, takeStock } from '#server/ledger/ledger.js';
import { roastedSaleMargin, type SaleMargin, saleMargins } from '#server/features/costs/service.js';
import { findProduct, findProductForSale, type ProductRecord, productNames } from '#server/features/products/service.js';
import { customerNames, findActiveCustomerName } from '#server/features/customers/service.js';
import { findActiveFormat, formatsByIds } from '#server/features/sale-formats/service.js';
import { countNewSales, countRemovedSales, countSale, countSaleChange } from './aggregates.js';
import * as repository from './repository.js';

/**
 * What other areas may ask the sales area: whether a lot was sold, so the
 * roasted and blend delete services can refuse ('… asociado a mezclas o
 * ventas.', '… asociada a ventas.'). Other areas reach sales only through this
 * file (lint zone, docs/decisions/0007).
 */
export const hasSales = (db: DbOrTrx, productType: SalesTable['product_type'], productId: number): Promise<boolean> =>
  repository.hasSales(db, productType, productId);

/** What the trace asks the sales area: one sale as stored, a page of some lots' sales, and what each lot sold in all. */
export type { SaleRecord } from './repository.js';
export const findSaleRecord = (db: DbOrTrx, id: number) => repository.findSale(db, id);
export const salesOfProducts = repository.salesOfProducts;
export const soldTotalsByProduct = repository.soldTotalsByProduct;

/** What the recall list asks (docs/decisions/0044-recall-list-and-delivery-note.md): some lots' sales per customer, and the delivery notes that carried them. */
export type { CustomerSoldRow } from './repository.js';
export const customerSoldByProduct = repository.customerSoldByProduct;
export const deliveryNotesOfProducts = repository.deliveryNotesOfProducts;
/** What a delivery note asks: the sales of an order's lines, with their lots. */
export type { DeliveredSaleRow } from './repository.js';
export const deliveredSalesOfLines = repository.deliveredSalesOfLines;

/**
 * How many sales a lot has and its first sale day (null without sales): the
 * roasted and blend edit services keep their dates before it and their
 * recorded facts fixed once sold (docs/product-guide.md#data-rules).
 * Call it after locking the lot: every sale write locks its product first.
 */
export const salesSummary = (
  db: DbOrTrx,
  productType: SalesTable['product_type'],
  productId: number,
): Promise<{ count: number; firstDate: string | null }> => repository.salesSummary(db, productType, productId);

/** Every ledger row a sale writes points back at it. */
const REF_KIND = 'sale';

/** 'tostado' is a roasted lot, 'mezcla' a blend (docs/product-guide.md#entities). */
const LOT_KIND: Record<ProductType, LotKind> = { tostado: 'roasted', mezcla: 'blend' };

const productKey = (type: ProductType, id: number) => `${type}:${id}`;

// Only on the refusal is the shop's format read: the sale's success path stays at its bound (docs/decisions/0033-no-postgresql-only-sale-path.md).
const notEnoughStock = async (db: DbOrTrx, type: ProductType, availableG: number) =>
  new AppError('insufficient_stock', m.notEnoughStock(type, availableKgText(availableG, await readFormatter(db))));

function toSale(record: repository.SaleRecord, name: string | undefined, margin: SaleMargin, customerName: string | null, formatName: string | null): Sale {
  return {
    id: record.id,
    version: record.version,
    product_id: record.product_id,
    product_type: record.product_type,
    product_name: name ?? m.unknownProduct,
    quantity_kg: gramsToKg(record.quantity_g),
    unit_price: centsToPrice(record.unit_price_cents),
    total: centsToPrice(saleTotalCents(record.quantity_g, record.unit_price_cents)),
    ...margin,
    sale_date: record.sale_date,
    batch_code_sold: record.batch_code_sold,
    customer_id: record.customer_id,
    customer_name: customerName,
    format_id: record.format_id,
    format_name: formatName,
    bags: record.bags,
    user_id: record.user_id,
    created_at: new Date(Number(record.created_at)).toISOString(),
    updated_at: new Date(Number(record.updated_at)).toISOString(),
  };
}

/**
 * Each sale with its product's, its customer's and its format's names, four
 * queries however many sales (the list and the CSV export), none for the
 * customers or the formats when no sale names one; a sale whose lot is gone
 * reads 'Producto Desconocido'.
 */
export async function withNames<Row extends repository.SaleRecord>(
  db: DbOrTrx,
  records: readonly Row[],
): Promise<(Row & { product_name: string; customer_name: string | null; format_name: string | null })[]> {
  const idsOf = (type: ProductType) => [...new Set(records.filter((r) => r.product_type === type).map((r) => r.product_id))];
  const customerIds = [...new Set(records.flatMap((r) => (r.customer_id === null ? [] : [r.customer_id])))];
  const formatIds = records.flatMap((r) => (r.format_id === null ? [] : [r.format_id]));
  const [names, customers, formats] = await Promise.all([
    productNames(db, { tostado: idsOf('tostado'), mezcla: idsOf('mezcla') }),
    customerNames(db, customerIds),
    formatsByIds(db, formatIds),
  ]);
  return records.map((record) => ({
    ...record,
    product_name: names.get(productKey(record.product_type, record.product_id)) ?? m.unknownProduct,
    customer_name: record.customer_id === null ? null : (customers.get(record.customer_id) ?? null),
    format_name: record.format_id === null ? null : (formats.get(record.format_id)?.name ?? null),
  }));
}

async function toSales(db: DbOrTrx, records: repository.SaleRecord[]): Promise<Sale[]> {
  const named = await withNames(db, records);
  const margins = await saleMargins(db, records);
  return named.map((record, index) => toSale(record, record.product_name, margins[index]!, record.customer_name, record.format_name));
}

export async function listSales(db: Kysely<Database>, query: SalesListQuery): Promise<SalesPage> {
  const [records, total] = await Promise.all([repository.listSales(db, query), repository.countSales(db)]);
  return { items: await toSales(db, records), total, limit: query.limit, offset: query.offset };
}

/** The sale as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findSaleItem(db: DbOrTrx, id: number): Promise<Sale | undefined> {
  const record = await repository.findSale(db, id);
  return record ? (await toSales(db, [record]))[0] : undefined;
}

async function readSale(db: DbOrTrx, id: number): Promise<Sale> {
  const sale = await findSaleItem(db, id);
  if (!sale) throw notFoundError(m.notFound);
  return sale;
}

/**
 * The body's product, read after its lot is locked (or, for a create, locked
 * by the read itself: `lockedRead`): 'Producto seleccionado no válido.' for an
 * id no lot of that type has (an id of the other type included, docs/product-guide.md#entities
 * "Product (sales view)").
 */
async function productOf(trx: Transaction<Database>, body: SaleBody, lockedRead = false): Promise<ProductRecord> {
  const product = lockedRead
    ? await findProductForSale(trx, body.product_type, body.product_id, withLotLock)
    : await findProduct(trx, body.product_type, body.product_id);
  if (!product) throw validationError(m.invalidProduct);
  return product;
}

/**
 * The lot code a sale records (docs/decisions/0009): the product's own code is
 * authoritative. The body must name it (docs/product-guide.md#sale: the lot is required), compared
 * like lot codes are (lotCodeKey: case and spaces aside), and the product's
 * spelling is stored. An edit that keeps the product may also keep the code the
 * sale recorded, if the lot was renamed since.
 */
function batchCodeFor(body: SaleBody, product: ProductRecord, kept?: repository.SaleRecord): string {
  const sent = lotCodeKey(body.batch_code_sold);
  if (sent === lotCodeKey(product.batch_code)) return product.batch_code;
  if (kept && kept.product_type === product.type && kept.product_id === product.id && sent === lotCodeKey(kept.batch_code_sold)) {
    return kept.batch_code_sold;
  }
  throw validationError(m.batchMismatch);
}

/**
 * A lot is sold on or after the day it was roasted or blended (a sale the
 * same day is fine): 'La fecha de venta no puede ser anterior al tueste del
 * lote …'. `product` was read under its lot's lock, so a roast or blend edit
 * cannot move that day meanwhile (docs/product-guide.md#data-rules).
 */
function refuseSaleBeforeProduct(body: SaleBody, product: ProductRecord): void {
  if (body.sale_date < product.made_on) throw validationError(m.beforeProduct(product.type, product.batch_code, product.made_on));
}

/**
 * The name of the customer the body names, null for a counter sale (no query:
 * the sale path's bound, docs/decisions/0033): one read of an active customer
 * by its key, else 'Cliente: elige un cliente activo de la lista.'.
 */
async function customerNameFor(trx: DbOrTrx, body: SaleBody): Promise<string | null> {
  if (body.customer_id === null) return null;
  const name = await findActiveCustomerName(trx, body.customer_id);
  if (name === undefined) throw validationError(m.invalidCustomer);
  return name;
}

/**
 * The format the body names, null for bulk kilos (no query: the sale path's
 * bound, docs/decisions/0033): one read of the format by its key, active for a
 * new choice ('Formato: elige un formato activo de la lista.'), any state when
 * an edit keeps the sale's own (`kept`); then the kilos must be exactly bags ×
 * its grams ('Cantidad (Kg) debe ser Bolsas × el formato: …'). Grams and not
 * kilos are compared, so no rounding enters.
 */
async function formatFor(trx: DbOrTrx, body: SaleBody, values: repository.SaleValues, kept?: number | null): Promise<string | null> {
  if (body.format_id === null || body.bags === null) return null;
  const format = body.format_id === kept ? (await formatsByIds(trx, [body.format_id])).get(body.format_id) : await findActiveFormat(trx, body.format_id);
  if (format === undefined) throw validationError(m.invalidFormat);
  const expected = body.bags * format.grams;
  if (values.quantity_g !== expected) {
    // Only on the refusal is the shop's format read (docs/decisions/0033).
    throw validationError(m.bagsMismatch(body.bags, format.name, availableKgText(expected, await readFormatter(trx))));
  }
  return format.name;
}

/**
 * A customer deleted between customerNameFor's read and the sale's write (PostgreSQL, two
 * requests at once): `sales.customer_id`'s foreign key refuses the row, answered as the read would
 * have been instead of a 500. Only a sale naming a customer can meet it.
 */
const customerGone = (body: SaleBody) => (error: unknown): never => {
  if (body.customer_id !== null && isForeignKeyViolation(error)) throw validationError(m.invalidCustomer);
  // The same for a format: its delete checks the sales (RESTRICT), so only this sale's insert can meet it.
  if (body.format_id !== null && isForeignKeyViolation(error)) throw validationError(m.invalidFormat);
  throw error;
};

const valuesOf = (body: SaleBody, batchCode: string): repository.SaleValues => ({
  product_id: body.product_id,
  product_type: body.product_type,
  quantity_g: kgToGrams(body.quantity_kg),
  unit_price_cents: priceToCents(body.unit_price),
  sale_date: body.sale_date,
  batch_code_sold: batchCode,
  customer_id: body.customer_id,
  format_id: body.format_id,
  bags: body.bags,
});

/** One stock move of a sale; the lot is locked and its stock checked, so a refusal here is a bug (500, all undone). */
async function move(trx: DbOrTrx, sale: { id: number; type: ProductType; productId: number }, deltaG: number, userId: number, failure: string) {
  const moved = await moveStock(trx, {
    userId,
    refKind: REF_KIND,
    refId: sale.id,
    lotKind: LOT_KIND[sale.type],
    lotId: sale.productId,
    deltaG,
    reason: deltaG < 0 ? 'sale' : 'sale_reversal',
  });
  if (!moved) throw new Error(`${failure} (venta ${sale.id})`);
}

/**
 * Recording a sale (docs/product-guide.md#stock-moves: "Creating a sale reduces the product's stock by the
 * sold quantity"), in ONE write transaction: the product lot is locked and
 * read first (one statement); the sale row, the deduction in the ledger ('sale', ref the sale)
 * and the sales aggregates are written together, so two sales of the last
 * kilos take turns and the second one gets 'No hay suficiente café … disponible.
 * Solo tienes X Kg.' (409).
 */
export async function createSale(db: Kysely<Database>, body: SaleBody, userId: number): Promise<Sale> {
  return withWriteTransaction(db, async (trx) => {
    // Its lot is the only row a create locks: locked by the statement that reads
    // it (withLotLock), the same lock lockLots takes, one round trip fewer.
    const product = await productOf(trx, body, true);
    const values = valuesOf(body, batchCodeFor(body, product));
    refuseSaleBeforeProduct(body, product);
    if (product.stock_g < values.quantity_g) throw await notEnoughStock(trx, product.type, product.stock_g);
    const customerName = await customerNameFor(trx, body);
    const formatName = await formatFor(trx, body, values);
    const now = Date.now();
    const id = await repository.insertSale(trx, { ...values, user_id: userId }, now);
    await move(trx, { id, type: product.type, productId: product.id }, -values.quantity_g, userId, m.stockUpdateError);
    await countSale(trx, values, 1);
    return createdSale({ id, version: 1, ...values, user_id: userId, created_at: now, updated_at: now }, product, customerName, formatName, trx);
  }).catch(customerGone(body));
}

/**
 * The answer to a create, from what its transaction already holds: the row it
 * inserted and the product it read under the lock (its name, and for a roasted
 * lot the cost inputs, which readSale would look up again). A blend's cost
 * comes from its draws: read here as readSale does. Same body as
 * readSale(trx, id), three or four queries fewer per sale (docs/performance.md, P1).
 */
async function createdSale(
  record: repository.SaleRecord,
  product: ProductRecord,
  customerName: string | null,
  formatName: string | null,
  trx: DbOrTrx,
): Promise<Sale> {
  const margin = product.roast_cost ? roastedSaleMargin(record, product.roast_cost) : (await saleMargins(trx, [record]))[0]!;
  return toSale(record, product.name, margin, customerName, formatName);
}

/**
 * Locks the lot(s) an edit or delete of sale `id` touches: its current product
 * (read once without a lock to know it) and, on an edit, the body's product, in
 * the global order (roasted before blend, ascending id). Every writer of a sale
 * locks its product first, so that lock also keeps the sale row still. If, once
 * locked, the sale names another product (an edit committed in between), start
 * over rather than lock out of order.
 */
async function lockSale(trx: Transaction<Database>, id: number, body?: SaleBody): Promise<repository.SaleRecord> {
  const seen = await repository.findSale(trx, id);
  if (!seen) throw notFoundError(m.notFound);
  await refuseOrderSale(trx, id);
  const targets: LockTarget[] = [{ kind: LOT_KIND[seen.product_type], id: seen.product_id }];
  if (body) targets.push({ kind: LOT_KIND[body.product_type], id: body.product_id });
  await lockLots(trx, targets);
  const sale = await repository.findSale(trx, id);
  if (!sale) throw notFoundError(m.notFound);
  if (sale.product_type !== seen.product_type || sale.product_id !== seen.product_id) retryTransaction('venta editada a la vez');
  return sale;
}

/**
 * Editing a sale (docs/product-guide.md#stock-moves: "adjusts stock by the quantity difference; the old
 * sale's quantity is added back to the available amount"), in ONE write
 * transaction, so a refusal leaves the lots, the sale, the ledger and the
 * aggregates as they were:
 * - same product: one move of the difference ('sale' when more is sold,
 *   'sale_reversal' when less), checked against the stock plus the old quantity;
 * - another product: the old lot gets its kg back ('sale_reversal') and the new
 *   lot gives the new kg ('sale'), checked against the new lot's stock;
 * - the aggregates lose the old sale and count the new one (its date, product
 *   and price may all have changed).
 */
export async function updateSale(db: Kysely<Database>, id: number, body: SaleBody, userId: number): Promise<Sale> {
  return withWriteTransaction(db, async (trx) => {
    const old = await lockSale(trx, id, body);
    const product = await productOf(trx, body);
    const values = valuesOf(body, batchCodeFor(body, product, old));
    refuseSaleBeforeProduct(body, product);
    // Keeping the sale's customer is fine even if it was deactivated since (as keeping a renamed lot's code); a new one must be active.
    if (body.customer_id !== old.customer_id) await customerNameFor(trx, body);
    // The same for its format: kept, it may be inactive now; the kilos must still be bags × its grams.
    await formatFor(trx, body, values, old.format_id);
    const sameProduct = old.product_type === product.type && old.product_id === product.id;

    if (sameProduct) {
      const available = product.stock_g + old.quantity_g;
      if (available < values.quantity_g) throw await notEnoughStock(trx, product.type, available);
      await move(trx, { id, type: product.type, productId: product.id }, old.quantity_g - values.quantity_g, userId, m.stockUpdateError);
    } else {
      if (product.stock_g < values.quantity_g) throw await notEnoughStock(trx, product.type, product.stock_g);
      // The old lot must still exist to take its kg back ('Error al actualizar el stock del producto.': the handler stops).
      if (!(await findProduct(trx, old.product_type, old.product_id))) throw new AppError('conflict', m.stockUpdateError);
      await move(trx, { id, type: old.product_type, productId: old.product_id }, old.quantity_g, userId, m.returnStockError);
      await move(trx, { id, type: product.type, productId: product.id }, -values.quantity_g, userId, m.stockUpdateError);
    }

    await repository.updateSale(trx, id, values, Date.now());
    await countSaleChange(trx, old, values);
    return readSale(trx, id);
  }).catch(customerGone(body));
}

/**
 * Deleting a sale (docs/product-guide.md#stock-moves: "first adds its quantity back to the product stock,
 * then deletes the row"), in ONE write transaction with the aggregates. If the
 * product lot no longer exists the kg have nowhere to go: 'Error al devolver el
 * stock del producto.' and the delete is aborted (docs/product-guide.md#interface-texts).
 */
export async function deleteSale(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const sale = await lockSale(trx, id);
    if (!(await findProduct(trx, sale.product_type, sale.product_id))) throw new AppError('conflict', m.returnStockError);
    await move(trx, { id, type: sale.product_type, productId: sale.product_id }, sale.quantity_g, userId, m.returnStockError);
    await repository.deleteSale(trx, id);
    await countSale(trx, sale, -1);
  });
}

/**
 * A sale an order's preparation recorded is changed through the order
 * ('Deshacer preparación'), never in Ventas: its edit and delete answer 409
 * (docs/product-guide.md#pedidos). One read of the sale's order line; an order's
 * sales are written only under the order's lock, so the answer cannot change
 * under a sale's lot lock.
 */
async function refuseOrderSale(db: DbOrTrx, id: number): Promise<void> {
  const orderId = await repository.orderOfSale(db, id);
  if (orderId !== undefined) throw new AppError('conflict', orderMessages.saleBelongsToOrder(orderId));
}

/** One sale of an order line (docs/decisions/0043-orders.md): the line's product, price, format and customer, one lot. */
export interface OrderSaleInput {
  /** The lot, read by the caller under its lock (its stock before any of the order's sales). */
  product: ProductRecord;
  quantityG: number;
  unitPriceCents: number;
  saleDate: string;
  customerId: number;
  formatId: number | null;
  bags: number | null;
  orderLineId: number;
}

/**
 * Records the sales of an order's preparation inside the order's transaction,
 * with the rules and writes of createSale: each lot was made on or before the
 * sale's day and its stock covers what the order takes from it ('No hay
 * suficiente café …', 409), then the rows, the ledger's 'sale' moves and the
 * aggregates, each in a few statements however many sales (takeStock,
 * countNewSales: bench P12). The caller has locked every lot in the global
 * order, read each once (`product`, the same record for all its sales) and
 * answers for the customer (the order's, active when it was taken). Returns
 * the sales' ids in the order given.
 */
export async function recordOrderSales(trx: DbOrTrx, inputs: readonly OrderSaleInput[], userId: number): Promise<number[]> {
  const takenG = new Map<string, number>();
  for (const { product, quantityG, saleDate } of inputs) {
    if (saleDate < product.made_on) throw validationError(m.beforeProduct(product.type, product.batch_code, product.made_on));
    const key = productKey(product.type, product.id);
    const taken = (takenG.get(key) ?? 0) + quantityG;
    if (product.stock_g < taken) throw await notEnoughStock(trx, product.type, product.stock_g);
    takenG.set(key, taken);
  }
  const values = inputs.map((input): repository.SaleValues => ({
    product_id: input.product.id,
    product_type: input.product.type,
    quantity_g: input.quantityG,
    unit_price_cents: input.unitPriceCents,
    sale_date: input.saleDate,
    batch_code_sold: input.product.batch_code,
    customer_id: input.customerId,
    format_id: input.formatId,
    bags: input.bags,
  }));
  const ids = await repository.insertOrderSales(trx, values.map((value, index) => ({ ...value, user_id: userId, order_line_id: inputs[index]!.orderLineId })), Date.now());
  const moves = values.map((value, index) => ({
    userId,
    refKind: REF_KIND,
    refId: ids[index]!,
    lotKind: LOT_KIND[value.product_type],
    lotId: value.product_id,
    deltaG: -value.quantity_g,
    reason: 'sale' as const,
  }));
  // The lots are locked and their stock checked above: a refusal here is a bug (500, all undone).
  if (!(await takeStock(trx, moves))) throw new Error(`${m.stockUpdateError} (pedido)`);
  await countNewSales(trx, values);
  return ids;
}

/**
 * Deletes the sales prepared for these order lines ('Deshacer preparación'),
 * with deleteSale's rules and writes, inside the order's transaction: their
 * lots locked in the global order, each sale's kilos back to its lot
 * ('sale_reversal'), the row and its aggregates gone. A lot deleted since
 * leaves its kilos nowhere: 'Error al devolver el stock del producto.' (409),
 * nothing undone. Returns how many sales it deleted.
 */
export async function deleteOrderSales(trx: Transaction<Database>, lineIds: readonly number[], userId: number): Promise<number> {
  const sales = await repository.salesOfOrderLines(trx, lineIds);
  await lockLots(trx, sales.map((sale) => ({ kind: LOT_KIND[sale.product_type], id: sale.product_id })));
  for (const sale of sales) {
    if (!(await findProduct(trx, sale.product_type, sale.product_id))) throw new AppError('conflict', m.returnStockError);
    await move(trx, { id: sale.id, type: sale.product_type, productId: sale.product_id }, sale.quantity_g, userId, m.returnStockError);
    await repository.deleteSale(trx, sale.id);
  }
  await countRemovedSales(trx, sales);
  return sales.length;
}

/** The price per kg in cents of the customer's latest sale of a unit, or undefined (an order line's price hint). */
export const lastPriceOfCustomer = repository.lastPriceOfCustomer;
