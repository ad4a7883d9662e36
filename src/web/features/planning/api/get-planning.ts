import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Planning } from '#shared/schemas/planning.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/**
 * GET /api/planning?horizon_days=H, always with H written out: the screen's
 * page preloads the default's URL byte for byte (src/web/lib/screens.ts).
 * Fetched fresh each time the screen opens (any sale, roast or blend changes
 * it); a new horizon keeps the sheet on screen until its figures arrive.
 */
export const planningQueryOptions = (horizonDays: number) =>
  queryOptions({
    queryKey: queryKeys.planning.plan(horizonDays),
    queryFn: () => apiRequest<Planning>('GET', withQuery('/planning', { horizon_days: horizonDays })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePlanning = (horizonDays: number) => useQuery(planningQueryOptions(horizonDays));
