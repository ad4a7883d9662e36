import type { QueryCreator, Transaction } from 'kysely';
import type { ActivityAction, ActivityArea, ActivityChanges, ActivityValue } from '#shared/schemas/activity.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { ActivityLogTable, Database } from '#server/db/schema.js';
import { transactionHooksOf } from '#server/db/transaction-hooks.js';
import { nextTurn } from '#server/turn-taker.js';

/** One change as an area describes it; the pipeline adds who and when. */
export interface ActivityInput {
  action: ActivityAction;
  area: ActivityArea;
  record_id: number | null;
  record_label: string;
  changes?: ActivityChanges | null;
  /** Who, when not the signed-in user: the user signing in, or the account a refused sign-in named (null: none). */
  user?: { id: number | null; username: string | null };
}

/** Who wrote: the session's user (or ActivityInput.user). */
export interface ActivityAuthor {
  id: number | null;
  username: string | null;
}

/** Where recordActivity leaves its entries: the request's write context (write-pipeline.ts). */
export interface ActivitySink {
  record(entry: ActivityInput): void;
}

/**
 * Records a change from inside the request's write transaction, for writes that
 * touch several records (an import, a count) or that no route rule can
 * describe: the entry is written with the transaction, or not at all. In a
 * transaction opened outside a request (the demo seed, a test calling a
 * service) it does nothing.
 */
export function recordActivity(trx: Transaction<Database>, entry: ActivityInput): void {
  const hooks = transactionHooksOf(trx);
  if (hooks && 'record' in hooks) (hooks as unknown as ActivitySink).record(entry);
}

/** Fields that change on every write or never: not worth a line in the log (a record's version, docs/decisions/0038-record-versions.md, too). */
const UNLOGGED_FIELDS = new Set(['id', 'version', 'created_at', 'updated_at']);

const isPlain = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A value as the log keeps it: plain values and lists of them as they are, anything with records inside as JSON text. */
function loggedValue(value: unknown): ActivityValue {
  if (value === undefined) return null;
  if (isPlain(value)) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value as (string | number)[];
  return JSON.stringify(value);
}

/** The fields whose value differs, `{ field: { before, after } }` (compared as JSON), or null if none did. */
export function changesBetween(before: object, after: object): ActivityChanges | null {
  const changes: ActivityChanges = {};
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (UNLOGGED_FIELDS.has(field)) continue;
    if (JSON.stringify(was[field]) !== JSON.stringify(is[field])) changes[field] = { before: loggedValue(was[field]), after: loggedValue(is[field]) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * `changes` with each of `fields` added as changed without a value (`{ before: null, after: null }`):
 * a secret written by the edit (a password) that the record as the API shows it never holds.
 */
export function withValuelessChanges(changes: ActivityChanges | null, fields: readonly string[]): ActivityChanges | null {
  if (fields.length === 0) return changes;
  const all: ActivityChanges = { ...changes };
  for (const field of fields) all[field] = { before: null, after: null };
  return all;
}

/** A row as written: everything but its generated id. */
export type ActivityRow = Omit<ActivityLogTable, 'id'>;

/** One entry's row: who (the author unless the entry names someone), when, what. */
export const activityRowOf = (author: ActivityAuthor, entry: ActivityInput, at: number): ActivityRow => ({
  at,
  user_id: entry.user ? entry.user.id : author.id,
  username: entry.user ? entry.user.username : author.username,
  action: entry.action,
  area: entry.area,
  record_id: entry.record_id,
  record_label: entry.record_label,
  changes: entry.changes ? JSON.stringify(entry.changes) : null,
});

/** The insert of one row, as a reusable query builds it: each column by name (a placeholder is read by name, so `...p` would find none). */
export const insertActivityRow = (db: QueryCreator<Database>, p: ActivityRow) =>
  db.insertInto('activity_log').values({
    at: p.at,
    user_id: p.user_id,
    username: p.username,
    action: p.action,
    area: p.area,
    record_id: p.record_id,
    record_label: p.record_label,
    changes: p.changes,
  });

/** Built once per dialect (db/reusable-query.ts): most writes log one entry, every sale does. */
const insertOne = reusableQuery((db, p: ActivityRow) => insertActivityRow(db, p));

/**
 * Rows per insert: 8 columns each stay far within SQLite's 32,766 bound parameters and
 * PostgreSQL's 65,535, however many entries one write logs (an import of thousands of records:
 * 4,900 entries in one statement were 39,200 parameters, a 500 on SQLite). 500, not more: on
 * SQLite a statement is a synchronous stretch of the request thread (1,000 rows took 7–14 ms).
 */
const ROWS_PER_INSERT = 500;

/**
 * Appends the entries in the write's transaction (one statement per ROWS_PER_INSERT entries), with a
 * turn for other requests between statements: on SQLite each is a synchronous stretch of the request
 * thread, and an import logs thousands (bench P15, docs/decisions/0047-shop-orders-import.md). The
 * transaction keeps the write connection meanwhile, so no other request's statement runs inside it.
 */
export async function insertActivity(trx: Transaction<Database>, author: ActivityAuthor, entries: readonly ActivityInput[], at = Date.now()): Promise<void> {
  if (entries.length === 0) return;
  if (entries.length === 1) {
    await insertOne.execute(trx, activityRowOf(author, entries[0]!, at));
    return;
  }
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    if (start > 0) await nextTurn();
    await trx.insertInto('activity_log').values(entries.slice(start, start + ROWS_PER_INSERT).map((entry) => activityRowOf(author, entry, at))).execute();
  }
}
