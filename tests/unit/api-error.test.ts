import { describe, expect, it, vi } from 'vitest';
import { commonMessages, userMessages } from '#shared/messages.js';
import { ApiError } from '#web/lib/api-client.js';
import { formAlertMessage, saveWithFeedback } from '#web/lib/form-feedback.js';

const forbidden = () => new ApiError(403, 'forbidden', commonMessages.forbidden);

describe('ApiError.isUserError: which answers the screen explains in place', () => {
  it('counts a refusal the server explains (400, 403, 409, 422) as a user error', () => {
    for (const status of [400, 403, 409, 422]) expect(new ApiError(status, 'x', 'mensaje').isUserError, String(status)).toBe(true);
  });

  it('keeps a lost session, a missing record, a server failure and no connection as failures', () => {
    for (const status of [0, 401, 404, 429, 500, 503]) expect(new ApiError(status, 'x', 'mensaje').isUserError, String(status)).toBe(false);
  });

  it("shows a 403 save as the server's message in the form (spec 5 \"User\"), not as the full-page save error", async () => {
    expect(commonMessages.forbidden).toBe('No tienes permisos para realizar esta acción.');
    expect(formAlertMessage({}, ['username'], userMessages.required, forbidden())).toBe('No tienes permisos para realizar esta acción.');

    const onFailure = vi.fn();
    const onSaved = vi.fn();
    await saveWithFeedback(() => Promise.reject(forbidden()), { saved: userMessages.added, failed: userMessages.addError }, { onSaved, onFailure });
    expect(onFailure).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
