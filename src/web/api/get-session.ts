import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/schemas/auth.js';
import { ApiError, apiRequest } from '#web/lib/api-client.js';
import { pageSaysSignedOut } from '#web/lib/signed-out-page.js';
import { queryKeys } from './query-keys.js';

/** The signed-in user, or null when nobody is (a 401 is an answer here, not an error). */
export async function getSession(): Promise<User | null> {
  try {
    const { user } = await apiRequest<{ user: User }>('GET', '/auth/me');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: getSession,
  staleTime: Infinity,
  // Signed out for sure on the page a browser without a session cookie gets: no need to ask.
  initialData: () => (pageSaysSignedOut() ? null : undefined),
});

export const useSession = () => useQuery(sessionQueryOptions);

/** The signed-in user inside the signed-in part of the app (the layout guarantees one). */
export function useCurrentUser(): User {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser sin sesión');
  return data;
}

/**
 * Switches the cached session to `user` (null = signed out) and drops every
 * other cached answer, so nothing one user loaded is shown to the next. The
 * session query itself is kept (only its data changes) because the app's
 * session gate is subscribed to it.
 */
export function replaceSession(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
  queryClient.setQueryData(queryKeys.session, user);
}
