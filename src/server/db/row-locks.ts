import { type Transaction, sql } from 'kysely';
import { commonMessages } from '#shared/messages.js';
import type { Role } from '#shared/roles.js';
import { AppError } from '#server/errors.js';
import { LOT_TABLES } from '#server/ledger/ledger.js';
import { dialectOf } from './dialect.js';
import type { Database, LotKind } from './schema.js';

/**
 * Row locks for write transactions (docs/decisions/0005), used inside
 * withWriteTransaction. The global order, which every write follows so two
 * transactions never wait for each other in a circle:
 *
 *   users (administrators by id, then the actor) → origin → green → roasted → blend,
 *   ascending id within a kind.
 *
 * Take all the locks a write needs at its start, in ONE lockLots call (it sorts
 * them), then read the locked rows: under READ COMMITTED a read after the lock
 * sees the latest committed row, and nobody can change or delete it until the
 * transaction ends. On SQLite every function here is a no-op: BEGIN IMMEDIATE
 * already makes each write transaction the only one.
 * One exception, for the hottest write: a sale's create, whose only lock is its
 * product lot, takes that same lock in the statement that reads the lot
 * (products repository findProduct with `lock`): one round trip instead of two.
 */

/** Lots, plus origins: the parent of green lots (the supplier list a green lot must belong to). */
export type LockKind = 'origin' | LotKind;

/**
 * The exclusive mode is FOR NO KEY UPDATE, not FOR UPDATE: it excludes every
 * other writer of the row, yet lets PostgreSQL's foreign-key checks (KEY SHARE)
 * through. FOR UPDATE would block them, and a write that updates a lot twice
 * re-checks the lot's foreign key (a roasted lot's green lot) in the middle of
 * the transaction: with FOR UPDATE on that green lot held by another write
 * waiting for us, that is a deadlock (seen: blend edit vs roast edit). A DELETE
 * takes the stronger lock itself when it runs.
 */
export interface LockTarget {
  kind: LockKind;
  id: number;
  /**
   * FOR SHARE instead of FOR NO KEY UPDATE: the write only reads the row and needs it
   * to stay as read (a green lot's origin and its suppliers). Many readers may
   * hold it together; an edit or delete of that row waits for them.
   */
  share?: boolean;
}

const LOCK_ORDER: readonly LockKind[] = ['origin', 'green', 'roasted', 'blend'];

const TABLES: Record<LockKind, string> = { origin: 'coffee_origins', ...LOT_TABLES };

/**
 * Locks the rows in the global order. Rows that do not exist are simply not
 * locked: read them afterwards and answer the spec's "not found"/"not valid".
 * Call it once per transaction, before any other read or write of those rows.
 */
export async function lockLots(trx: Transaction<Database>, targets: readonly LockTarget[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres' || targets.length === 0) return;
  // One entry per row; a row asked for both ways gets the stronger lock.
  const rows = new Map<string, LockTarget>();
  for (const target of targets) {
    const key = `${target.kind}:${target.id}`;
    const seen = rows.get(key);
    rows.set(key, { kind: target.kind, id: target.id, share: (seen?.share ?? true) && target.share === true });
  }
  const ordered = [...rows.values()].sort(
    (a, b) => LOCK_ORDER.indexOf(a.kind) - LOCK_ORDER.indexOf(b.kind) || a.id - b.id,
  );
  // One statement per row keeps the order exact whatever plan PostgreSQL picks; writes lock a handful of rows.
  for (const row of ordered) {
    const table = sql.table(TABLES[row.kind]);
    const mode = row.share ? sql`for share` : sql`for no key update`;
    await sql`select id from ${table} where id = ${row.id} ${mode}`.execute(trx);
  }
}

/**
 * The actor's role as it is NOW, read inside the write transaction (and, on
 * PostgreSQL, share-locked until it ends, so a concurrent demotion waits for
 * this write or this write sees the demotion). An administrator demoted or
 * deleted while their request was in flight gets 'No tienes permisos para
 * realizar esta acción.' (spec 5 "User") and nothing is written. The session
 * guard checked the role when the request arrived; this closes the gap.
 * In the users area call it after lockAdministrators (users come first in the order).
 */
export async function requireActorRole(trx: Transaction<Database>, userId: number, role: Role): Promise<void> {
  const query = trx.selectFrom('users').select('role').where('id', '=', userId);
  const actor = await (dialectOf(trx) === 'postgres' ? query.forShare() : query).executeTakeFirst();
  if (actor?.role !== role) throw new AppError('forbidden', commonMessages.forbidden);
}
