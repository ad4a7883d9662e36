/**
 * The one way the web app talks to the server. Error bodies
 * (`{error: {code, message}}`) become ApiError with the server's Spanish
 * message; a 401 outside sign-in tells the app the session is gone, which
 * brings back the login screen.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * A refusal the server explains (bad input, not enough stock, duplicate, or a
   * 403 'No tienes permisos para realizar esta acción.', docs/product-guide.md#roles-and-permissions), shown
   * as its message where the user acted, as opposed to a failure (full-page error).
   */
  get isUserError(): boolean {
    return this.status === 400 || this.status === 403 || this.status === 409 || this.status === 422;
  }
}

/**
 * The server's own Spanish text for a refused request, for screens that show it where the person
 * acted (the imports: a file's problem, a batch past 5 MB, the file reader busy, 429): any 4xx
 * whose body carried the API's error (`{ error: { code, message } }`, docs/product-guide.md#any-request),
 * but a lost session (401: the login screen comes back). Undefined for a failure: no connection, a 5xx,
 * or a 4xx without the API's body (a proxy's page), for which the screen shows its general error.
 */
export function serverRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401 || error.code === UNKNOWN_CODE) return undefined;
  return error.message;
}

/** The code of an error answer without the API's body. */
const UNKNOWN_CODE = 'unknown';

/**
 * A 401: the session is gone and the login screen is already on its way back,
 * so a screen shows no failure message of its own for it.
 */
export const isSessionLost = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** A query whose load failed for any reason but a lost session (its full-page red message, docs/product-guide.md#screens). */
export const loadFailed = (query: { isError: boolean; error: unknown }): boolean => query.isError && !isSessionLost(query.error);

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión.';

let onSessionLost: (() => void) | undefined;
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Reads, sign-in and sign-out; every other write goes through apiWrite (src/web/lib/write-request.ts). */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return send<T>(path, jsonRequest(method, body));
}

/** A JSON request's method, headers and body (none for a GET or a DELETE without one). */
export const jsonRequest = (method: HttpMethod, body?: unknown): RequestInit => ({
  method,
  headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/**
 * One request and its answer, no retry: a fetch that rejects (no connection,
 * a timeout through `init.signal`) is ApiError status 0, code 'network'. Writes
 * go through src/web/lib/write-request.ts, which retries those with the same
 * Idempotency-Key (docs/architecture.md#the-web-side).
 */
export async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (response.status === 401 && path !== '/auth/login') onSessionLost?.();
    throw new ApiError(response.status, error?.code ?? UNKNOWN_CODE, error?.message ?? NETWORK_MESSAGE);
  }
  return data as T;
}

/**
 * How many writes are waiting to be sent again after a lost connection, for the
 * one 'Sin conexión: reintentando…' notice (src/web/components/connection-notice.tsx).
 * It lives here, beside the client every screen loads, so the notice costs the
 * first visit a few bytes; the retry loop itself stays in the screens' chunks.
 */
let retryingWrites = 0;
const retryListeners = new Set<() => void>();
export const retryingWriteCount = (): number => retryingWrites;
export function subscribeRetryingWrites(listener: () => void): () => void {
  retryListeners.add(listener);
  return () => retryListeners.delete(listener);
}
export function changeRetryingWrites(delta: 1 | -1): void {
  retryingWrites += delta;
  for (const listener of retryListeners) listener();
}

/** Query-string for list routes: `?limit=…&offset=…` and any filters, skipping empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
