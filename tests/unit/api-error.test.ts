import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import { ApiError, apiRequest, serverRefusal, setSessionLostHandler } from '#web/lib/api-client.js';
import { formAlertMessage, saveWithFeedback } from '#web/lib/form-feedback.js';
import { apiUpload } from '#web/lib/write-request.js';

const forbidden = () => new ApiError(403, 'forbidden', commonMessages.forbidden);

describe('ApiError.isUserError: which answers the screen explains in place', () => {
  it('counts a refusal the server explains (400, 403, 409, 422) as a user error', () => {
    for (const status of [400, 403, 409, 422]) expect(new ApiError(status, 'x', 'mensaje').isUserError, String(status)).toBe(true);
  });

  it('keeps a lost session, a missing record, a server failure and no connection as failures', () => {
    for (const status of [0, 401, 404, 429, 500, 503]) expect(new ApiError(status, 'x', 'mensaje').isUserError, String(status)).toBe(false);
  });

  it("shows a 403 save as the server's message in the form, not as the full-page save error", async () => {
    expect(commonMessages.forbidden).toBe('No tienes permisos para realizar esta acción.');
    expect(formAlertMessage({}, ['username'], userMessages.required, forbidden())).toBe('No tienes permisos para realizar esta acción.');

    const onFailure = vi.fn();
    const onSaved = vi.fn();
    await saveWithFeedback(() => Promise.reject(forbidden()), { saved: userMessages.added, failed: userMessages.addError }, { onSaved, onFailure });
    expect(onFailure).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('serverRefusal: the server\'s Spanish text of a refused import', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));
  const refusalOf = async (status: number, body: string) => {
    vi.stubGlobal('fetch', answer(status, body));
    return serverRefusal(await apiRequest('GET', '/x').catch((error: unknown) => error));
  };

  it('is the message of any 4xx with the API\'s error body: a busy file reader (429), a batch past 5 MB (400 or 413)', async () => {
    const busy = 'El servidor está revisando otros archivos: espera unos segundos y vuelve a intentarlo.';
    expect(await refusalOf(429, JSON.stringify({ error: { code: 'rate_limited', message: busy } }))).toBe(busy);
    const batch = 'Los archivos de una importación pueden sumar como máximo 5 MB: importa el resto en otra.';
    for (const status of [400, 403, 404, 409, 413, 415, 422]) {
      expect(await refusalOf(status, JSON.stringify({ error: { code: 'validation', message: batch } })), String(status)).toBe(batch);
    }
  });

  it('is nothing for a lost session, a server failure, no connection or a 4xx without the API\'s body (a proxy\'s page)', async () => {
    setSessionLostHandler(() => undefined);
    expect(await refusalOf(401, JSON.stringify({ error: { code: 'unauthorized', message: 'Sesión caducada' } }))).toBeUndefined();
    expect(await refusalOf(500, JSON.stringify({ error: { code: 'internal', message: 'Error interno' } }))).toBeUndefined();
    expect(await refusalOf(413, '<html>413 Request Entity Too Large</html>')).toBeUndefined();
    expect(serverRefusal(new ApiError(0, 'network', 'No se pudo conectar con el servidor. Revisa tu conexión.'))).toBeUndefined();
    expect(serverRefusal(new Error('x'))).toBeUndefined();
  });
});

describe('a lost session, whatever the request', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer401 = () =>
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Sesión caducada' } }), { status: 401 }));

  it('a 401 to a JSON request or to a file upload (the green-lot CSV) brings back the login screen, with the same ApiError', async () => {
    const sessionLost = vi.fn();
    setSessionLostHandler(sessionLost);
    const fetch = answer401();
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('GET', '/green-coffee')).rejects.toMatchObject({ status: 401, message: 'Sesión caducada' });
    await expect(apiUpload('/green-coffee/import?dry_run=true', new Blob(['Lote;Origen']), 'text/csv')).rejects.toMatchObject({ status: 401, message: 'Sesión caducada' });
    expect(sessionLost).toHaveBeenCalledTimes(2);
    // The upload sends the file itself, as text/csv, with the session cookie.
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/green-coffee/import?dry_run=true');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'text/csv' } });
    expect(init.body).toBeInstanceOf(Blob);
  });
});
