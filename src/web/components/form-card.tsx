import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from './form-alert.js';

/**
 * A form in a card as every screen shows it (create/edit, a filter, a search): a card titled by its mode, an
 * optional note, the fields in a .form-grid, the form's one message
 * (<FormAlert>) and its buttons (<FormActions>). `id` names the title
 * (`${id}-title`), which labels the form.
 */
export function FormCard({ id, className, title, onSubmit, onEdit, note, alert, onReload, actions, children }: {
  id: string;
  /** A class beside `card` (a screen's own layout, `no-print`). */
  className?: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Any change to a field: a create/edit form drops the server's answer to its last save (useFormSave's `mutation.dismiss`). */
  onEdit?: (() => void) | undefined;
  /** Shown between the title and the fields (e.g. "register an origin first"). */
  note?: ReactNode;
  alert: string | null | undefined;
  /** After a 409 'Otro usuario modificó …': the alert's 'Recargar' (useFormSave's `mutation.reload`). */
  onReload?: (() => void) | undefined;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={className ? `card ${className}` : 'card'} onSubmit={onSubmit} onChange={onEdit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      {note}
      <div className="form-grid">{children}</div>
      <FormAlert message={alert} onReload={onReload} />
      {actions}
    </form>
  );
}
