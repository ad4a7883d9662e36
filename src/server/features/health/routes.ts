import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '#server/db/schema.js';
import { publicRoute } from '#server/auth/guard.js';
import { readsCommittedOnly } from '#server/http/durable-responses.js';

/**
 * Liveness and database reachability, for load balancers and the start script. `db` is the
 * database handle's readDb: on SQLite a read-only connection to the same file, so the answer
 * does not wait for a write transaction (a big import) holding the write connection
 * (docs/decisions/0055-fewer-round-trips-and-a-read-connection.md); it says the same: the server runs and
 * its database answers a statement.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    config: { ...publicRoute, ...readsCommittedOnly },
    schema: { tags: ['salud'], operationId: 'getHealth', summary: 'Comprobar que el servidor y la base de datos responden', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' as const };
  });
};
