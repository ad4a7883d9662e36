import { LogOut } from 'lucide-react';
import { sessionMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { UserItem } from '#shared/schemas/users.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { ROLE_LABELS } from './role-labels.js';

export interface UsersTableProps extends RowActionHandlers<UserItem> {
  users: UserItem[];
  /** «Cerrar sesiones»: ends every open session of the user. While it (or a delete) is under way, `busy` holds its button too. */
  onEndSessions: (user: UserItem) => void;
}

const COLUMNS: Column<UserItem>[] = [
  { label: 'Usuario', cell: (user) => user.username },
  { label: 'Nombre completo', className: 'wrap', cell: (user) => user.full_name },
  { label: 'Rol', cell: (user) => ROLE_LABELS[user.role] },
];

/**
 * Username, full name, role and the administrators' actions column
 * (docs/product-guide.md#gestion-de-usuarios: edit, delete; ours: «Cerrar sesiones»);
 * rows stack into cards on phones so the actions stay in view.
 */
export function UsersTable({ users, onEndSessions, ...rowActions }: UsersTableProps) {
  const actions = actionsColumn(rowActions, (user: UserItem) => user.username, (user) => (
    <button
      type="button"
      className="icon-button"
      aria-label={sessionMessages.endUserSessions(user.username)}
      title="Cerrar sesiones"
      disabled={rowActions.busy}
      onClick={() => onEndSessions(user)}
    >
      <LogOut aria-hidden="true" size={18} />
    </button>
  ));
  return <DataTable caption="Usuarios registrados" columns={[...COLUMNS, actions]} rows={users} empty={userMessages.empty} />;
}
