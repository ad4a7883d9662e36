import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

export const deleteUser = (id: number) => apiWrite<void>('DELETE', `/users/${id}`);

// Only the users list (nobody can delete their own account).
export const deleteUserOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteUser, onSuccess: () => invalidate(queryClient, queryKeys.users.all) });

export const useDeleteUser = () => useMutation(deleteUserOptions(useQueryClient()));
