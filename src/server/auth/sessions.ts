import { hash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { User } from '#shared/schemas/auth.js';
import { SESSION_PUBLIC_ID_LENGTH } from '#shared/schemas/sessions.js';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { Database } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/** 30 minutes idle, 12 hours absolute (docs/decisions/0002-server-side-sessions.md). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Writing last_seen_at on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The stored id of a token: its SHA-256, in hex (crypto.hash: one call, no Hash object per request). */
const sessionId = (token: string) => hash('sha256', token, 'hex');

/** Longest User-Agent kept: enough to recognise a browser, bounded whatever a client sends. */
const USER_AGENT_MAX = 512;

/** Where a sign-in came from, kept so «Mis sesiones» can tell the devices apart. */
export interface SessionDevice {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** A fresh 256-bit token per sign-in; only its hash is stored. */
export async function createSession(db: DbOrTrx, userId: number, device: SessionDevice = {}, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('sessions').where(expired(now)).execute();
  await db.insertInto('sessions').values({
    id: sessionId(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    user_agent: device.userAgent ? device.userAgent.slice(0, USER_AGENT_MAX) : null,
    ip: device.ip ?? null,
  }).execute();
  return token;
}

/** The rows past the idle or the absolute limit. */
const expired = (now: number) => (eb: ExpressionBuilder<Database, 'sessions'>) =>
  eb.or([eb('last_seen_at', '<', now - SESSION_IDLE_MS), eb('created_at', '<', now - SESSION_ABSOLUTE_MS)]);

/** The opaque id a session is shown and ended by: never the token, and only a prefix of its hash. */
export const publicSessionId = (storedId: string): string => storedId.slice(0, SESSION_PUBLIC_ID_LENGTH);

/** The public id of the session a request carries, to mark «Esta sesión». */
export const publicIdOfToken = (token: string): string => publicSessionId(sessionId(token));

export interface SessionRow {
  id: string;
  created_at: number;
  last_seen_at: number;
  user_agent: string | null;
  ip: string | null;
}

/** Most sessions listed: each sign-in opens one, and a list of a hundred is already more than anyone reads. */
export const SESSIONS_LISTED_MAX = 100;

/** A user's open (not expired) sessions, most recently used first. */
export async function listSessionsOfUser(db: DbOrTrx, userId: number, now = Date.now()): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where((eb) => eb.not(expired(now)(eb)))
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(SESSIONS_LISTED_MAX)
    .execute();
  // PostgreSQL's bigint columns arrive as text.
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at), last_seen_at: Number(row.last_seen_at) }));
}

/**
 * Ends one of a user's sessions by its public id; false when that user has no
 * open session with it (another user's id answers exactly as an unknown one).
 */
export async function deleteSessionOfUser(db: DbOrTrx, userId: number, publicId: string, now = Date.now()): Promise<boolean> {
  const match = (await listSessionsOfUser(db, userId, now)).find((row) => publicSessionId(row.id) === publicId);
  if (!match) return false;
  const result = await db.deleteFrom('sessions').where('id', '=', match.id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Built once per dialect (db/reusable-query.ts): every request with a session runs it. */
const sessionUser = reusableQuery((db, p: { id: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.full_name', 'users.role', 'sessions.created_at', 'sessions.last_seen_at'])
    .where('sessions.id', '=', p.id));

/** The signed-in user behind a token, or null when it is unknown or expired (an expired one is removed). */
export async function findSessionUser(db: Kysely<Database>, token: string, now = Date.now()): Promise<User | null> {
  const id = sessionId(token);
  const row = await sessionUser.takeFirst(db, { id });
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

export async function deleteSession(db: DbOrTrx, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId(token)).execute();
}

/**
 * Ends every open session of a user at once (password or role change, deletion,
 * «Cerrar las demás sesiones», an administrator's «Cerrar sesiones»), and says
 * how many were open. `exceptToken` keeps that one session: an administrator
 * who changes their own password stays signed in where they did it, while every
 * other session ends.
 */
export async function deleteSessionsOfUser(db: DbOrTrx, userId: number, exceptToken?: string, now = Date.now()): Promise<number> {
  const kept = exceptToken === undefined ? undefined : sessionId(exceptToken);
  // Counted as a person sees them: an expired row was closed already.
  let open = db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).where((eb) => eb.not(expired(now)(eb)));
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (kept !== undefined) {
    open = open.where('id', '<>', kept);
    query = query.where('id', '<>', kept);
  }
  const { count } = await open.executeTakeFirstOrThrow();
  await query.execute();
  return Number(count);
}
