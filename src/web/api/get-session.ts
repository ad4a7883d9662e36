import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, User } from '#shared/schemas/auth.js';
import { ApiError, apiRequest } from '#web/lib/api-client.js';
import { pageSaysSignedOut } from '#web/lib/signed-out-page.js';
import { queryKeys } from './query-keys.js';

/**
 * The signed-in user and the shop's regional format, or null when nobody is
 * (a 401 is an answer here, not an error). The format comes with the user, so
 * no screen writes an amount before knowing how (docs/decisions/0042-one-regional-formatter.md).
 */
export async function getSession(): Promise<SessionAnswer | null> {
  try {
    return await apiRequest<SessionAnswer>('GET', '/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  staleTime: Infinity,
  // Asked again when a tab comes back into view or back online (one indexed select on the server), so a
  // format an administrator saved in another browser shows there without a reload, and a session ended
  // elsewhere shows the login (docs/decisions/0042-one-regional-formatter.md). Never on a screen's mount.
  refetchOnWindowFocus: 'always',
  refetchOnReconnect: 'always',
  // Signed out for sure on the page a browser without a session cookie gets: no need to ask.
  initialData: () => (pageSaysSignedOut() ? null : undefined),
});

export const useSession = () => useQuery(sessionQueryOptions);

/** The signed-in user inside the signed-in part of the app (the layout guarantees one). */
export function useCurrentUser(): User {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser sin sesión');
  return data.user;
}

/**
 * Switches the cached session to `session` (null = signed out) and drops every
 * other cached answer, so nothing one user loaded is shown to the next. The
 * session query itself is kept (only its data changes) because the app's
 * session gate is subscribed to it.
 */
export function replaceSession(queryClient: QueryClient, session: SessionAnswer | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
  queryClient.setQueryData(queryKeys.session, session);
}
