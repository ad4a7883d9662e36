import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import type { CreateUserBody } from '../../../../shared/schemas/users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { USERS_QUERY_KEY } from './get-users.js';

export const createUser = (body: CreateUserBody) => apiRequest<User>('POST', '/users', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
