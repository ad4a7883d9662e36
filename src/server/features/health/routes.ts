import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '#server/db/schema.js';
import { publicRoute } from '#server/auth/guard.js';

/** Liveness and database reachability, for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    config: publicRoute,
    schema: { tags: ['salud'], operationId: 'getHealth', summary: 'Comprobar que el servidor y la base de datos responden', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => {
    await sql`select 1`.execute(db);
    return { status: 'ok' as const };
  });
};
