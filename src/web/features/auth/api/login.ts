import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '#shared/schemas/auth.js';
import { apiRequest } from '#web/lib/api-client.js';
import { replaceSession } from '#web/api/get-session.js';

export const login = (body: LoginBody) => apiRequest<{ user: User }>('POST', '/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => replaceSession(queryClient, user),
  });
}
