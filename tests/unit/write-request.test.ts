import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionMessages, idempotencyMessages } from '#shared/messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { ApiError, apiRequest, retryingWriteCount, subscribeRetryingWrites } from '#web/lib/api-client.js';
import { formAlertMessage, saveErrorOf, saveWithFeedback } from '#web/lib/form-feedback.js';
import { forgetWrite, leftoverWrite, sendRemembered } from '#web/lib/pending-write.js';
import { apiWrite, ATTEMPT_TIMEOUT_MS, RETRY_DELAYS_MS, writeKeyHolder } from '#web/lib/write-request.js';
import { createStockCount } from '#web/features/stock-counts/api/create-stock-count.js';

// Retry-safe writes from the browser (docs/architecture.md#the-web-side): the key, the retries and their waits,
// what is final, the give-up, a form's key across its sends, and the sale kept for a reload.

type Step = 'lost' | 'timeout' | { status: number; body?: unknown };

/** A fetch that plays `steps` in order (a lost connection, a timeout, or an answer) and records each call. */
function fakeFetch(steps: Step[]) {
  const calls: { url: string; init: RequestInit; at: number }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, at: Date.now() });
    const step = steps.shift() ?? { status: 201, body: { id: 1 } };
    if (step === 'lost') throw new TypeError('Failed to fetch');
    if (step === 'timeout') throw new DOMException('signal timed out', 'TimeoutError');
    return new Response(step.body === undefined ? null : JSON.stringify(step.body), { status: step.status });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, keys: () => calls.map((call) => (call.init.headers as Record<string, string>)['idempotency-key']) };
}

const refusal = (status: number, message: string, code = 'validation') => ({ status, body: { error: { code, message } } });
const sale = { product_id: 1, product_type: 'roasted', batch_code_sold: 'T-CO', quantity_kg: 2.5, unit_price: 15, sale_date: '2024-03-12' };

/** Runs `promise` to the end while the fake clock moves through every wait. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then((value) => ({ value }), (error: unknown) => ({ error }));
  await vi.runAllTimersAsync();
  return outcome;
}

/** Node has no sessionStorage: a Map-backed one, as the browser's behaves for one tab. */
function tabStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  vi.stubGlobal('sessionStorage', tabStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiWrite: the Idempotency-Key and the retries after a lost connection', () => {
  it('sends again with the same key after lost connections and timeouts, waiting 0.5 s, 1 s, 2 s, with the notice on meanwhile', async () => {
    const { calls, keys } = fakeFetch(['lost', 'timeout', 'lost', { status: 201, body: { id: 7 } }]);
    const notices: number[] = [];
    const unsubscribe = subscribeRetryingWrites(() => notices.push(retryingWriteCount()));

    const { value } = await settle(apiWrite<{ id: number }>('POST', '/sales', sale, 'clave-venta-1'));
    unsubscribe();

    expect(value).toEqual({ id: 7 });
    expect(keys()).toEqual(['clave-venta-1', 'clave-venta-1', 'clave-venta-1', 'clave-venta-1']);
    expect(calls.map((call) => call.at)).toEqual([0, 500, 1500, 3500]);
    // Same method, path and body every time: the server can only replay a request it sees again unchanged.
    expect(new Set(calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body)}`)).size).toBe(1);
    expect(calls[0]!.url).toBe('/api/sales');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    // 'Sin conexión: reintentando…' from the first lost connection until the answer, then gone.
    expect(notices).toEqual([1, 0]);
    expect(retryingWriteCount()).toBe(0);
    expect(connectionMessages.retrying).toBe('Sin conexión: reintentando…');
  });

  it('gives up after five attempts (0.5 + 1 + 2 + 4 s of waits) with the "could not confirm, sending again is safe" error', async () => {
    const { calls, keys } = fakeFetch(['lost', 'lost', 'lost', 'lost', 'lost', { status: 201 }]);
    const { error } = await settle(apiWrite('DELETE', '/sales/3'));

    expect(calls).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(calls.map((call) => call.at)).toEqual([0, 500, 1500, 3500, 7500]);
    expect(new Set(keys()).size).toBe(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'unconfirmed', message: connectionMessages.unconfirmed });
    expect(retryingWriteCount()).toBe(0);
  });

  it('retries nothing the server answered: a 400, a 409 of stock, a 422 and a 500 are final after one request', async () => {
    for (const answer of [
      refusal(400, salesMessages.quantityPositive),
      refusal(409, 'No hay suficiente café tostado disponible. Solo tienes 10 Kg.', 'insufficient_stock'),
      refusal(422, 'La clave ya se usó con otra solicitud.'),
      refusal(500, 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.', 'internal'),
    ]) {
      const { calls } = fakeFetch([answer]);
      const { error } = await settle(apiWrite('POST', '/sales', sale));
      expect(calls, String(answer.status)).toHaveLength(1);
      expect(error).toMatchObject({ status: answer.status, message: answer.body.error.message });
    }
  });

  it("waits once for a 409 'La misma solicitud ya se está procesando.' (the first request still running), then answers what comes", async () => {
    const inProgress = refusal(409, 'La misma solicitud ya se está procesando.', 'conflict');
    expect(idempotencyMessages.inProgress).toBe(inProgress.body.error.message);

    const replayed = fakeFetch(['lost', inProgress, { status: 201, body: { id: 9 } }]);
    expect((await settle(apiWrite('POST', '/sales', sale, 'k'))).value).toEqual({ id: 9 });
    expect(replayed.keys()).toEqual(['k', 'k', 'k']);

    const stillRunning = fakeFetch([inProgress, inProgress, { status: 201 }]);
    const { error } = await settle(apiWrite('POST', '/sales', sale, 'k'));
    expect(stillRunning.calls).toHaveLength(2);
    expect(error).toMatchObject({ status: 409, message: 'La misma solicitud ya se está procesando.' });
  });

  it('leaves reads, sign-in and sign-out alone: no key, no retry (a failed load shows its own message)', async () => {
    const { calls } = fakeFetch(['lost', 'lost']);
    const { error } = await settle(apiRequest('GET', '/sales'));
    await settle(apiRequest('POST', '/auth/logout'));
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => (call.init.headers as Record<string, string>)['idempotency-key'])).toEqual([undefined, undefined]);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('gives each attempt a timeout and a call without a key its own fresh one, shared by its retries', async () => {
    const { calls, keys } = fakeFetch([{ status: 204 }, 'lost', { status: 204 }]);
    await settle(apiWrite('DELETE', '/sales/1'));
    await settle(apiWrite('DELETE', '/sales/2'));
    const [first, second, third] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    expect(calls[0]!.init.body).toBeUndefined();
    expect(ATTEMPT_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
  });
  it('sends a stock count with its key and again with the same key after a lost connection', async () => {
    const { calls, keys } = fakeFetch(['lost', { status: 201, body: { id: 3 } }]);
    const body = { reason: 'merma' as const, note: null, lines: [{ lot_kind: 'roasted' as const, lot_id: 1, expected_kg: 5, counted_kg: 4.5 }] };
    const { value } = await settle(createStockCount({ body, key: 'clave-recuento-1' }));
    expect(value).toEqual({ id: 3 });
    expect(keys()).toEqual(['clave-recuento-1', 'clave-recuento-1']);
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual(['POST /api/stock-counts', 'POST /api/stock-counts']);
  });
});

describe("a form's key: made once, kept until the save succeeds", () => {
  it('keeps the key through an unanswered send and a refusal, and takes a new one after the success', async () => {
    const holder = writeKeyHolder();
    const { keys } = fakeFetch(['lost', 'lost', 'lost', 'lost', 'lost', refusal(400, salesMessages.quantityPositive), { status: 201 }, { status: 201 }]);
    const send = () => holder.send((key) => apiWrite('POST', '/sales', sale, key));

    expect((await settle(send())).error).toMatchObject({ code: 'unconfirmed' });
    expect((await settle(send())).error).toMatchObject({ status: 400 });
    expect((await settle(send())).error).toBeUndefined();
    expect((await settle(send())).error).toBeUndefined();

    const sent = keys();
    expect(sent).toHaveLength(8);
    // The five attempts, the refused one and the successful one: one key. The next sale: another.
    expect(new Set(sent.slice(0, 7)).size).toBe(1);
    expect(sent[7]).not.toBe(sent[0]);
  });

  it('takes a new key after a 422 (the key was used with another body), so the form is not stuck on it', async () => {
    const holder = writeKeyHolder();
    const before = holder.key;
    fakeFetch([refusal(422, 'La clave ya se usó con otra solicitud.')]);
    await settle(holder.send((key) => apiWrite('POST', '/sales', sale, key)));
    expect(holder.key).not.toBe(before);
  });

  it('keeps an unanswered save in the form in the area\'s words, not as the full-page failure', async () => {
    const unconfirmed = new ApiError(0, 'unconfirmed', connectionMessages.unconfirmed);
    const onFailure = vi.fn();
    await saveWithFeedback(() => Promise.reject(unconfirmed), { saved: salesMessages.added, failed: salesMessages.addError }, { onSaved: vi.fn(), onFailure });
    expect(onFailure).not.toHaveBeenCalled();
    expect(formAlertMessage({}, ['product_id'], salesMessages.required, saveErrorOf(unconfirmed, salesMessages.unconfirmed))).toBe(
      'No se pudo confirmar si la venta se registró. Puedes volver a enviarla sin riesgo de duplicarla.',
    );
    expect(formAlertMessage({}, ['name'], 'x', saveErrorOf(unconfirmed, undefined))).toBe(connectionMessages.unconfirmed);
    // A network failure of a read is still not a form message.
    expect(formAlertMessage({}, ['name'], 'x', new ApiError(0, 'network', 'No se pudo conectar con el servidor. Revisa tu conexión.'))).toBeUndefined();
  });
});

describe('a sale kept in sessionStorage while its answer is awaited', () => {
  const STORAGE = 'cafe:venta-pendiente';
  const write = { key: 'clave-venta-2', body: sale };
  const sendSale = () => sendRemembered(STORAGE, write, () => apiWrite('POST', '/sales', write.body, write.key));

  it('is there while the request runs, but not offered by this page (it is still sending it)', async () => {
    fakeFetch(['lost', { status: 201 }]);
    const running = sendSale();
    expect(JSON.parse(sessionStorage.getItem(STORAGE)!)).toEqual(write);
    expect(leftoverWrite(STORAGE)).toBeNull();
    await settle(running);
    expect(sessionStorage.getItem(STORAGE)).toBeNull();
  });

  it('stays after an unanswered send or a server failure (offered after a reload, same key); goes after a definite 4xx', async () => {
    fakeFetch(['lost', 'lost', 'lost', 'lost', 'lost']);
    await settle(sendSale());
    expect(leftoverWrite(STORAGE)).toEqual(write);

    fakeFetch([refusal(500, 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.', 'internal')]);
    await settle(sendSale());
    expect(leftoverWrite(STORAGE)).toEqual(write);

    fakeFetch([refusal(409, 'La misma solicitud ya se está procesando.', 'conflict'), refusal(409, 'La misma solicitud ya se está procesando.', 'conflict')]);
    await settle(sendSale());
    expect(leftoverWrite(STORAGE)).toEqual(write);

    fakeFetch([refusal(409, 'No hay suficiente café tostado disponible. Solo tienes 1 Kg.', 'insufficient_stock')]);
    await settle(sendSale());
    expect(leftoverWrite(STORAGE)).toBeNull();

    sessionStorage.setItem(STORAGE, JSON.stringify(write));
    forgetWrite(STORAGE);
    expect(leftoverWrite(STORAGE)).toBeNull();
  });
});
