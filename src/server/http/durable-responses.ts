import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { commonMessages } from '#shared/messages.js';
import type { Database } from '#server/db/schema.js';
import { groupCommitOf } from '#server/db/write-transaction.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** GroupCommitSqliteDriver.mark() when the request began. */
    commitMark?: number;
  }
  interface FastifyContextConfig {
    /**
     * The route reads only through the database handle's readDb (db/database.ts), which sees
     * committed writes only: its answer need not wait for the open group (GET /api/health,
     * docs/decisions/0055-fewer-round-trips-and-a-read-connection.md).
     */
    readsCommittedOnly?: boolean;
  }
}

/** A route's config for readsCommittedOnly. */
export const readsCommittedOnly = { readsCommittedOnly: true } as const;

/**
 * With SQLite's group commit (db/sqlite-group-commit.ts) a request can read
 * other requests' writes before their shared COMMIT reaches the disk. Every
 * answer therefore waits for the group open when it is sent, and if a COMMIT
 * that the request may have read from failed, the answer becomes a 500 instead:
 * no client is told of data a crash could still take back. PostgreSQL commits
 * each transaction before answering: nothing to do there. A route that reads
 * only committed data (`readsCommittedOnly`) answers at once.
 */
export function registerDurableResponses(app: FastifyInstance, db: Kysely<Database>): void {
  const groupCommit = groupCommitOf(db);
  if (!groupCommit) return;
  // Callback style where nothing is awaited: no promise per request (docs/performance.md#cpu-per-sale).
  app.addHook('onRequest', (request, _reply, done) => {
    request.commitMark = groupCommit.mark();
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.readsCommittedOnly) return payload;
    if (await groupCommit.settled(request.commitMark ?? groupCommit.mark())) return payload;
    request.log.error({ event: 'group_commit_failed' }, 'la respuesta leyó escrituras que no se guardaron');
    reply.status(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: { code: 'internal', message: commonMessages.internal } });
  });
}

/**
 * The rows of an answer streamed after its headers (the CSV exports read batch
 * after batch while sending): each row is let through only once the group it
 * may have been read from has committed; if that COMMIT failed the stream
 * stops with an error, so the download breaks off instead of holding lost data.
 */
export async function* durableRows<Row>(db: Kysely<Database>, rows: AsyncIterable<Row> | Iterable<Row>): AsyncGenerator<Row> {
  const groupCommit = groupCommitOf(db);
  if (!groupCommit) return yield* rows;
  const mark = groupCommit.mark();
  for await (const row of rows) {
    // Most rows are sent with no group open: no extra wait for them.
    const open = groupCommit.commitOf();
    if (open) await open.catch(() => {});
    if (groupCommit.failedSince(mark)) throw new Error('la exportación leyó escrituras que no se guardaron');
    yield row;
  }
}
