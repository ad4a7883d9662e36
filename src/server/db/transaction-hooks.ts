import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a request's write transaction must hold besides the area's change: the
 * write pipeline (write-pipeline/write-pipeline.ts) stores the idempotent
 * answer and the activity-log entries here, so that they commit or roll back
 * with the change (docs/architecture.md#write-pipeline). The db layer only
 * knows that there is something to run first and last inside the one
 * transaction; what it is belongs to the pipeline.
 */
export interface TransactionHooks {
  /** First thing inside the transaction, on every attempt (a deadlock retry starts clean). */
  begin(trx: Transaction<Database>): Promise<void>;
  /** Last thing inside it, given the work's value (the answer's body). */
  end(trx: Transaction<Database>, value: unknown): Promise<void>;
  /** Set by withWriteTransaction: a request opens ONE write transaction (a second one is a bug). */
  opened: boolean;
}

/**
 * The hooks travel with the database handle the route gives its service, and
 * from there with the transaction: `withTransactionHooks(db, hooks)` is a
 * handle on the same connections whose withWriteTransaction runs them. Passed
 * by hand, not through an AsyncLocalStorage: on Node 20 an active
 * AsyncLocalStorage runs promise hooks on every promise of the process, and a
 * sale makes dozens (about a tenth of its CPU on a slower host,
 * docs/performance.md#cpu-per-sale).
 */
interface Carried {
  /** The handle it was made from, which the rest of the db layer knows (group commit, logger). */
  base: Kysely<Database>;
  hooks: TransactionHooks;
}

/**
 * Kept on the handle and on the transaction themselves, not in a WeakMap: each
 * WeakMap entry is an ephemeron the garbage collector must trace, and two per
 * write cost a sale as much CPU as the AsyncLocalStorage did (measured).
 */
const CARRIED = Symbol('transaction hooks');
type Carrier = Kysely<Database> & { [CARRIED]?: Carried };

/** A handle on `db`'s connections whose one write transaction runs `hooks` (a new object: the write pipeline makes one per request). */
export function withTransactionHooks(db: Kysely<Database>, hooks: TransactionHooks): Kysely<Database> {
  // Kysely has no plain copy: `withoutPlugins` is one, as long as there were none to drop.
  if (db.getExecutor().plugins.length > 0) throw new Error('withTransactionHooks: la base de datos lleva plugins de Kysely que la copia perdería');
  const handle: Carrier = db.withoutPlugins();
  handle[CARRIED] = { base: baseDatabaseOf(db), hooks };
  return handle;
}

/** The hooks `db` carries (a request's handle or its open transaction); undefined for the app's own handle (scripts, tests calling services, upkeep). */
export const transactionHooksOf = (db: Kysely<Database>): TransactionHooks | undefined => (db as Carrier)[CARRIED]?.hooks;

/** The handle a request's handle was made from: what the db layer registered things under (database.ts). */
export const baseDatabaseOf = (db: Kysely<Database>): Kysely<Database> => (db as Carrier)[CARRIED]?.base ?? db;

/** Gives an open transaction what its handle carries, so that what the work records inside it (recordActivity) reaches the hooks. */
export function carryHooksInto(trx: Transaction<Database>, handle: Kysely<Database>): void {
  (trx as Carrier)[CARRIED] = (handle as Carrier)[CARRIED];
}
