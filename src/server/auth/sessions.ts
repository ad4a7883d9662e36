import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '#shared/schemas/auth.js';
import type { Database } from '../db/schema.js';

/** 30 minutes idle, 12 hours absolute (docs/decisions/0002-server-side-sessions.md). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Writing last_seen_at on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh 256-bit token per sign-in; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('sessions').where((eb) => eb.or([
    eb('last_seen_at', '<', now - SESSION_IDLE_MS),
    eb('created_at', '<', now - SESSION_ABSOLUTE_MS),
  ])).execute();
  await db.insertInto('sessions').values({ id: sessionId(token), user_id: userId, created_at: now, last_seen_at: now }).execute();
  return token;
}

/** The signed-in user behind a token, or null when it is unknown or expired (an expired one is removed). */
export async function findSessionUser(db: Kysely<Database>, token: string, now = Date.now()): Promise<User | null> {
  const id = sessionId(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.full_name', 'users.role', 'sessions.created_at', 'sessions.last_seen_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (now - row.last_seen_at > SESSION_IDLE_MS || now - row.created_at > SESSION_ABSOLUTE_MS) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  return { id: row.id, username: row.username, full_name: row.full_name, role: row.role };
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId(token)).execute();
}

/**
 * Ends every open session of a user at once (password or role change, deletion).
 * `exceptToken` keeps that one session: an administrator who changes their own
 * password stays signed in where they did it, while every other session ends.
 */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number, exceptToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken !== undefined) query = query.where('id', '<>', sessionId(exceptToken));
  await query.execute();
}
