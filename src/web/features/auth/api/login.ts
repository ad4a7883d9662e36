import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionAnswer } from '#shared/schemas/auth.js';
import { apiRequest } from '#web/lib/api-client.js';
import { replaceSession } from '#web/api/get-session.js';

export const login = (body: LoginBody) => apiRequest<SessionAnswer>('POST', '/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}
