import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.js';

/** On the request itself rather than in a WeakMap, for the reason in db/transaction-hooks.ts. */
const HANDLE = Symbol('write database');
type Carrier = FastifyRequest & { [HANDLE]?: Kysely<Database> };

/**
 * The database a write route hands its service: the write pipeline makes one
 * per POST, PUT and DELETE (write-pipeline/write-pipeline.ts), and the one
 * withWriteTransaction the service opens with it also writes the request's
 * activity-log entries and idempotent answer (docs/architecture.md#write-pipeline).
 * A write given the app's own handle instead would commit without either.
 */
export function writeDatabaseOf(request: FastifyRequest): Kysely<Database> {
  const db = (request as Carrier)[HANDLE];
  if (!db) throw new Error(`${request.method} ${request.url}: solo una escritura que pasa por el pipeline tiene base de datos de escritura`);
  return db;
}

/** The write pipeline's half: this request's handle (db/transaction-hooks.ts withTransactionHooks). */
export function setWriteDatabase(request: FastifyRequest, db: Kysely<Database>): void {
  (request as Carrier)[HANDLE] = db;
}
