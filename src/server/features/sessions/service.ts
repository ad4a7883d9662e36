import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { sessionMessages } from '#shared/messages.js';
import type { User } from '#shared/schemas/auth.js';
import type { Session, SessionList } from '#shared/schemas/sessions.js';
import type { LoginThrottle, ThrottleDecision } from '#server/auth/login-throttle.js';
import {
  createSession,
  deleteSession,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  listSessionsOfUser,
  publicIdOfToken,
  publicSessionId,
  type SessionRow,
} from '#server/auth/sessions.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { notFoundError } from '#server/errors.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { accountNamed, checkCredentials } from '#server/features/users/service.js';
import { deviceLabel, shortIp } from './device-label.js';

/**
 * The session area's rules: signing in and out, and a user's own sessions
 * («Mis sesiones»). The sign-in brakes and the session rows are auth's
 * (src/server/auth); the accounts are the users area's, asked through its
 * service. Every write is one withWriteTransaction on the handle the route
 * gets from the write pipeline (writeDatabaseOf), with its activity entry
 * (docs/decisions/0024-activity-log.md).
 */

/** Where a sign-in or a sign-out came from: the address names it in the activity log, the device in «Mis sesiones». */
export interface Client {
  ip: string;
  userAgent?: string | undefined;
}

export type SignInOutcome =
  // `knownUsername`: the name typed when an account has it, else null (what a refusal may log).
  | { kind: 'blocked'; decision: Extract<ThrottleDecision, { allowed: false }>; knownUsername: string | null }
  | { kind: 'refused'; knownUsername: string | null }
  | { kind: 'signed_in'; user: User; token: string };

/**
 * One sign-in attempt (docs/decisions/0008-sign-in-throttling-without-lockout.md):
 * counted before the password is checked, so simultaneous guesses cannot all
 * pass (login-throttle.ts); many recent failures on the account from anywhere
 * wait, never refuse. The same work whether or not the user exists, so timing
 * reveals nothing. A refusal is logged with the address (and the username if
 * an account has it: a password typed into the username field must not land in
 * the activity log or the server log); a success opens the session.
 */
export async function signIn(
  db: Kysely<Database>,
  writeDb: Kysely<Database>,
  throttle: LoginThrottle,
  username: string,
  password: string,
  client: Client,
): Promise<SignInOutcome> {
  const decision = await throttle.begin(client.ip, username);
  if (!decision.allowed) return { kind: 'blocked', decision, knownUsername: (await accountNamed(db, username))?.username ?? null };
  if (decision.delayMs > 0) await sleep(decision.delayMs);
  const user = await checkCredentials(db, username, password);
  if (!user) {
    // The username is kept only when an account has it: a password typed into the
    // username field must not land in the log (docs/decisions/0024-activity-log.md).
    const account = await accountNamed(db, username);
    await withWriteTransaction(writeDb, async (trx) =>
      recordActivity(trx, { action: 'sign_in_refused', area: 'auth', record_id: null, record_label: client.ip, user: { id: null, username: account?.username ?? null } }),
    );
    return { kind: 'refused', knownUsername: account?.username ?? null };
  }
  await throttle.succeeded(client.ip, username);
  const token = await withWriteTransaction(writeDb, async (trx) => {
    recordActivity(trx, { action: 'sign_in', area: 'auth', record_id: user.id, record_label: client.ip, user: { id: user.id, username: user.username } });
    return createSession(trx, user.id, { userAgent: client.userAgent, ip: client.ip });
  });
  return { kind: 'signed_in', user, token };
}

/** Cerrar Sesión: this session's row goes (if the request had its token) and the sign-out is logged. */
export async function signOut(writeDb: Kysely<Database>, user: User, token: string | undefined, client: Client): Promise<void> {
  await withWriteTransaction(writeDb, async (trx) => {
    if (token) await deleteSession(trx, token);
    recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: client.ip });
  });
}

const toSession = (row: SessionRow, currentId: string | undefined): Session => ({
  id: publicSessionId(row.id),
  created_at: new Date(row.created_at).toISOString(),
  last_seen_at: new Date(row.last_seen_at).toISOString(),
  device: deviceLabel(row.user_agent),
  ip: shortIp(row.ip),
  current: publicSessionId(row.id) === currentId,
});

/** The user's open sessions, named by publicSessionId (tokens never leave the server): «Esta sesión» first, then the most recently used. */
export async function listMySessions(db: Kysely<Database>, userId: number, token: string | undefined): Promise<SessionList> {
  const currentId = token ? publicIdOfToken(token) : undefined;
  const rows = await listSessionsOfUser(db, userId);
  return { items: rows.map((row) => toSession(row, currentId)).sort((a, b) => Number(b.current) - Number(a.current)) };
}

/** Ends one of the user's own sessions; another user's session id is a 404 like an unknown one. Logged as signing that device out. */
export async function endMySession(writeDb: Kysely<Database>, user: User, sessionId: string, client: Client): Promise<void> {
  await withWriteTransaction(writeDb, async (trx) => {
    if (!(await deleteSessionOfUser(trx, user.id, sessionId))) throw notFoundError(sessionMessages.notFound);
    recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: client.ip });
  });
}

/** Ends every session of the user but the one asking (its token); how many were closed. */
export function endMyOtherSessions(writeDb: Kysely<Database>, user: User, token: string | undefined, client: Client): Promise<{ closed: number }> {
  return withWriteTransaction(writeDb, async (trx) => {
    recordActivity(trx, { action: 'sign_out', area: 'auth', record_id: user.id, record_label: client.ip });
    return { closed: await deleteSessionsOfUser(trx, user.id, token) };
  });
}

/** Whether a session id names the session of this token (ending it signs this browser out too). */
export const isSessionOfToken = (sessionId: string, token: string | undefined): boolean => (token ? publicIdOfToken(token) === sessionId : false);
