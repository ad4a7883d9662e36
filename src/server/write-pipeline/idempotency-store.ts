import type { Kysely, QueryCreator, Transaction } from 'kysely';
import { reusableQuery } from '#server/db/reusable-query.js';
import type { Database, IdempotencyKeysTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { type ActivityRow, insertActivityRow } from './activity-log.js';
import type { KeyedRequest } from './idempotency-key.js';

/** How long an answer is replayed (docs/decisions/0023-idempotency-keys.md). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The store's ceiling: past it the oldest keys go first, whatever their age. */
export const MAX_STORED_KEYS = 100_000;

/** How often, at most, a write triggers the pruning of expired keys. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface StoredAnswer {
  method: string;
  path: string;
  body_hash: string;
  status: number;
  response_body: string | null;
}

/** Built once per dialect (db/reusable-query.ts): every keyed write runs it. */
const storedAnswer = reusableQuery((db, p: { userId: number; key: string; after: number }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'body_hash', 'status', 'response_body'])
    .where('user_id', '=', p.userId)
    .where('key', '=', p.key)
    .where('created_at', '>', p.after));

/** The answer stored for this user's key within the window, or undefined. */
export function findStoredAnswer(db: DbOrTrx, userId: number, key: string, now = Date.now()): Promise<StoredAnswer | undefined> {
  return storedAnswer.takeFirst(db, { userId, key, after: now - IDEMPOTENCY_WINDOW_MS });
}

/** Whether a stored answer belongs to this very request (same method, path and body). */
export const sameRequest = (stored: StoredAnswer, request: KeyedRequest): boolean =>
  stored.method === request.method && stored.path === request.path && stored.body_hash === request.bodyHash;

type StoredRow = IdempotencyKeysTable & { expiredBy: number };

/** The answer's insert, as a reusable query builds it; an expired row of the same key is overwritten. */
function upsertAnswer(db: QueryCreator<Database>, p: StoredRow) {
  // Each column by name: a placeholder is read by name, so `...p` would find none.
  const row = {
    user_id: p.user_id,
    key: p.key,
    method: p.method,
    path: p.path,
    body_hash: p.body_hash,
    status: p.status,
    response_body: p.response_body,
    created_at: p.created_at,
  };
  return db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'key'])
        .doUpdateSet({ ...row })
        .where('idempotency_keys.created_at', '<=', p.expiredBy),
    );
}

/** Built once per dialect (db/reusable-query.ts): every keyed write runs it. */
const storeAnswerQuery = reusableQuery((db, p: StoredRow) => upsertAnswer(db, p));

/** The activity-log row's columns beside the answer's, each under its own name (`log_at`, …). */
type LoggedRow = StoredRow & { [Column in keyof ActivityRow as `log_${Column}`]: ActivityRow[Column] };

/**
 * PostgreSQL only (SQLite has no data-modifying WITH): the write's one log
 * entry inserted by the statement that stores its answer. Each statement is a
 * round trip to the server, and a keyed sale's CPU on PostgreSQL is mostly
 * the socket's (docs/performance.md#cpu-per-sale). The entry is written
 * whether or not the key turns out taken; a taken key rolls it all back.
 */
const storeAnswerAndEntryQuery = reusableQuery((db, p: LoggedRow) =>
  upsertAnswer(
    // Typed as the plain schema: the statement reads nothing of the CTE, it only runs it.
    db.with('entry', (cte) => insertActivityRow(cte, {
      at: p.log_at,
      user_id: p.log_user_id,
      username: p.log_username,
      action: p.log_action,
      area: p.log_area,
      record_id: p.log_record_id,
      record_label: p.log_record_label,
      changes: p.log_changes,
    })) as unknown as QueryCreator<Database>,
    p,
  ));

/**
 * Stores the answer inside the write's transaction. Returns false when the key
 * is already taken by an answer still in its window: another request with the
 * key committed first, so this one must roll back and replay that answer. An
 * expired row of the same key is overwritten. On PostgreSQL the insert waits
 * for a concurrent transaction holding the same key to end (the primary key's
 * index), which is what keeps two processes to one effect. `entry`, on
 * PostgreSQL only: the write's one activity-log row, inserted by the same statement.
 */
export async function storeAnswer(
  trx: Transaction<Database>,
  request: KeyedRequest,
  answer: { status: number; body: unknown },
  now = Date.now(),
  entry?: ActivityRow,
): Promise<boolean> {
  const row: StoredRow = {
    user_id: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    body_hash: request.bodyHash,
    status: answer.status,
    response_body: answer.body === undefined || answer.body === null ? null : JSON.stringify(answer.body),
    created_at: now,
    expiredBy: now - IDEMPOTENCY_WINDOW_MS,
  };
  const result = entry
    ? await storeAnswerAndEntryQuery.execute(trx, {
      ...row,
      log_at: entry.at,
      log_user_id: entry.user_id,
      log_username: entry.username,
      log_action: entry.action,
      log_area: entry.area,
      log_record_id: entry.record_id,
      log_record_label: entry.record_label,
      log_changes: entry.changes,
    })
    : await storeAnswerQuery.execute(trx, row);
  // What executeTakeFirst's numInsertedOrUpdatedRows reads: 0 when the key is taken.
  return Number(result.numAffectedRows ?? 0) > 0;
}

const lastPrune = new WeakMap<Kysely<Database>, number>();

/** Whether it is time to prune again (at most every ten minutes per database); marks it done. */
export function pruneDue(db: Kysely<Database>, now = Date.now()): boolean {
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return false;
  lastPrune.set(db, now);
  return true;
}

/**
 * Deletes the keys past their window, then the oldest beyond MAX_STORED_KEYS.
 * Run after a write's answer, never inside one, so writes do not wait for it.
 */
export async function pruneKeys(trx: Transaction<Database>, now = Date.now(), maxKeys = MAX_STORED_KEYS): Promise<void> {
  await trx.deleteFrom('idempotency_keys').where('created_at', '<=', now - IDEMPOTENCY_WINDOW_MS).execute();
  const newestBeyondCap = await trx
    .selectFrom('idempotency_keys')
    .select('created_at')
    .orderBy('created_at', 'desc')
    .offset(maxKeys)
    .limit(1)
    .executeTakeFirst();
  if (newestBeyondCap) await trx.deleteFrom('idempotency_keys').where('created_at', '<=', Number(newestBeyondCap.created_at)).execute();
}
