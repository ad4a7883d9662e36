import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/schemas/auth.js';
import type { CreateUserBody } from '#shared/schemas/users.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const createUser = (body: CreateUserBody) => apiRequest<User>('POST', '/users', body);

// Only the users list.
export const createUserOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createUser, onSuccess: () => invalidate(queryClient, queryKeys.users.all) });

export const useCreateUser = () => useMutation(createUserOptions(useQueryClient()));
