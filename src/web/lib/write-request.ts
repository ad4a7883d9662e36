import { connectionMessages, idempotencyMessages } from '#shared/messages.js';
import { ApiError, changeRetryingWrites, jsonRequest, send } from './api-client.js';

/**
 * Every write the app sends (POST, PUT, DELETE under /api, sign-in and sign-out
 * aside) carries an `Idempotency-Key`, and a write whose answer never arrived is
 * sent again with the same key: the server answers a key it has already run with
 * the first answer instead of writing twice (docs/architecture.md#the-web-side).
 * Lint refuses a write sent any other way under src/web (RAW_WRITES in eslint.config.js).
 * This module stays out of the first visit's JavaScript (login and home write
 * nothing), so the retry loop costs the budget of scripts/check-web-budget.ts nothing.
 */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** A write's variables: what it sends and the key made when its form was opened (useFormSave). */
export interface Keyed {
  key: string;
}

/** A record as a table row or edit form holds it: its id and the version it was read at (docs/decisions/0038-record-versions.md). */
export interface RecordRef {
  id: number;
  version: number;
}

/** `/sales/12?version=3`: a delete of the record as it was read, refused (409) if someone changed it since. */
export const versionedPath = (path: string, { id, version }: RecordRef): string => `${path}/${id}?version=${version}`;

/** A fresh key: 36 visible ASCII characters, within the server's 1–255. */
export const newWriteKey = (): string => crypto.randomUUID();

/**
 * The waits before each new attempt after a lost connection: five attempts in
 * about 7.5 s (a phone re-joining the shop's wifi), then the form says it could
 * not confirm the write.
 */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** An attempt with no answer after this long counts as a lost connection (a sale answers in milliseconds, an import in seconds). */
export const ATTEMPT_TIMEOUT_MS = 20_000;

/** The give-up: no answer came, so the write may or may not have been recorded, and sending it again is safe. */
export const isUnconfirmed = (error: unknown): boolean => error instanceof ApiError && error.code === 'unconfirmed';

/** The server's 409 for a key whose first request is still running: worth one more wait, as the first may just be slow. */
export const isInProgress = (error: unknown): boolean => error instanceof ApiError && error.status === 409 && error.message === idempotencyMessages.inProgress;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a write with its key, again after each lost connection or timeout
 * (RETRY_DELAYS_MS, 'Sin conexión: reintentando…' meanwhile), and once more
 * after a 409 'La misma solicitud ya se está procesando.'. Any other answer,
 * 4xx or 5xx, is final: sending the same body again would get the same one.
 * Gives up with ApiError code 'unconfirmed' (connectionMessages.unconfirmed).
 */
export async function sendWrite<T>(path: string, init: RequestInit, key: string): Promise<T> {
  const headers = { ...(init.headers as Record<string, string>), 'idempotency-key': key };
  let waitedForFirst = false;
  let retrying = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send<T>(path, { ...init, headers, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      } catch (error) {
        const lost = error instanceof ApiError && error.code === 'network';
        if (lost && attempt >= RETRY_DELAYS_MS.length) throw new ApiError(0, 'unconfirmed', connectionMessages.unconfirmed);
        if (!lost && (waitedForFirst || !isInProgress(error))) throw error;
        if (!lost) waitedForFirst = true;
        if (lost && !retrying) {
          retrying = true;
          changeRetryingWrites(1);
        }
        await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
      }
    }
  } finally {
    if (retrying) changeRetryingWrites(-1);
  }
}

/** The key of one form across its sends (useWriteKey in src/web/lib/form-feedback.ts). */
export interface WriteKeyHolder {
  readonly key: string;
  /**
   * Runs `write` with the key. The key stays after a refusal or an unanswered
   * send, so sending again can never record twice; a success takes a new one for
   * the next record. So does a 422: the key was already used with another body
   * (the person changed the form after a send whose answer never came, and the
   * server had recorded it), so the form shows the server's message and the next
   * send is a deliberate new record rather than a form stuck on the old key.
   */
  send<T>(write: (key: string) => Promise<T>): Promise<T>;
}

export function writeKeyHolder(): WriteKeyHolder {
  let key = newWriteKey();
  return {
    get key() {
      return key;
    },
    async send(write) {
      try {
        const result = await write(key);
        key = newWriteKey();
        return result;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) key = newWriteKey();
        throw error;
      }
    },
  };
}

/** A JSON write (or a DELETE without a body). Without a key, one is made for this call: its retries still share it. */
export const apiWrite = <T>(method: WriteMethod, path: string, body?: unknown, key = newWriteKey()): Promise<T> =>
  sendWrite<T>(path, jsonRequest(method, body), key);

/**
 * POST of a file as the body itself (the green-lot CSV import: `text/csv`, so
 * the server reads its bytes as they are), with apiWrite's key and retries.
 */
export const apiUpload = <T>(path: string, file: Blob, contentType: string, key = newWriteKey()): Promise<T> =>
  sendWrite<T>(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': contentType }, body: file }, key);
