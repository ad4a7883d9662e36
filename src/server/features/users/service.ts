import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { textMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import type { User } from '#shared/schemas/auth.js';
import { type CreateUserBody, passwordProblem, type UpdateUserBody, type UserItem, type UserPage } from '#shared/schemas/users.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import { ConfigError } from '#server/config.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '#server/auth/passwords.js';
import { deleteSessionsOfUser } from '#server/auth/sessions.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { AppError, conflictError, notFoundError, validationError } from '#server/errors.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import {
  countUsers,
  deleteUserKeepingAnAdministrator,
  findUserById,
  findUserByUsername,
  findUserLike,
  insertUser,
  listUsers,
  lockAdministrators,
  normalizeUsername,
  updateUserKeepingAnAdministrator,
} from './repository.js';

/**
 * What sign-in and the first start ask the users area (other code reaches
 * users only through this file): the canonical form of a typed username, the
 * account behind a username and password, and the first administrator.
 */
export { normalizeUsername } from './repository.js';

/**
 * The account behind `username` when `password` is its password; undefined
 * otherwise. The same work whether or not the username exists (an unknown one
 * is checked against a decoy hash), so timing reveals nothing. The hash itself
 * never leaves this area.
 */
export async function checkCredentials(db: Kysely<Database>, username: string, password: string): Promise<User | undefined> {
  const user = await findUserByUsername(db, username);
  const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
  if (!user || !valid) return undefined;
  return { id: user.id, username: user.username, full_name: user.full_name, role: user.role };
}

/**
 * The account a refused sign-in named, as stored, or undefined when no account
 * has that username: the activity log keeps the name only when it is a real
 * account's, so a password typed into the username field never lands in it
 * (docs/decisions/0024-activity-log.md).
 */
export async function accountNamed(db: Kysely<Database>, username: string): Promise<{ id: number; username: string } | undefined> {
  const user = await findUserByUsername(db, username);
  return user && { id: user.id, username: user.username };
}

export interface BootstrapResult {
  username: string;
  /** Set only when no ADMIN_PASSWORD was given: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * First start on an empty database (docs/product-guide.md#beyond-the-original-app): create one
 * administrator so somebody can sign in. No default password lives in code.
 * Returns null when users already exist, whatever the password given: the
 * setting only matters for an empty database, and an earlier release may have
 * accepted a password today's rules refuse (docs/decisions/0037-release-fixtures-and-upgrades.md).
 * On an empty database a password that breaks the users screen's rules stops
 * the start (ConfigError 'ADMIN_PASSWORD: …').
 */
export async function bootstrapAdmin(
  db: Kysely<Database>,
  settings: { username: string; password: string | undefined },
): Promise<BootstrapResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const problem = settings.password === undefined ? undefined : passwordProblem(settings.password, settings.username);
  if (problem) throw new ConfigError([`ADMIN_PASSWORD: ${problem}`]);
  const password = settings.password ?? randomBytes(12).toString('base64url');
  try {
    await insertUser(db, {
      username: settings.username,
      full_name: 'Administrador',
      role: 'administrador',
      password_hash: await hashPassword(password),
    });
  } catch (error) {
    // Another PostgreSQL-backed process created it first: theirs stands.
    if ((await countUsers(db)) > 0) return null;
    throw error;
  }
  return settings.password ? { username: settings.username } : { username: settings.username, generatedPassword: password };
}

/** The unique indexes on users.username and its skeleton decide, also when two requests race. */
function duplicateUsernameOr(error: unknown): unknown {
  return isUniqueViolation(error) ? new AppError('duplicate', userMessages.duplicateUsername) : error;
}

/**
 * A username another user has ('Ya existe un usuario con ese nombre de
 * usuario.'), or one that looks like another's ('аdmin' with a Cyrillic а
 * beside 'admin'), naming it: one lookup on the skeleton's index.
 */
async function refuseTakenUsername(trx: DbOrTrx, username: string, exceptId?: number): Promise<void> {
  const existing = await findUserLike(trx, username, exceptId);
  if (!existing) return;
  throw new AppError(
    'duplicate',
    existing.username === normalizeUsername(username) ? userMessages.duplicateUsername : textMessages.confusableUsername(existing.username),
  );
}

/** The user as the API shows it (never the password hash), or undefined: the activity log's "before". */
export const findUserItem = (db: DbOrTrx, id: number): Promise<UserItem | undefined> => findUserById(db, id);

export async function getUserPage(db: Kysely<Database>, page: PaginationQuery): Promise<UserPage> {
  const [items, total] = await Promise.all([listUsers(db, page), countUsers(db)]);
  return { items, total, limit: page.limit, offset: page.offset };
}

/**
 * Every write here is administrator-only: the guard checked the role when the
 * request arrived, and requireActorRole checks it again inside the write
 * transaction, so an administrator demoted or deleted meanwhile writes nothing
 * ('No tienes permisos para realizar esta acción.', docs/decisions/0005).
 */
const ADMIN = 'administrador';

export async function createUser(db: Kysely<Database>, actor: User, body: CreateUserBody): Promise<UserItem> {
  // Hashing takes a while on purpose: before the transaction, which may run more than once.
  const passwordHash = await hashPassword(body.password);
  try {
    return await withWriteTransaction(db, async (trx) => {
      await requireActorRole(trx, actor.id, ADMIN);
      await refuseTakenUsername(trx, body.username);
      const id = await insertUser(trx, { username: body.username, full_name: body.full_name, role: body.role, password_hash: passwordHash });
      return { id, version: 1, username: normalizeUsername(body.username), full_name: body.full_name, role: body.role };
    });
  } catch (error) {
    throw duplicateUsernameOr(error);
  }
}

/**
 * Updates a user. A new password or a new role ends the user's open sessions in
 * the same transaction, so the old rights stop at once; an administrator changing
 * their own password keeps the session they did it from (`callerSessionToken`)
 * and every other one of theirs ends. Refuses an administrator demoting
 * themselves, and any change that would leave no administrator.
 */
export async function updateUser(
  db: Kysely<Database>,
  actor: User,
  id: number,
  body: UpdateUserBody,
  callerSessionToken?: string,
): Promise<UserItem> {
  if (id === actor.id && body.role !== 'administrador') throw conflictError(userMessages.cannotDemoteSelf);
  // Hashing takes a while on purpose: do it before taking any lock.
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  try {
    return await withWriteTransaction(db, async (trx) => {
      // Users first in the lock order: the administrators, then the actor.
      await lockAdministrators(trx);
      await requireActorRole(trx, actor.id, ADMIN);
      const before = await findUserById(trx, id);
      if (!before) throw notFoundError(userMessages.notFound);
      if (body.username !== undefined) await refuseTakenUsername(trx, body.username, id);
      // The schema compares a new password with the username in the body; without
      // one the username stays, so compare with the stored one (same rule, same message).
      if (body.password !== undefined && body.username === undefined) {
        const problem = passwordProblem(body.password, before.username);
        if (problem) throw validationError(problem);
      }
      const updated = await updateUserKeepingAnAdministrator(trx, id, {
        full_name: body.full_name,
        role: body.role,
        ...(body.username === undefined ? {} : { username: body.username }),
        ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
      });
      if (!updated) throw conflictError(userMessages.lastAdmin);
      if (passwordHash !== undefined || before.role !== body.role) {
        await deleteSessionsOfUser(trx, id, id === actor.id ? callerSessionToken : undefined);
      }
      const after = await findUserById(trx, id);
      if (!after) throw notFoundError(userMessages.notFound);
      return after;
    });
  } catch (error) {
    throw duplicateUsernameOr(error);
  }
}

/** Deletes a user and their sessions; never oneself, never the last administrator. */
export async function deleteUser(db: Kysely<Database>, actor: User, id: number): Promise<void> {
  if (id === actor.id) throw conflictError(userMessages.cannotDeleteSelf);
  try {
    await withWriteTransaction(db, async (trx) => {
      await lockAdministrators(trx);
      await requireActorRole(trx, actor.id, ADMIN);
      if (!(await findUserById(trx, id))) throw notFoundError(userMessages.notFound);
      await deleteSessionsOfUser(trx, id);
      if (!(await deleteUserKeepingAnAdministrator(trx, id))) throw conflictError(userMessages.lastAdmin);
    });
  } catch (error) {
    // A row elsewhere that must keep its author (a foreign key without cascade).
    if (isForeignKeyViolation(error)) throw new AppError('in_use', userMessages.inUse);
    throw error;
  }
}

/**
 * An administrator's «Cerrar sesiones» in Gestión de usuarios: ends every open
 * session of a user at once (a lost phone, a shared computer). On oneself it
 * keeps the session it was asked from, as a password change does. Answers how
 * many were open.
 */
export async function endUserSessions(db: Kysely<Database>, actor: User, id: number, callerSessionToken?: string): Promise<{ closed: number }> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, ADMIN);
    if (!(await findUserById(trx, id))) throw notFoundError(userMessages.notFound);
    return { closed: await deleteSessionsOfUser(trx, id, id === actor.id ? callerSessionToken : undefined) };
  });
}
