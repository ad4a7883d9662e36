import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { UserItem } from '#shared/schemas/users.js';
import { textKey } from '#shared/text-keys.js';
import { confusableSkeleton } from '#server/confusable-skeleton.js';
import type { Role } from '#shared/roles.js';
import type { Database, UserRow, UsersTable } from '#server/db/schema.js';
import { dialectOf } from '#server/db/dialect.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * The username's canonical key, textKey (src/shared/text-keys.ts): usernames
 * are stored and looked up trimmed, case-folded and in NFKC, so 'José' typed
 * with a composed 'é' or with 'e' + combining accent, 'ADMIN' and 'ａｄｍｉｎ'
 * (full width) are each one account, wherever the name comes from (API,
 * ADMIN_USERNAME, scripts).
 */
export const normalizeUsername = (username: string): string => textKey(username);

/** The stored username and its confusable skeleton (unique, migration 0009): no look-alike accounts. */
const usernameColumns = (username: string) => {
  const stored = normalizeUsername(username);
  return { username: stored, username_skeleton: confusableSkeleton(stored) };
};

/** The user (other than `exceptId`) whose username is, or looks like, `username`. */
export function findUserLike(db: DbOrTrx, username: string, exceptId?: number): Promise<{ username: string } | undefined> {
  let query = db.selectFrom('users').select('username').where('username_skeleton', '=', usernameColumns(username).username_skeleton);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export const findUserByUsername = (db: Kysely<Database>, username: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('username', '=', normalizeUsername(username)).executeTakeFirst();

export async function insertUser(db: DbOrTrx, user: Omit<Insertable<UsersTable>, 'created_at' | 'username_skeleton'>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, ...usernameColumns(user.username), created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The public columns only: no query here ever hands a password hash to the routes. */
const PUBLIC_COLUMNS = ['id', 'version', 'username', 'full_name', 'role'] as const;

/** One page of users in the order they were added (docs/product-guide.md#gestion-de-usuarios). */
export const listUsers = (db: DbOrTrx, page: { limit: number; offset: number }): Promise<UserItem[]> =>
  db.selectFrom('users').select(PUBLIC_COLUMNS).orderBy('id').limit(page.limit).offset(page.offset).execute();

export const findUserById = (db: DbOrTrx, id: number): Promise<UserItem | undefined> =>
  db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();

/**
 * Makes concurrent changes to administrators take turns: on PostgreSQL it
 * row-locks every administrator (in id order, so two callers cannot deadlock)
 * until the transaction ends; a second caller waits and then sees the first
 * one's result. SQLite needs nothing: its one connection runs one transaction
 * at a time (docs/architecture.md#databases: one process per SQLite file).
 */
export async function lockAdministrators(trx: Transaction<Database>): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('role', '=', 'administrador').orderBy('id').forUpdate().execute();
}

/**
 * Keeps at least one administrator ("the last administrator cannot be removed
 * or demoted") inside the statement itself: the row qualifies unless it is an
 * administrator and no other administrator exists.
 */
const keepsAnAdministrator = sql<boolean>`(role <> 'administrador' or (select count(*) from users as other where other.role = 'administrador' and other.id <> users.id) > 0)`;

export interface UserChanges {
  username?: string;
  full_name: string;
  role: Role;
  password_hash?: string;
}

/**
 * Applies the changes unless they would leave no administrator. Returns false,
 * changing nothing, when the user does not exist or is the last administrator
 * and the change takes that role away. A taken username throws the unique
 * violation: the index decides, also under concurrent requests.
 */
export async function updateUserKeepingAnAdministrator(trx: DbOrTrx, id: number, changes: UserChanges): Promise<boolean> {
  const values = { ...changes, ...(changes.username === undefined ? {} : usernameColumns(changes.username)) };
  let query = trx.updateTable('users').set(values).where('id', '=', id);
  if (changes.role !== 'administrador') query = query.where(keepsAnAdministrator);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the user unless they are the last administrator; false when nothing was deleted. */
export async function deleteUserKeepingAnAdministrator(trx: DbOrTrx, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('users').where('id', '=', id).where(keepsAnAdministrator).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
