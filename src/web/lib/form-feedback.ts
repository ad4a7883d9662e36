import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ApiError, isSessionLost } from './api-client.js';

/**
 * The one message a form shows, like the server answers one: the form's
 * "required" text while any field is missing (checked first, docs/product-guide.md#validation-rules), else
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

/** `invalid('field')` for <Field invalid>: true while react-hook-form holds an error for it. */
export const invalidFields =
  <T extends FieldValues>(errors: FieldErrors<T>) =>
  (field: keyof T & string): true | undefined =>
    errors[field] ? true : undefined;

/**
 * Runs a form's save (docs/product-guide.md#screens: a successful save resets the form and reloads the
 * list; a failed one shows its full-page red message). A rule the user
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

/** The four texts of a create/edit form's save (each area's messages object has them; docs/product-guide.md#interface-texts). */
export interface SaveMessages {
  added: string;
  updated: string;
  addError: string;
  updateError: string;
}

/** What formSave needs of a TanStack mutation. */
interface SaveMutation<Variables> {
  mutateAsync: (variables: Variables) => Promise<unknown>;
  isPending: boolean;
  error: unknown;
}

/**
 * A create/edit form's save, the same for every form: the create mutation in
 * add mode, the update one while editing, through saveWithFeedback with the
 * area's texts. `mutation` is the one in use (its pending state and error).
 */
export function formSave<CreateBody, UpdateBody = CreateBody>(
  editing: { id: number } | null,
  create: SaveMutation<CreateBody>,
  update: SaveMutation<{ id: number; body: UpdateBody }>,
  messages: SaveMessages,
  handlers: { onSaved: (message: string) => void; onFailure: (message: string, error: unknown) => void },
): { mutation: { isPending: boolean; error: unknown }; save: (body: CreateBody & UpdateBody) => Promise<void> } {
  const save = (body: CreateBody & UpdateBody) =>
    editing
      ? saveWithFeedback(() => update.mutateAsync({ id: editing.id, body }), { saved: messages.updated, failed: messages.updateError }, handlers)
      : saveWithFeedback(() => create.mutateAsync(body), { saved: messages.added, failed: messages.addError }, handlers);
  return { mutation: editing ? update : create, save };
}
