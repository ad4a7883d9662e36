import type { Kysely } from 'kysely';
import { customerBodySchema, type CustomerBody } from '#shared/schemas/customers.js';
import { localIsoDate } from '#shared/local-date.js';
import { orderLabel } from '#shared/order-messages.js';
import { addDays, type OrderBody, orderBodySchema } from '#shared/schemas/orders.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import type {
  ShopImportQuery,
  ShopImportResult,
  ShopPreset,
  ShopPresetBody,
  ShopPresetPage,
  ShopPreview,
  ShopPreviewLine,
  ShopPreviewOrder,
  ShopSku,
  ShopSkuBody,
  ShopSkuPage,
} from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { nameKey } from '#shared/text-keys.js';
import { centsToPrice, fromScaledInt, gramsToKg } from '#shared/units.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, conflictError, notFoundError, validationError } from '#server/errors.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { createCustomersInTransaction, customersForShop, type NameKeys, newCustomerRow, type NewCustomerRow } from '#server/features/customers/service.js';
import { createShopOrders } from '#server/features/orders/service.js';
import { formatsByIds } from '#server/features/sale-formats/service.js';
import { getSettings } from '#server/features/settings/service.js';
import { turnTaker } from '#server/turn-taker.js';
import type { ShopFileLine, ShopFileOrder } from './read-shop-csv.js';
import { readShopCsvInWorker } from './read-shop-csv-in-worker.js';
import * as repository from './repository.js';

/**
 * Pedidos de la tienda online (docs/product-guide.md#pedidos-de-la-tienda-online,
 * docs/decisions/0047-shop-orders-import.md): a shop's orders export previewed and imported as
 * orders, once, with its customers; and the two things that make a shop's file readable, the
 * SKU mappings and the column presets.
 */

// SKU mappings

const toSku = ({ format_grams: _grams, format_active: _active, sku_key: _key, ...sku }: repository.ShopSkuRecord): ShopSku => sku;

export async function findSkuItem(db: DbOrTrx, id: number): Promise<ShopSku | undefined> {
  const record = await repository.findSkuById(db, id);
  return record && toSku(record);
}

export async function listSkus(db: Kysely<Database>, page: PaginationQuery): Promise<ShopSkuPage> {
  const { rows, total } = await repository.listSkus(db, page);
  return { items: rows.map(toSku), total, limit: page.limit, offset: page.offset };
}

/** The mapping's write, with the 409 of a SKU already mapped and the 400 of a product or format that does not exist. */
async function writeSku(db: Kysely<Database>, body: ShopSkuBody, write: (trx: DbOrTrx, now: number) => Promise<number>): Promise<ShopSku> {
  try {
    return await withWriteTransaction(db, async (trx) => {
      if (body.format_id !== null && !(await formatsByIds(trx, [body.format_id])).has(body.format_id)) throw validationError(m.formatInvalid);
      const id = await write(trx, Date.now());
      return toSku((await repository.findSkuById(trx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('duplicate', m.skuDuplicate((await repository.findSkuByKey(db, body.sku))?.sku ?? body.sku));
    // The origin or the recipe does not exist (the format was checked first).
    if (isForeignKeyViolation(error)) throw validationError(m.productInvalid);
    throw error;
  }
}

export async function createSku(db: Kysely<Database>, body: ShopSkuBody): Promise<ShopSku> {
  return writeSku(db, body, async (trx, now) => {
    const existing = await repository.findSkuByKey(trx, body.sku);
    if (existing) throw new AppError('duplicate', m.skuDuplicate(existing.sku));
    return repository.insertSku(trx, body, now);
  });
}

/** The write pipeline has checked and raised the version (docs/decisions/0038-record-versions.md). */
export async function updateSku(db: Kysely<Database>, id: number, body: ShopSkuBody): Promise<ShopSku> {
  return writeSku(db, body, async (trx, now) => {
    const existing = await repository.findSkuByKey(trx, body.sku);
    if (existing && existing.id !== id) throw new AppError('duplicate', m.skuDuplicate(existing.sku));
    if ((await repository.updateSku(trx, id, body, now)) === undefined) throw notFoundError(m.skuNotFound);
    return id;
  });
}

export async function deleteSku(db: Kysely<Database>, id: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    if (!(await repository.deleteSku(trx, id))) throw notFoundError(m.skuNotFound);
  });
}

// Column presets

export const findPresetItem = (db: DbOrTrx, id: number): Promise<ShopPreset | undefined> => repository.findPresetById(db, id);

export async function listPresets(db: Kysely<Database>, page: PaginationQuery): Promise<ShopPresetPage> {
  const { rows, total } = await repository.listPresets(db, page);
  return { items: rows, total, limit: page.limit, offset: page.offset };
}

async function writePreset(db: Kysely<Database>, body: ShopPresetBody, write: (trx: DbOrTrx, now: number) => Promise<number>): Promise<ShopPreset> {
  try {
    return await withWriteTransaction(db, async (trx) => (await repository.findPresetById(trx, await write(trx, Date.now())))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('duplicate', m.presetDuplicate((await repository.findPresetByName(db, body.name))?.name ?? body.name));
    throw error;
  }
}

export async function createPreset(db: Kysely<Database>, body: ShopPresetBody): Promise<ShopPreset> {
  return writePreset(db, body, async (trx, now) => {
    const existing = await repository.findPresetByName(trx, body.name);
    if (existing) throw new AppError('duplicate', m.presetDuplicate(existing.name));
    return repository.insertPreset(trx, body.name, body.columns, now);
  });
}

export async function updatePreset(db: Kysely<Database>, id: number, body: ShopPresetBody): Promise<ShopPreset> {
  return writePreset(db, body, async (trx, now) => {
    const existing = await repository.findPresetByName(trx, body.name);
    if (existing && existing.id !== id) throw new AppError('duplicate', m.presetDuplicate(existing.name));
    if ((await repository.updatePreset(trx, id, body.name, body.columns, now)) === undefined) throw notFoundError(m.presetNotFound);
    return id;
  });
}

export async function deletePreset(db: Kysely<Database>, id: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    if (!(await repository.deletePreset(trx, id))) throw notFoundError(m.presetNotFound);
  });
}

// Preview and import

/** The customer an order goes to: an existing one, or one the import creates (shared by the file's orders of that person). */
type CustomerPlan = { id: number; name: string } | { create: CustomerBody };

interface OrderPlan {
  preview: ShopPreviewOrder;
  customer: CustomerPlan | undefined;
  /** The order's body (its customer filled when created), when the order is new and has coffee. */
  body: OrderBody | undefined;
  date: string | null;
}

/** The key a line is mapped by: its SKU, or its name when the shop gives no SKU. */
const lineKey = (line: ShopFileLine): string => line.sku || line.name;

/** What `?preset=` names: the shop's source for the orders' unique number, and the columns to read. */
async function sourceOf(db: DbOrTrx, query: ShopImportQuery): Promise<{ source: string; preset: ShopPreset | null }> {
  if (query.preset === undefined) return { source: 'shopify', preset: null };
  const preset = await repository.findPresetById(db, query.preset);
  if (!preset) throw validationError(m.presetNotFound);
  return { source: `preset-${preset.id}`, preset };
}

async function planImport(db: DbOrTrx, bytes: Buffer, query: ShopImportQuery): Promise<{ source: string; plans: OrderPlan[]; unknown: string[]; kind: ShopPreview['source'] }> {
  const { source, preset } = await sourceOf(db, query);
  // Read in the untrusted-files worker, off the request thread (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const file = await readShopCsvInWorker(bytes, preset ? presetColumns(preset) : null);
  // SQLite answers synchronously: each lookup below is a stretch of the request thread, with turns
  // between them and while the keys are computed (bench P15: /api/health within 100 ms meanwhile).
  const turn = turnTaker();
  // A shop has a few SKUs and thousands of lines: each SKU's key computed once.
  const lineKeys = new Map<string, string>();
  const keyOfLine = (line: ShopFileLine): string => {
    const raw = lineKey(line);
    let key = lineKeys.get(raw);
    if (key === undefined) lineKeys.set(raw, (key = nameKey(raw)));
    return key;
  };
  for (const order of file.orders) {
    await turn();
    for (const line of order.lines) keyOfLine(line);
  }
  const mappings = await repository.skusByKeys(db, [...new Set(lineKeys.values())], turn);
  await turn();
  const imported = await repository.importedShopOrders(db, source, file.orders.map((order) => order.shop_order), turn);
  await turn();
  const emails = [...new Set(file.orders.flatMap((order) => (order.email ? [order.email.toLowerCase()] : [])))];
  const customers = await customersForShop(db, emails, [...new Set(file.orders.flatMap((order) => (order.name ? [order.name] : [])))], turn);
  await turn();
  const { shop_order_prep_days: prepDays } = await getSettings(db);
  const today = localIsoDate();
  const newCustomers = newCustomerBook(customers.keysOf);
  const unknown = new Map<string, string>();

  const plans: OrderPlan[] = [];
  for (const order of file.orders) {
    // Thousands of orders are checked here, on the request thread, with turns for other requests.
    await turn();
    plans.push(planOrder(order));
  }
  return { source, plans, unknown: [...unknown.values()], kind: file.source };

  function planOrder(order: ShopFileOrder): OrderPlan {
    const state = imported.has(order.shop_order) ? 'ya_importado' : order.cancelled ? 'cancelado' : 'nuevo';
    const problems = [...order.problems];
    const warnings: string[] = [];
    const email = order.email.toLowerCase();
    const existing = (email ? customers.byEmail.get(email) : undefined) ?? (order.name ? customers.byName(order.name) : undefined);
    let customer: CustomerPlan | undefined;
    if (existing) {
      if (!existing.active && state === 'nuevo') problems.push(m.customerInactive(existing.name));
      customer = { id: existing.id, name: existing.name };
    } else if (order.name || order.email) {
      const parsed = customerBodySchema.safeParse({ name: order.name || order.email, kind: 'online', email: order.email || null, phone: order.phone || null });
      if (parsed.success) customer = newCustomers.find(parsed.data);
      else if (state === 'nuevo') problems.push(...new Set(parsed.error.issues.map((issue) => m.customerInvalid(issue.message))));
    }
    const lines = order.lines.map((line) => previewLine(line, mappings.get(keyOfLine(line))));
    if (state === 'nuevo') {
      for (const [index, line] of lines.entries()) {
        const key = lineKey(order.lines[index]!);
        const mapKey = keyOfLine(order.lines[index]!);
        if (line.mapping === null && key) {
          problems.push(m.unknownSku(key));
          if (!unknown.has(mapKey)) unknown.set(mapKey, key);
        }
        const mapping = mappings.get(mapKey);
        if (mapping && !mapping.ignore && mapping.format_id !== null && !mapping.format_active) problems.push(m.formatInactive(key, mapping.format_name ?? ''));
      }
      if (order.partially_refunded) warnings.push(m.partiallyRefunded);
    }
    const coffee = lines.filter((line) => line.mapping !== null && !('ignore' in line.mapping));
    let body: OrderBody | undefined;
    if (state === 'nuevo' && problems.length === 0) {
      if (coffee.length === 0) warnings.push(m.onlyIgnored);
      else body = orderBody(order, coffee, customer, addDays(order.date!, prepDays) < today ? today : addDays(order.date!, prepDays), problems);
    }
    const preview: ShopPreviewOrder = {
      shop_order: order.shop_order,
      date: order.date,
      // The name the order is saved under (an existing customer's, or the new customer's first order's); email and phone as the file gives them.
      customer: { name: customer ? ('create' in customer ? customer.create.name : customer.name) : order.name || order.email, email: order.email || null, phone: order.phone || null, customer_id: customer && 'create' in customer ? null : (customer?.id ?? null) },
      lines,
      state,
      problems: state === 'nuevo' ? problems : [],
      warnings,
    };
    return { preview, customer, body, date: order.date };
  }
}

/** A preset's columns as the reader takes them (the stored JSON has every field, null for the unnamed). */
const presetColumns = (preset: ShopPreset) => ({ ...preset.columns, order: preset.columns.order!, date: preset.columns.date!, customer_name: preset.columns.customer_name!, quantity: preset.columns.quantity!, unit_price: preset.columns.unit_price! });

/**
 * The customers the import will create, one per person: the file's later orders of the same
 * email, or of the same name by the one-name rule (case, accents and look-alikes aside), go
 * to the first one's.
 */
function newCustomerBook(keysOf: (name: string) => NameKeys) {
  const byEmail = new Map<string, CustomerPlan>();
  const byName = new Map<string, CustomerPlan>();
  return {
    find(body: CustomerBody): CustomerPlan {
      const { key, skeleton: bare } = keysOf(body.name);
      const skeleton = `~${bare}`;
      const found = (body.email ? byEmail.get(body.email.toLowerCase()) : undefined) ?? byName.get(key) ?? byName.get(skeleton);
      if (found) return found;
      const plan: CustomerPlan = { create: body };
      if (body.email) byEmail.set(body.email.toLowerCase(), plan);
      byName.set(key, plan);
      byName.set(skeleton, plan);
      return plan;
    },
  };
}

/** A line with its mapping: the kilos (units × the format's kilos, or units as kilos in bulk) and the price per kg, to the cent (half up). */
function previewLine(line: ShopFileLine, mapping: repository.ShopSkuRecord | undefined): ShopPreviewLine {
  const base = { sku: line.sku, name: line.name, quantity: line.quantity, unit_price: line.unit_price_cents === null ? null : centsToPrice(line.unit_price_cents) };
  if (!mapping) return { ...base, kg: null, price_per_kg: null, mapping: null };
  if (mapping.ignore) return { ...base, kg: null, price_per_kg: null, mapping: { ignore: true } };
  const grams = mapping.format_id === null ? 1000 : mapping.format_grams!;
  return {
    ...base,
    kg: line.quantity === null ? null : gramsToKg(line.quantity * grams),
    price_per_kg: line.unit_price_cents === null ? null : fromScaledInt(Math.round((line.unit_price_cents * 1000) / grams), 2),
    mapping: { product: mapping.product!, product_name: mapping.product_name ?? '', format_id: mapping.format_id, format_name: mapping.format_name, grind: mapping.grind! },
  };
}

/** The order's body for the orders area, checked by its own schema: what it refuses is a problem of the order. */
function orderBody(order: ShopFileOrder, coffee: readonly ShopPreviewLine[], customer: CustomerPlan | undefined, due: string, problems: string[]): OrderBody | undefined {
  const parsed = orderBodySchema.safeParse({
    // A customer still to create has no id yet: the import sets it.
    customer_id: customer && 'id' in customer ? customer.id : 1,
    due_date: due,
    notes: order.notes || null,
    repeat_weeks: null,
    lines: coffee.map((line) => {
      const mapping = line.mapping as Exclude<ShopPreviewLine['mapping'], { ignore: true } | null>;
      return { product: mapping.product, format_id: mapping.format_id, quantity: mapping.format_id === null ? line.kg : line.quantity, unit_price: line.price_per_kg, grind: mapping.grind };
    }),
  });
  if (parsed.success) return parsed.data;
  problems.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
  return undefined;
}

/** POST /api/shop-orders/preview: every order of the file with its state, customer, lines and problems; nothing written. */
export async function previewShopOrders(db: Kysely<Database>, bytes: Buffer, query: ShopImportQuery): Promise<ShopPreview> {
  const { plans, unknown, kind } = await planImport(db, bytes, query);
  return { source: kind, orders: plans.map((plan) => plan.preview), unknown_skus: unknown };
}

/**
 * POST /api/shop-orders/import: the file's new orders with coffee, each 'Pendiente' and due
 * the shop's day plus 'Días para preparar pedidos online' (today if that has passed), with the
 * new customers (kind 'Tienda online'), in ONE write transaction: all of them, or none when any
 * new order has a problem. An order already imported (the same shop and number, whatever file
 * it came in) or cancelled is skipped, so importing a file again creates nothing.
 */
export async function importShopOrders(db: Kysely<Database>, bytes: Buffer, query: ShopImportQuery, userId: number): Promise<ShopImportResult> {
  const { source, plans } = await planImport(db, bytes, query);
  if (plans.some((plan) => plan.preview.problems.length > 0)) throw validationError(m.notSaved);
  const toCreate = plans.filter((plan) => plan.body !== undefined);
  // Each new customer once, however many of the file's orders are theirs (newCustomerBook), its row
  // (keys, look-alike skeleton) made here with turns for other requests: on SQLite the transaction
  // below holds the one connection, so it does nothing but its statements (decision 0047).
  const newCustomers = [...new Set(toCreate.flatMap((plan) => (plan.customer && 'create' in plan.customer ? [plan.customer] : [])))];
  const turn = turnTaker();
  const customerRows: NewCustomerRow[] = [];
  for (const customer of newCustomers) {
    await turn();
    customerRows.push(newCustomerRow(customer.create));
  }
  try {
    // The answer comes out of the transaction: it is what a retry with the same Idempotency-Key gets back.
    // Nothing here changes the plans, so a retried transaction (docs/decisions/0005) starts from the same ones.
    return await withWriteTransaction(db, async (trx) => {
      // Turns between its statements too: no other request's statement runs on the write connection
      // inside this transaction (SQLite: it holds the connection's mutex; PostgreSQL: the pool's
      // connection is its own), but /api/health reads through another (decision 0055) and answers meanwhile.
      const turnInside = turnTaker();
      const customerIds = await createCustomersInTransaction(trx, customerRows, turnInside);
      const idOf = new Map(newCustomers.map((customer, index) => [customer, customerIds[index]!]));
      for (const [index, customer] of newCustomers.entries()) {
        recordActivity(trx, { action: 'import', area: 'customers', record_id: customerIds[index]!, record_label: customer.create.name });
      }
      const orders = await createShopOrders(
        trx,
        toCreate.map((plan) => {
          const customer = plan.customer!;
          return { body: { ...plan.body!, customer_id: 'create' in customer ? idOf.get(customer)! : customer.id }, order_date: plan.date!, shop: { source, number: plan.preview.shop_order } };
        }),
        userId,
        // A product, format or customer changed since the preview: say which order, keep the status.
        (index, message) => m.orderLine(toCreate[index]!.preview.shop_order, message),
        turnInside,
      );
      for (const order of orders) recordActivity(trx, { action: 'import', area: 'orders', record_id: order.id, record_label: orderLabel(order.id, order.customer_name) });
      return { created: orders.map((order) => order.id), skipped: plans.length - orders.length };
    });
  } catch (error) {
    // Another import created one of these orders (or customers) meanwhile: the unique indexes decided.
    if (isUniqueViolation(error)) throw conflictError(m.alreadyImporting);
    throw error;
  }
}
