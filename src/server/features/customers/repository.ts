import { sql } from 'kysely';
import { nameKey } from '#shared/text-keys.js';
import type { CustomerFilters, CustomerKind } from '#shared/schemas/customers.js';
import { nameSkeleton } from '#server/confusable-skeleton.js';
import type { CustomerRow } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** A customer as stored, `active` as a boolean. */
export interface CustomerRecord {
  id: number;
  version: number;
  name: string;
  kind: CustomerKind;
  tax_id: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  notes: string | null;
  active: boolean;
}

export type CustomerValues = Omit<CustomerRecord, 'id' | 'version'>;

/** Where a page starts: strictly after this (name_sort, id) in the list's order. */
export interface CustomerKeyset {
  sort: string;
  id: number;
}

/** Lower-cased, accents removed: the list's order, and what the search compares ('cafe' finds 'Café Sol'). */
export const customerSortKey = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const toRecord = (row: Pick<CustomerRow, (typeof columns)[number]>): CustomerRecord => ({
  id: row.id,
  version: row.version,
  name: row.name,
  kind: row.kind,
  tax_id: row.tax_id,
  email: row.email,
  phone: row.phone,
  address: row.address,
  notes: row.notes,
  active: Number(row.active) === 1,
});

const toColumns = (values: CustomerValues) => ({
  name: values.name,
  name_sort: customerSortKey(values.name),
  // One customer per name, and none that looks like another's: both unique (migration 0019).
  name_key: nameKey(values.name),
  name_skeleton: nameSkeleton(values.name),
  search_key: customerSortKey([values.name, values.tax_id, values.email, values.phone].filter(Boolean).join(' ')),
  kind: values.kind,
  tax_id: values.tax_id,
  email: values.email,
  phone: values.phone,
  address: values.address,
  notes: values.notes,
  active: values.active ? 1 : 0,
});

const columns = ['id', 'version', 'name', 'name_sort', 'kind', 'tax_id', 'email', 'phone', 'address', 'notes', 'active'] as const;

/** `%`, `_` and the escape itself stand for themselves in the search: 'café_50%' looks for those characters. */
const likePattern = (text: string): string => `%${customerSortKey(text).replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;

/**
 * One page in the list's order (name, then id) after `after`, with each row's
 * keyset: a walk of the (name_sort, id) index from the keyset, so any page costs
 * the same however many customers there are (docs/performance.md). A search reads
 * the same walk, keeping the rows whose search_key contains the text.
 */
export async function listCustomers(
  db: DbOrTrx,
  filters: CustomerFilters,
  limit: number,
  after?: CustomerKeyset,
): Promise<{ record: CustomerRecord; keyset: CustomerKeyset }[]> {
  let query = db.selectFrom('customers').select(columns);
  if (filters.q !== undefined) query = query.where(sql<boolean>`search_key like ${likePattern(filters.q)} escape '\\'`);
  if (filters.active !== undefined) query = query.where('active', '=', filters.active ? 1 : 0);
  if (after) query = query.where((eb) => eb.or([eb('name_sort', '>', after.sort), eb.and([eb('name_sort', '=', after.sort), eb('id', '>', after.id)])]));
  const rows = await query.orderBy('name_sort').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ record: toRecord(row), keyset: { sort: row.name_sort, id: row.id } }));
}

export async function findCustomerById(db: DbOrTrx, id: number): Promise<CustomerRecord | undefined> {
  const row = await db.selectFrom('customers').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The name of customer `id` if it is active: one read of the primary key (a sale that names it, docs/decisions/0033). */
export async function findActiveCustomerName(db: DbOrTrx, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('customers').select('name').where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  return row?.name;
}

/** The names of these customers that are active, in one query per 500 ids (the shop import's orders). */
export async function activeCustomerNames(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids.slice(start, start + 500)).where('active', '=', 1).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The names of these customers, active or not, in one query (a page of sales, a CSV batch). */
export async function customerNames(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** These customers, active or not, in one query (the recall list: who received a lot, with how to reach them). */
export async function findCustomersByIds(db: DbOrTrx, ids: readonly number[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('customers').select(columns).where('id', 'in', ids).execute()).map(toRecord);
}

/**
 * The customer (other than `exceptId`) whose name is `name` once case, accents,
 * width and spaces are set aside, or looks like it: one lookup on each unique index.
 */
export const findCustomerByName = (db: DbOrTrx, name: string, exceptId?: number): Promise<{ id: number; name: string } | undefined> => {
  let query = db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('name_key', '=', nameKey(name)), eb('name_skeleton', '=', nameSkeleton(name))]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

/**
 * Many customers in one statement (the shop import's new ones, a few hundred at a time), their
 * rows computed beforehand (customerColumns): their ids by name key (unique), since RETURNING's
 * rows need not follow the VALUES' order. Throws the unique violation as insertCustomer.
 */
export async function insertCustomers(db: DbOrTrx, rows: readonly CustomerColumns[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db.insertInto('customers').values([...rows]).returning(['id', 'name_key']).execute();
  return new Map(inserted.map((row) => [row.name_key, row.id]));
}

/** A customer's row as stored, its keys computed (the look-alike skeleton is the costly part): insertCustomers takes them. */
export type CustomerColumns = ReturnType<typeof toColumns>;
export const customerColumns = (values: CustomerValues): CustomerColumns => toColumns(values);

/** Throws the unique violation when another customer has the name or a look-alike of it. */
export async function insertCustomer(db: DbOrTrx, values: CustomerValues): Promise<number> {
  const row = await db.insertInto('customers').values(toColumns(values)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The row's version, or undefined when no customer has that id; throws the unique violation as insertCustomer. */
export async function updateCustomer(db: DbOrTrx, id: number, values: CustomerValues): Promise<number | undefined> {
  const row = await db.updateTable('customers').set(toColumns(values)).where('id', '=', id).returning('version').executeTakeFirst();
  return row?.version;
}

/** Whether an order names the customer (orders.customer_id is RESTRICT too): which of the two its delete's refusal names. */
export async function hasOrders(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('customer_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

/** False when no customer has that id; throws the foreign-key violation when sales or orders name it. */
export async function deleteCustomer(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('customers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The customers whose email is one of `emails` (compared in lower case), with their name and state: the shop import's first match. */
export async function customersByEmails(db: DbOrTrx, emails: readonly string[]): Promise<{ id: number; name: string; email: string; active: boolean }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'active'])
    .where(sql<string>`lower(email)`, 'in', emails)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email!.toLowerCase(), active: Number(row.active) === 1 }));
}

/** The customers whose name key or look-alike skeleton is one of these (the unique indexes of migration 0019). */
export async function customersByNameKeys(
  db: DbOrTrx,
  keys: readonly string[],
  skeletons: readonly string[],
): Promise<{ id: number; name: string; name_key: string; name_skeleton: string; active: boolean }[]> {
  if (keys.length === 0 && skeletons.length === 0) return [];
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'name', 'name_key', 'name_skeleton', 'active'])
    .where((eb) => eb.or([eb('name_key', 'in', keys.length > 0 ? keys : ['']), eb('name_skeleton', 'in', skeletons.length > 0 ? skeletons : [''])]))
    .execute();
  return rows.map((row) => ({ ...row, active: Number(row.active) === 1 }));
}
