import { type SelectQueryBuilder, type Transaction, sql } from 'kysely';
import { dialectOf } from '#server/db/dialect.js';
import { type Database, LOT_TABLES, type LotKind } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * Lot locks for write transactions (docs/decisions/0005), used inside
 * withWriteTransaction. The global order, which every write follows so two
 * transactions never wait for each other in a circle:
 *
 *   users (administrators by id, then the actor) → orders → origin → green → roasted → blend,
 *   ascending id within a kind.
 *
 * The users come first and are locked by the users area (lockAdministrators)
 * and auth/actor-role.ts (requireActorRole), an order by the orders area (docs/decisions/0043-orders.md);
 * this file owns the rest.
 * Take all the locks a write needs at its start, in ONE lockLots call (it sorts
 * them), then read the locked rows: under READ COMMITTED a read after the lock
 * sees the latest committed row, and nobody can change or delete it until the
 * transaction ends. On SQLite every function here locks nothing: BEGIN IMMEDIATE
 * already makes each write transaction the only one.
 * Two exceptions take the lock in the statement that reads the lots
 * (withLotLock): a sale's create, whose only lock is its product lot, and an
 * order's preparation, whose lots come after its order and are read in
 * ascending id: one round trip instead of two.
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
 * locked: read them afterwards and answer "not found"/"not valid" (docs/product-guide.md#validation-rules).
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
 * Lot rows locked by the statement that reads them: `read` selects rows of one
 * lot table, under `lotAlias`. On PostgreSQL the statement gets FOR NO KEY
 * UPDATE (the mode lockLots takes) OF that alias only: the tables it joins (a
 * roasted lot's green lot and origin) are read, not locked. The lock and the
 * read a write needs, in one round trip instead of two. Only where the global
 * order still holds: a write that locks nothing else (a sale's create, one
 * lot, reading its product through the products area, which runs the
 * statement), or one whose earlier locks all come before this kind and whose
 * read sorts the rows by ascending id (an order's preparation, its order
 * locked first, then its roasted lots, then its blends:
 * docs/decisions/0055-fewer-round-trips-and-a-read-connection.md). PostgreSQL locks the
 * rows as the sort hands them over (the lock step sits above the sort).
 */
export function withLotLock<Row>(
  db: DbOrTrx,
  read: SelectQueryBuilder<Database, any, Row>,
  lotAlias: string,
): SelectQueryBuilder<Database, any, Row> {
  return dialectOf(db) === 'postgres' ? read.forNoKeyUpdate(lotAlias) : read;
}
