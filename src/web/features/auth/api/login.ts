import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '../../../../shared/schemas/auth.js';
import { apiRequest } from '../../../lib/api-client.js';
import { replaceSession } from './get-session.js';

export const login = (body: LoginBody) => apiRequest<{ user: User }>('POST', '/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => replaceSession(queryClient, user),
  });
}
