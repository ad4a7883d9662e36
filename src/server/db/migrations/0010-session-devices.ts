import type { Kysely } from 'kysely';

/**
 * What a person needs to recognise their own sessions in «Mis sesiones»
 * (features/sessions/my-sessions-routes.ts): the browser's User-Agent (cut to 512 characters
 * when stored) and the client's address, both as the sign-in request had them.
 * Nullable: sessions opened before this migration have neither, and are shown
 * as «Dispositivo desconocido». created_at and last_seen_at exist since 0001.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
