import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import { ApiError, apiRequest, setSessionLostHandler } from '#web/lib/api-client.js';
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
