import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '#shared/schemas/activity.js';
import { type ActivityFilters, queryKeys } from '#web/api/query-keys.js';
import { keysetQueryOptions } from '#web/lib/keyset-pages.js';

/**
 * The log, newest first, 'Cargar más' at a time (src/web/lib/screens.ts preloads the first page
 * without filters); fetched fresh each time the screen opens.
 */
export const activityQueryOptions = (filters: ActivityFilters) => keysetQueryOptions<ActivityPage>(queryKeys.activity.list(filters), '/activity', filters, 0);

export const useActivity = (filters: ActivityFilters) => useInfiniteQuery(activityQueryOptions(filters));
