import { recordVersionMessages } from '#shared/messages.js';

/**
 * A validation message next to a form (a rule the user can fix: missing field, not enough stock…).
 * With `onReload`, after a 409 'Otro usuario modificó …' (docs/decisions/0038-record-versions.md),
 * a 'Recargar' button beside it: the record as it is now replaces what was typed, only when chosen.
 */
export function FormAlert({ message, onReload }: { message: string | null | undefined; onReload?: (() => void) | undefined }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
      {onReload && (
        <>
          {' '}
          <button type="button" className="btn btn-secondary" onClick={onReload}>
            {recordVersionMessages.reload}
          </button>
        </>
      )}
    </p>
  );
}
