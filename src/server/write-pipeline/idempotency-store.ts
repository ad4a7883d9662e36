import type { Kysely, Transaction } from 'kysely';
import { reusableQuery } from '../db/reusable-query.js';
import type { Database, IdempotencyKeysTable } from '../db/schema.js';
import type { DbOrTrx } from '../db/write-transaction.js';
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

/** Built once per dialect (db/reusable-query.ts): every keyed write runs it. */
const storeAnswerQuery = reusableQuery((db, p: StoredRow) => {
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
});

/**
 * Stores the answer inside the write's transaction. Returns false when the key
 * is already taken by an answer still in its window: another request with the
 * key committed first, so this one must roll back and replay that answer. An
 * expired row of the same key is overwritten. On PostgreSQL the insert waits
 * for a concurrent transaction holding the same key to end (the primary key's
 * index), which is what keeps two processes to one effect.
 */
export async function storeAnswer(
  trx: Transaction<Database>,
  request: KeyedRequest,
  answer: { status: number; body: unknown },
  now = Date.now(),
): Promise<boolean> {
  const result = await storeAnswerQuery.execute(trx, {
    user_id: request.userId,
    key: request.key,
    method: request.method,
    path: request.path,
    body_hash: request.bodyHash,
    status: answer.status,
    response_body: answer.body === undefined || answer.body === null ? null : JSON.stringify(answer.body),
    created_at: now,
    expiredBy: now - IDEMPOTENCY_WINDOW_MS,
  });
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
