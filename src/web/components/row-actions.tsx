import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

export interface RowActionsProps {
  /** Accessible names that say which row: "Editar Colombia", "Eliminar lote 15-03-24 de Colombia". */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** Absent: no delete button (Clientes for a tecnico: only an administrator deletes a customer). */
  onDelete?: (() => void) | undefined;
  /** While a delete is under way the delete buttons wait. */
  busy: boolean;
  /** Extra row links or buttons shown before edit and delete (the sales table's trace link, docs/product-guide.md#trazabilidad); each names the row itself. */
  children?: ReactNode;
}

/** A table row's edit and delete icon buttons (every table's 'Acciones', docs/product-guide.md#screens). */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, busy, children }: RowActionsProps) {
  return (
    <div className="actions">
      {children}
      <button type="button" className="icon-button" aria-label={editLabel} title="Editar" onClick={onEdit}>
        <Pencil aria-hidden="true" size={18} />
      </button>
      {onDelete && <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={deleteLabel}
        title="Eliminar"
        disabled={busy}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" size={18} />
      </button>}
    </div>
  );
}
