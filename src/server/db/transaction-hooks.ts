import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
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

const storage = new AsyncLocalStorage<TransactionHooks>();

/** Runs a request's handler with its hooks: every withWriteTransaction it reaches runs them. */
export const runWithTransactionHooks = <T>(hooks: TransactionHooks, handler: () => T): T => storage.run(hooks, handler);

/** The hooks of the request being handled; undefined outside a write request (scripts, tests calling services). */
export const currentTransactionHooks = (): TransactionHooks | undefined => storage.getStore();

/** Runs `work` as if outside any request (background upkeep started by a request: it opens its own transaction). */
export const outsideRequest = <T>(work: () => T): T => storage.exit(work);
