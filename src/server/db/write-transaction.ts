import type { Kysely, Transaction } from 'kysely';
import { concurrencyMessages } from '#shared/messages.js';
import { AppError } from '#server/errors.js';
import type { Database } from './schema.js';
import type { GroupCommitSqliteDriver } from './sqlite-group-commit.js';
import { baseDatabaseOf, carryHooksInto, type TransactionHooks, transactionHooksOf } from './transaction-hooks.js';

/**
 * Writes that read stock or depend on a row existing (docs/decisions/0005):
 *
 *   return withWriteTransaction(db, async (trx) => {
 *     await requireActorRole(trx, actorId, 'administrador'); // admin-only writes (auth/actor-role.ts)
 *     await lockLots(trx, [{ kind: 'green', id }]);          // every row you depend on, up front (ledger/lot-locks.ts)
 *     … read the locked rows, check the rules, write, moveStock …
 *   });
 *
 * This file is the one place that knows how the two databases differ:
 * - SQLite: one connection, one transaction at a time, each a SAVEPOINT in a
 *   group that holds the file's write lock from its first statement (BEGIN
 *   IMMEDIATE) and shares one COMMIT with the transactions of the same event-loop
 *   turn (sqlite-group-commit.ts); the row locks are no-ops. This function
 *   returns only once that COMMIT is on disk.
 * - PostgreSQL (READ COMMITTED): `lockLots` / `requireActorRole` take row locks
 *   in one global order, and a deadlock or serialization failure that still
 *   happens (40P01, 40001) reruns the whole work function a few times, logging
 *   each retry, before answering 409 with concurrencyMessages.busy.
 *
 * The work function may run more than once: keep slow or outside effects
 * (password hashing, e-mails, logging "done") before or after it.
 *
 * Given a write request's handle (transaction-hooks.ts), it is also where the
 * write pipeline's hooks run: the activity-log entries and the idempotent
 * answer go into the same transaction, after the work. One request, one such
 * transaction (docs/architecture.md#write-pipeline).
 */

/** A Kysely instance or an open transaction: repositories take either as their first argument. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** Where retries are logged: Fastify's request or app logger (pino) fits. */
export interface RetryLogger {
  warn(details: object, message: string): void;
}

export interface WriteTransactionOptions {
  /** Overrides the logger registered for `db` (useTransactionLogger). */
  log?: RetryLogger;
}

/**
 * Runs of the work function before giving up with a 409: one try plus five retries.
 * Four were too few for a roast edit racing edits that move the same roast between
 * green lots (each sees the roast moved and reruns): under a loaded machine the
 * last of twelve such edits ran out of tries (tests/api/roasted-coffee.test.ts,
 * "no deadlock"), also before the repository reorganisation.
 */
export const WRITE_ATTEMPTS = 6;

/**
 * PostgreSQL's deadlock_detected and serialization_failure, and SQLite's busy
 * (another process, e.g. a script, held the file longer than busy_timeout).
 */
const RETRYABLE_CODES = new Set(['40P01', '40001', 'SQLITE_BUSY']);

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;

/** Thrown by retryTransaction(); tells withWriteTransaction to roll back and run the work again. */
class RetryTransactionSignal extends Error {
  constructor(readonly reason: string) {
    super(`retry: ${reason}`);
    this.name = 'RetryTransactionSignal';
  }
}

/**
 * Rolls the transaction back and runs the work again (bounded like a deadlock).
 * For a work function that read something without a lock to know which rows to
 * lock (a roast's green lot, say) and, once they are locked, finds it changed:
 * rather than lock out of order, start over.
 */
export function retryTransaction(reason: string): never {
  throw new RetryTransactionSignal(reason);
}

/** A deadlock, serialization failure, busy database or retryTransaction(): worth running again. */
export const isRetryableWriteError = (error: unknown): boolean =>
  error instanceof RetryTransactionSignal || RETRYABLE_CODES.has(String(codeOf(error)));

const loggers = new WeakMap<Kysely<Database>, RetryLogger>();
const groupCommits = new WeakMap<Kysely<Database>, GroupCommitSqliteDriver>();

/** database.ts registers a SQLite connection's group commit, so writes wait for their COMMIT. */
export function useGroupCommit(db: Kysely<Database>, driver: GroupCommitSqliteDriver): void {
  groupCommits.set(db, driver);
}

/** The group commit behind `db` (SQLite), or undefined (PostgreSQL commits each transaction itself). */
export const groupCommitOf = (db: Kysely<Database>): GroupCommitSqliteDriver | undefined => groupCommits.get(baseDatabaseOf(db));

/** buildApp registers its logger here, so services need not pass one to every call. */
export function useTransactionLogger(db: Kysely<Database>, log: RetryLogger): void {
  loggers.set(db, log);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The work between the write pipeline's first and last steps (db/transaction-hooks.ts). */
const withHooks =
  <T>(handle: Kysely<Database>, hooks: TransactionHooks, work: (trx: Transaction<Database>) => Promise<T>) =>
  async (trx: Transaction<Database>): Promise<T> => {
    carryHooksInto(trx, handle);
    await hooks.begin(trx);
    const value = await work(trx);
    await hooks.end(trx, value);
    return value;
  };

/** The one way to open a write transaction (see the top of this file). */
export async function withWriteTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  const hooks = transactionHooksOf(db);
  const base = baseDatabaseOf(db);
  if (hooks?.opened) throw new Error('una petición abre una sola transacción de escritura (docs/architecture.md#write-pipeline)');
  if (hooks) hooks.opened = true;
  const run = hooks ? withHooks(db, hooks, work) : work;
  for (let attempt = 1; ; attempt++) {
    try {
      const groupCommit = groupCommits.get(base);
      if (!groupCommit) return await db.transaction().execute(run);
      let committed: Promise<void> | undefined;
      const result = await db.transaction().execute(async (trx) => {
        const value = await run(trx);
        committed = groupCommit.commitOf();
        return value;
      });
      await committed;
      return result;
    } catch (error) {
      if (!isRetryableWriteError(error)) throw error;
      const code = error instanceof RetryTransactionSignal ? error.reason : String(codeOf(error));
      const log = options.log ?? loggers.get(base);
      if (attempt >= WRITE_ATTEMPTS) {
        log?.warn({ event: 'write_transaction_gave_up', attempt, code }, 'transacción abandonada tras varios reintentos');
        throw new AppError('conflict', concurrencyMessages.busy);
      }
      log?.warn({ event: 'write_transaction_retry', attempt, code }, 'reintentando la transacción');
      // A short random pause, so the two sides of a deadlock do not meet again at once.
      await pause(5 + Math.random() * 20 * attempt);
    }
  }
}
