import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosedSessions } from '#shared/schemas/sessions.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

export const endMySession = (id: string) => apiWrite<void>('DELETE', `/auth/sessions/${encodeURIComponent(id)}`);
export const endMyOtherSessions = () => apiWrite<ClosedSessions>('DELETE', '/auth/sessions');

/** One of one's other sessions; only the list of sessions changes. */
export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endMySession, onSuccess: () => invalidate(queryClient, queryKeys.sessions.all) });
}

/** Every session but this one. */
export function useEndMyOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endMyOtherSessions, onSuccess: () => invalidate(queryClient, queryKeys.sessions.all) });
}
