import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountSheet } from '#shared/schemas/stock-counts.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** GET /api/stock-counts/sheet: every lot with stock, its cost per kg, and the origins it belongs to (the screen filters). */
export const getCountSheet = () => apiRequest<CountSheet>('GET', '/stock-counts/sheet');

/**
 * Never refetched on its own (window focus, a remount): the stock shown is the
 * `expected_kg` a count sends, so it must stay what the person saw while
 * counting; the page refetches it after a save and after a 409.
 */
export const countSheetQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stockCounts.sheet, queryFn: getCountSheet, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false });

export const useCountSheet = () => useQuery(countSheetQueryOptions());
