import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserItem } from '#shared/schemas/users.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateUser = ({ id, body, key }: Keyed & { id: number; body: UpdateUserBody }) => apiWrite<UserItem>('PUT', `/users/${id}`, body, key);

// The users list, and the session: an administrator editing their own name changes the header's greeting.
export const updateUserOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateUser, onSuccess: () => invalidate(queryClient, queryKeys.users.all, queryKeys.session) });

export const useUpdateUser = () => useMutation(updateUserOptions(useQueryClient()));
