import type { Kysely } from 'kysely';
import { customerMessages } from '#shared/customer-messages.js';
import { orderMessages } from '#shared/order-messages.js';
import type { Customer, CustomerBody, CustomerFilters, CustomerListQuery, CustomerPage } from '#shared/schemas/customers.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError } from '#server/errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '#server/http/keyset-cursor.js';
import { nameKey } from '#shared/text-keys.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import * as repository from './repository.js';

/** The customer as the API shows it, or undefined (the activity log's "before", and GET /:id). */
export const findCustomerItem = (db: DbOrTrx, id: number): Promise<Customer | undefined> => repository.findCustomerById(db, id);

/**
 * What the sales area asks: the name of the active customer a sale names
 * (undefined when it does not exist or is deactivated), and the names of the
 * customers a page of sales names (deactivated ones too: their sales keep them).
 */
export const findActiveCustomerName = (db: DbOrTrx, id: number): Promise<string | undefined> => repository.findActiveCustomerName(db, id);
export const activeCustomerNames = (db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> => repository.activeCustomerNames(db, ids);
export const customerNames = (db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> => repository.customerNames(db, ids);
/** What the recall list asks (docs/decisions/0044-recall-list-and-delivery-note.md): these customers as the API shows them, active or not. */
export const findCustomersByIds = (db: DbOrTrx, ids: readonly number[]): Promise<Customer[]> => repository.findCustomersByIds(db, ids);

/** A page's last row as the opaque `next_cursor`, and back (http/keyset-cursor.ts). */
const encodeCursor = (keyset: repository.CustomerKeyset): string => encodeKeysetCursor(keyset.sort, keyset.id);
const decodeCursor = (cursor: string): repository.CustomerKeyset => decodeKeysetCursor(cursor, customerMessages.invalidCursor);

/** GET /api/customers: `limit` customers in name order after `cursor`, and the cursor of the next page (null on the last). */
export async function listCustomers(db: Kysely<Database>, query: CustomerListQuery): Promise<CustomerPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // One row more than asked says whether a next page exists, without a count.
  const rows = await repository.listCustomers(db, query, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map((row) => row.record), next_cursor: rows.length > query.limit && last ? encodeCursor(last.keyset) : null };
}

/** Every customer of the filters, in the list's order, a batch at a time (the CSV export). */
export async function* allCustomers(db: Kysely<Database>, filters: CustomerFilters): AsyncGenerator<Customer> {
  let after: repository.CustomerKeyset | undefined;
  for (;;) {
    const rows = await repository.listCustomers(db, filters, 500, after);
    yield* rows.map((row) => row.record);
    if (rows.length < 500) return;
    after = rows.at(-1)!.keyset;
  }
}

const toValues = (body: CustomerBody, active: boolean): repository.CustomerValues => ({
  name: body.name,
  kind: body.kind,
  tax_id: body.tax_id,
  email: body.email,
  phone: body.phone,
  address: body.address,
  notes: body.notes,
  active,
});

/** In chunks, so a long list never passes a database's limit of parameters; `turn` runs between them. */
const CHUNK = 500;
async function inChunks<T>(items: readonly string[], read: (chunk: string[]) => Promise<T[]>, turn: () => Promise<void>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    if (start > 0) await turn();
    found.push(...(await read(items.slice(start, start + CHUNK))));
  }
  return found;
}

/** A name's key by the one-name rule and its look-alike skeleton, as the customers' unique indexes hold them. */
export interface NameKeys {
  key: string;
  skeleton: string;
}

/**
 * What the shop import asks (docs/product-guide.md#pedidos-de-la-tienda-online): the customers
 * some emails (lower case) name, and those some names name by the one-name rule (nameKey, or a
 * look-alike: nameSkeleton). Each with its state: an order of a deactivated customer is refused.
 * The names' keys are computed once, with `turn` between names and between queries (thousands of
 * names: the skeleton is the costly part, bench P15), and kept: `keysOf` gives them again.
 */
export async function customersForShop(
  db: DbOrTrx,
  emails: readonly string[],
  names: readonly string[],
  turn: () => Promise<void> = async () => {},
): Promise<{ byEmail: Map<string, ShopCustomer>; byName: (name: string) => ShopCustomer | undefined; keysOf: (name: string) => NameKeys }> {
  const byEmail = new Map<string, ShopCustomer>();
  for (const row of await inChunks(emails, (chunk) => repository.customersByEmails(db, chunk), turn)) {
    if (!byEmail.has(row.email)) byEmail.set(row.email, { id: row.id, name: row.name, active: row.active });
  }
  const known = new Map<string, NameKeys>();
  const keysOf = (name: string): NameKeys => {
    let keys = known.get(name);
    if (keys === undefined) known.set(name, (keys = { key: nameKey(name), skeleton: nameSkeleton(name) }));
    return keys;
  };
  for (const name of names) {
    await turn();
    keysOf(name);
  }
  const keys = [...new Set(names.map((name) => keysOf(name).key))];
  const skeletons = [...new Set(names.map((name) => keysOf(name).skeleton))];
  await turn();
  const rows = [
    ...(await inChunks(keys, (chunk) => repository.customersByNameKeys(db, chunk, []), turn)),
    ...(await inChunks(skeletons, (chunk) => repository.customersByNameKeys(db, [], chunk), turn)),
  ];
  const byKey = new Map(rows.map((row) => [row.name_key, row]));
  const bySkeleton = new Map(rows.map((row) => [row.name_skeleton, row]));
  const byName = (name: string): ShopCustomer | undefined => {
    const { key, skeleton } = keysOf(name);
    const row = byKey.get(key) ?? bySkeleton.get(skeleton);
    return row && { id: row.id, name: row.name, active: row.active };
  };
  return { byEmail, byName, keysOf };
}

export interface ShopCustomer {
  id: number;
  name: string;
  active: boolean;
}

/** Customers per INSERT of the shop import: 300 rows of 15 columns, under either database's limit of parameters. */
const CUSTOMERS_PER_INSERT = 300;

/** A new customer's row, its keys computed, ready for createCustomersInTransaction (the shop import computes them before its transaction). */
export type NewCustomerRow = repository.CustomerColumns;
export const newCustomerRow = (body: CustomerBody): NewCustomerRow => repository.customerColumns(toValues(body, body.active ?? true));

/**
 * Customers created inside the caller's write transaction (the shop import's new customers, whose
 * names it looked up first with customersForShop, each once), a few hundred per statement: the
 * bodies checked by the caller with customerBodySchema and made rows with newCustomerRow outside
 * the transaction, so it holds the database only for the INSERTs; a name taken meanwhile is the
 * unique indexes' violation, which the caller answers. `turn` runs between statements (the
 * import's turns for other requests). The ids in `rows`' order.
 */
export async function createCustomersInTransaction(trx: DbOrTrx, rows: readonly NewCustomerRow[], turn: () => Promise<void> = async () => {}): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CUSTOMERS_PER_INSERT) {
    if (start > 0) await turn();
    const batch = rows.slice(start, start + CUSTOMERS_PER_INSERT);
    const byKey = await repository.insertCustomers(trx, batch);
    ids.push(...batch.map((row) => byKey.get(row.name_key)!));
  }
  return ids;
}

export async function createCustomer(db: Kysely<Database>, body: CustomerBody): Promise<Customer> {
  const values = toValues(body, body.active ?? true);
  return withWriteTransaction(db, async (trx) => {
    await refuseTakenName(trx, body.name);
    const id = await repository.insertCustomer(trx, values);
    return { id, version: 1, ...values };
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/** An edit without `active` keeps the customer's state: a form that does not show it cannot reactivate one by accident. */
export async function updateCustomer(db: Kysely<Database>, id: number, body: CustomerBody): Promise<Customer> {
  return withWriteTransaction(db, async (trx) => {
    const current = await repository.findCustomerById(trx, id);
    if (!current) throw notFoundError(customerMessages.notFound);
    await refuseTakenName(trx, body.name, id);
    const values = toValues(body, body.active ?? current.active);
    const version = await repository.updateCustomer(trx, id, values);
    if (version === undefined) throw notFoundError(customerMessages.notFound);
    return { id, version, ...values };
  }).catch((error: unknown) => rethrowTakenName(db, error, body.name));
}

/**
 * One customer per name, whatever its case, accents, width, spaces or look
 * (docs/product-guide.md#data-rules): the 409 names the customer that has it.
 * The unique indexes decide, also between two requests at once (rethrowTakenName).
 */
async function refuseTakenName(db: DbOrTrx, name: string, exceptId?: number): Promise<void> {
  const existing = await repository.findCustomerByName(db, name, exceptId);
  if (existing) throw new AppError('duplicate', customerMessages.duplicateName(existing.name));
}

/** After the write failed (outside its transaction): the index refused a name another request took meanwhile. */
async function rethrowTakenName(db: Kysely<Database>, error: unknown, name: string): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const existing = await repository.findCustomerByName(db, name);
  throw new AppError('duplicate', customerMessages.duplicateName(existing?.name ?? name));
}

export async function deleteCustomer(db: Kysely<Database>, id: number): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await withWriteTransaction(db, (trx) => repository.deleteCustomer(trx, id));
  } catch (error) {
    // sales.customer_id and orders.customer_id are ON DELETE RESTRICT: the database refuses, so a
    // sale or an order recorded for the customer at the same moment cannot slip through.
    if (isForeignKeyViolation(error)) {
      throw new AppError('in_use', (await repository.hasOrders(db, id)) ? orderMessages.customerInOrders : customerMessages.deleteInUse);
    }
    throw error;
  }
  if (!deleted) throw notFoundError(customerMessages.notFound);
}
