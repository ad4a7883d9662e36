import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#shared/schemas/settings.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** Every setting with its current value (the default sale prices…). */
export const getSettings = () => apiRequest<Settings>('GET', '/settings');

export const settingsQueryOptions = queryOptions({ queryKey: queryKeys.settings.all, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions);
