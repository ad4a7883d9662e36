import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ApiError, isSessionLost } from './api-client.js';

/**
 * The one message a form shows, like the server answers one: the spec's
 * "required" text while any field is missing (the spec checks that first), else
 * the first broken rule in field order, else the server's answer to a rule the
 * user can fix (duplicate lot, stock…).
 */
export function formAlertMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  fields: readonly (keyof T & string)[],
  requiredMessage: string,
  saveError: unknown,
): string | undefined {
  const messages = fields.map((field) => errors[field]?.message).filter((m): m is string => typeof m === 'string' && m !== '');
  if (messages.includes(requiredMessage)) return requiredMessage;
  if (messages[0]) return messages[0];
  return saveError instanceof ApiError && saveError.isUserError ? saveError.message : undefined;
}

/**
 * Runs a form's save (spec 4: a successful save resets the form and reloads the
 * list; spec 8: a failed one shows its full-page red message). A rule the user
 * can fix stays in the form, where formAlertMessage shows the server's text; a
 * lost session goes back to the login screen on its own.
 */
export async function saveWithFeedback(
  save: () => Promise<unknown>,
  messages: { saved: string; failed: string },
  handlers: { onSaved: (message: string) => void; onFailure: (message: string, error: unknown) => void },
): Promise<void> {
  try {
    await save();
  } catch (error) {
    if ((error instanceof ApiError && error.isUserError) || isSessionLost(error)) return;
    handlers.onFailure(messages.failed, error);
    return;
  }
  handlers.onSaved(messages.saved);
}
