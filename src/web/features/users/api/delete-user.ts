import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type RecordRef, versionedPath } from '#web/lib/write-request.js';

export const deleteUser = (record: RecordRef) => apiWrite<void>('DELETE', versionedPath('/users', record));

// Only the users list (nobody can delete their own account).
export const deleteUserOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteUser, onSuccess: () => invalidate(queryClient, queryKeys.users.all) });

export const useDeleteUser = () => useMutation(deleteUserOptions(useQueryClient()));
