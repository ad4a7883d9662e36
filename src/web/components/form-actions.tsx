import type { ReactNode } from 'react';

/**
 * The buttons under a create/edit form (docs/product-guide.md#screens): the submit button names
 * the mode ('Agregar …' / 'Actualizar …'); in edit mode 'Cancelar' goes back to
 * add mode. Both wait while a save is under way.
 */
export function FormActions({ editing, pending, createLabel, updateLabel, onCancel }: {
  editing: boolean;
  pending: boolean;
  createLabel: string;
  updateLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {editing ? updateLabel : createLabel}
      </button>
      {editing && (
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
          Cancelar
        </button>
      )}
    </div>
  );
}

/**
 * The buttons under a form that is not a create/edit one (a search, a filter, a count): its submit
 * button, waiting while `pending`, then `children` (e.g. 'Quitar filtros').
 */
export function SubmitActions({ label, pending, children }: { label: string; pending?: boolean; children?: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {label}
      </button>
      {children}
    </div>
  );
}
