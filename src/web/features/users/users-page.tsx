import { useState } from 'react';
import { sessionMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { UserItem } from '#shared/schemas/users.js';
import { FormAlert } from '#web/components/form-alert.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { confirmAction } from '#web/lib/confirm.js';
import { useToast } from '#web/lib/use-toast.js';
import { ApiError, isSessionLost, loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useUsers } from '#web/api/get-users.js';
import { useDeleteUser } from './api/delete-user.js';
import { useEndUserSessions } from './api/end-user-sessions.js';
import { UserForm } from './user-form.js';
import { UsersTable } from './users-table.js';

/**
 * /gestion-usuarios (docs/product-guide.md#gestion-de-usuarios): the real accounts that sign in.
 * Only administrators reach it (the router sends a tecnico to /, the API
 * answers them 403).
 */
export function UsersPage() {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  // The form remounts after each save, so it starts clean in add mode (role tecnico).
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<UserItem>('/users');
  const [tableAlert, setTableAlert] = useState<string | null>(null);
  const endSessions = useEndUserSessions();
  const showToast = useToast();

  /** «Cerrar sesiones»: after the browser confirmation, every open session of the user ends. */
  const endSessionsOf = async (user: UserItem) => {
    setTableAlert(null);
    if (!confirmAction(sessionMessages.confirmEndUserSessions)) return;
    try {
      showToast(sessionMessages.endedUserSessions((await endSessions.mutateAsync(user.id)).closed));
    } catch (error) {
      if (!isSessionLost(error)) setTableAlert(error instanceof ApiError && (error.isUserError || error.status === 404) ? error.message : sessionMessages.endUserSessionsError);
    }
  };

  const deleteRow = useDeleteRow<UserItem>({
    confirmMessage: userMessages.confirmDelete,
    deletedMessage: userMessages.deleted,
    failedMessage: userMessages.deleteError,
    remove: deleteUser.mutateAsync,
    editing,
    backToAddMode,
    fail,
    // A refusal (oneself, the last administrator) stays on the screen, under the table.
    onRefused: setTableAlert,
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(users)) return <LoadFailure message={userMessages.loadError} error={users.error} />;
  return (
    <Page title={userMessages.title}>
      <div ref={formRef}>
        <UserForm key={formKey} {...formProps} />
      </div>
      <ListCard id="users" title="Usuarios Registrados" exportPath="/users/export.csv">
        {users.data ? (
          <UsersTable
            users={users.data}
            busy={deleteUser.isPending || endSessions.isPending}
            onEndSessions={(user) => void endSessionsOf(user)}
            onEdit={(user) => {
              setTableAlert(null);
              startEditing(user);
            }}
            onDelete={(user) => {
              setTableAlert(null);
              deleteRow(user);
            }}
          />
        ) : (
          <LoadingText />
        )}
        {/* Why a delete was refused (oneself, the last administrator), under the rows. */}
        <FormAlert message={tableAlert} />
      </ListCard>
    </Page>
  );
}
