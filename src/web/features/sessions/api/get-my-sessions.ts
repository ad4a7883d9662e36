import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '#shared/schemas/sessions.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const getMySessions = () => apiRequest<SessionList>('GET', '/auth/sessions');

// Read fresh each time «Mis sesiones» opens: another device may have signed in meanwhile.
export const mySessionsQueryOptions = queryOptions({ queryKey: queryKeys.sessions.mine, queryFn: getMySessions, staleTime: 0 });

export const useMySessions = () => useQuery(mySessionsQueryOptions);
