import { ApiError } from './api-client.js';
import { isInProgress, type Keyed } from './write-request.js';

/**
 * A write kept in sessionStorage while its answer is awaited, so that a reload
 * in the middle (the counter's phone losing the page with the connection) can
 * offer to send it again with the same key: the server then answers the first
 * sale instead of recording a second one (docs/architecture.md#the-web-side).
 * sessionStorage, not localStorage: it belongs to this tab and goes with it.
 */
export type PendingWrite<Body> = Keyed & { body: Body };

/** Keys being sent by this page right now: their entries are not left over from before a reload. */
const inFlight = new Set<string>();

function store(storageKey: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, value);
  } catch {
    // Storage refused (private mode, full): the write still goes, only the reload offer is lost.
  }
}

/**
 * Runs `send` with `write` stored under `storageKey` until the answer: removed
 * on success and on a definite refusal (a 4xx: nothing was written, and the same
 * body would be refused again), kept when no answer came or the server failed,
 * when the write may have been recorded.
 */
export async function sendRemembered<T, Body>(storageKey: string, write: PendingWrite<Body>, send: () => Promise<T>): Promise<T> {
  inFlight.add(write.key);
  store(storageKey, JSON.stringify({ key: write.key, body: write.body }));
  try {
    const result = await send();
    store(storageKey, null);
    return result;
  } catch (error) {
    // A 409 'La misma solicitud ya se está procesando.' is not a refusal: the first request may still record it.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !isInProgress(error)) store(storageKey, null);
    throw error;
  } finally {
    inFlight.delete(write.key);
  }
}

/** The write a reload interrupted, if any (not one this page is sending now). */
export function leftoverWrite<Body>(storageKey: string): PendingWrite<Body> | null {
  try {
    const entry = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as PendingWrite<Body> | null;
    return entry && typeof entry.key === 'string' && !inFlight.has(entry.key) ? entry : null;
  } catch {
    return null;
  }
}

export const forgetWrite = (storageKey: string): void => store(storageKey, null);
