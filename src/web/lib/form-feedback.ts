import { useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ApiError, isSessionLost } from './api-client.js';
import { isUnconfirmed, type Keyed, type RecordRef, type WriteKeyHolder, writeKeyHolder } from './write-request.js';

/**
 * The one message a form shows, like the server answers one: the form's
 * "required" text while any field is missing (checked first, docs/product-guide.md#validation-rules), else
 * the first broken rule in field order, else the server's answer to a rule the
 * user can fix (duplicate lot, stock…), or the save that got no answer
 * ('No se pudo confirmar…', docs/architecture.md#the-web-side).
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
  return saveError instanceof ApiError && (saveError.isUserError || isUnconfirmed(saveError)) ? saveError.message : undefined;
}

/**
 * `invalid('field')` for <Field invalid>, while react-hook-form holds an error
 * for the field: its own message, shown next to it ('Fecha de Tostado:
 * 31/02/2026 no es una fecha del calendario.'), or just `true` for the form's
 * `requiredMessage`, which <FormAlert> says once for every empty field
 * (docs/product-guide.md#validation-rules). react-hook-form checks the form
 * again at each change after a failed save, so a corrected field loses its message.
 */
export const invalidFields =
  <T extends FieldValues>(errors: FieldErrors<T>, requiredMessage: string) =>
  (field: keyof T & string): true | string | undefined => {
    if (!errors[field]) return undefined;
    const message = errors[field].message;
    return typeof message === 'string' && message !== '' && message !== requiredMessage ? message : true;
  };

/**
 * Runs a form's save (docs/product-guide.md#screens: a successful save resets the form and reloads the
 * list; a failed one shows its full-page red message). A rule the user
 * can fix stays in the form, where formAlertMessage shows the server's text, and
 * so does a save that got no answer: what was typed stays, ready to send again
 * (docs/architecture.md#the-web-side). A lost session goes back to the login
 * screen on its own.
 */
export async function saveWithFeedback<Saved>(
  save: () => Promise<Saved>,
  messages: { saved: string; failed: string },
  handlers: { onSaved: (message: string, saved: Saved) => void; onFailure: (message: string, error: unknown) => void },
): Promise<void> {
  let saved: Saved;
  try {
    saved = await save();
  } catch (error) {
    if ((error instanceof ApiError && error.isUserError) || isSessionLost(error) || isUnconfirmed(error)) return;
    handlers.onFailure(messages.failed, error);
    return;
  }
  handlers.onSaved(messages.saved, saved);
}

/** The four texts of a create/edit form's save (each area's messages object has them; docs/product-guide.md#interface-texts). */
export interface SaveMessages {
  added: string;
  updated: string;
  addError: string;
  updateError: string;
  /** The area's words for a save that got no answer; connectionMessages.unconfirmed without it. */
  unconfirmed?: string;
}

/** What useFormSave needs of a TanStack mutation. */
interface SaveMutation<Variables, Saved> {
  mutateAsync: (variables: Variables) => Promise<Saved>;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * A form's Idempotency-Key (docs/architecture.md#the-web-side): one
 * writeKeyHolder per mounted form, so a key per opening of the form for a record
 * (the list screens remount their form, by key, for each record and after each
 * save). Returns its `send(write)`: the key kept through failed and unanswered
 * sends, a new one after a success or a 422.
 */
export function useWriteKey(): WriteKeyHolder['send'] {
  const [holder] = useState(writeKeyHolder);
  return holder.send;
}

/**
 * The error a form shows for its save: a save that got no answer in the area's
 * own words when it has them ('No se pudo confirmar si la venta se registró…').
 */
export const saveErrorOf = (error: unknown, unconfirmed: string | undefined): unknown =>
  unconfirmed !== undefined && isUnconfirmed(error) ? new ApiError(0, 'unconfirmed', unconfirmed) : error;

/** The server's 409 for an edit or delete from a form read at an older version (docs/decisions/0038-record-versions.md). */
export const isEditedByOther = (error: unknown): boolean => error instanceof ApiError && error.code === 'version_conflict';

/**
 * A create/edit form's save, the same for every form: the create mutation in
 * add mode, the update one while editing, through saveWithFeedback with the
 * area's texts, each send with the form's key (useWriteKey). An edit sends the
 * version of the row it was opened from (docs/decisions/0038-record-versions.md).
 * `mutation` is the one in use (its pending state and error) and, after a 409
 * 'Otro usuario modificó …', `reload` (the form's 'Recargar': `onReload`,
 * from useFormScreen); `onSaved` gets the saved row too (a new lot's label is
 * offered from it, docs/product-guide.md#imprimir-desde-las-tablas).
 * `mutation.dismiss` (the form's `onEdit`) drops the server's answer to a rule
 * once the user changes the form, as a corrected field loses its own message;
 * 'Otro usuario modificó …' (with its 'Recargar') and a save that got no answer stay.
 */
export function useFormSave<CreateBody, UpdateBody = CreateBody, Saved = unknown>(
  editing: RecordRef | null,
  create: SaveMutation<Keyed & { body: CreateBody }, Saved>,
  update: SaveMutation<Keyed & { id: number; body: UpdateBody }, Saved>,
  messages: SaveMessages,
  handlers: { onSaved: (message: string, saved: Saved) => void; onFailure: (message: string, error: unknown) => void; onReload?: () => void },
): {
  mutation: { isPending: boolean; error: unknown; reload: (() => void) | undefined; dismiss: () => void };
  save: (body: CreateBody & UpdateBody) => Promise<void>;
} {
  const withKey = useWriteKey();
  const save = (body: CreateBody & UpdateBody) =>
    editing
      ? saveWithFeedback(
        () => withKey((key) => update.mutateAsync({ id: editing.id, body: { ...body, version: editing.version }, key })),
        { saved: messages.updated, failed: messages.updateError },
        handlers,
      )
      : saveWithFeedback(() => withKey((key) => create.mutateAsync({ body, key })), { saved: messages.added, failed: messages.addError }, handlers);
  const mutation = editing ? update : create;
  const reload = editing && isEditedByOther(mutation.error) ? handlers.onReload : undefined;
  const dismiss = () => {
    const { error } = mutation;
    if (error instanceof ApiError && error.isUserError && !isEditedByOther(error) && !isUnconfirmed(error)) mutation.reset();
  };
  return { mutation: { isPending: mutation.isPending, error: saveErrorOf(mutation.error, messages.unconfirmed), reload, dismiss }, save };
}
