import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosedSessions } from '#shared/schemas/sessions.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

export const endUserSessions = (id: number) => apiWrite<ClosedSessions>('DELETE', `/users/${id}/sessions`);

// Ending one's own other sessions this way changes «Mis sesiones» too; the users list does not change.
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endUserSessions, onSuccess: () => invalidate(queryClient, queryKeys.sessions.all) });
}
