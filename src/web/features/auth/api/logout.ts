import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.js';
import { replaceSession } from '#web/api/get-session.js';

export const logout = () => apiRequest<void>('POST', '/auth/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Signed out on the screen even if the server was unreachable: the session expires there anyway.
    onSettled: () => replaceSession(queryClient, null),
  });
}
