import { LogOut } from 'lucide-react';
import { sessionMessages, userMessages } from '#shared/messages.js';
import type { User } from '#shared/schemas/auth.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { RowActions } from '#web/components/row-actions.js';
import { ROLE_LABELS } from './role-labels.js';

export interface UsersTableProps {
  users: User[];
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** «Cerrar sesiones»: ends every open session of the user. */
  onEndSessions: (user: User) => void;
  /** While a delete or an end of sessions is under way their buttons wait. */
  busy: boolean;
}

const COLUMNS: Column<User>[] = [
  { label: 'Usuario', cell: (user) => user.username },
  { label: 'Nombre completo', className: 'wrap', cell: (user) => user.full_name },
  { label: 'Rol', cell: (user) => ROLE_LABELS[user.role] },
];

/**
 * Username, full name, role and the administrators' actions column (spec 2
 * "User management": edit, delete; ours: «Cerrar sesiones»); rows stack into
 * cards on phones so the actions stay in view.
 */
export function UsersTable({ users, onEdit, onDelete, onEndSessions, busy }: UsersTableProps) {
  const actions: Column<User> = {
    label: 'Acciones',
    cell: (user) => (
      <RowActions editLabel={`Editar ${user.username}`} deleteLabel={`Eliminar ${user.username}`} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} busy={busy}>
        <button
          type="button"
          className="icon-button"
          aria-label={sessionMessages.endUserSessions(user.username)}
          title="Cerrar sesiones"
          disabled={busy}
          onClick={() => onEndSessions(user)}
        >
          <LogOut aria-hidden="true" size={18} />
        </button>
      </RowActions>
    ),
  };
  return <DataTable caption="Usuarios registrados" columns={[...COLUMNS, actions]} rows={users} empty={userMessages.empty} />;
}
