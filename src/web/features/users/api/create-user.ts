import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserItem } from '#shared/schemas/users.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createUser = ({ body, key }: Keyed & { body: CreateUserBody }) => apiWrite<UserItem>('POST', '/users', body, key);

// Only the users list.
export const createUserOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createUser, onSuccess: () => invalidate(queryClient, queryKeys.users.all) });

export const useCreateUser = () => useMutation(createUserOptions(useQueryClient()));
