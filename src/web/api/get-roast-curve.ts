import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoastCurve } from '#shared/schemas/artisan.js';
import { apiRequest } from '#web/lib/api-client.js';
import { queryKeys } from './query-keys.js';

/** GET /api/roasted-coffee/:id/curve: the roast's Artisan curve, its figures and rate of rise (docs/decisions/0052-roast-metrics.md). */
export const getRoastCurve = (id: number) => apiRequest<RoastCurve>('GET', `/roasted-coffee/${id}/curve`);

// A curve never changes once imported: no refetch while the dialog is open. A roast's edit (its weight loss) and a
// settings save (its unit) mark it stale (query-keys.ts).
export const roastCurveQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.roastedCoffee.curve(id), queryFn: () => getRoastCurve(id), staleTime: Number.POSITIVE_INFINITY });

export const useRoastCurve = (id: number) => useQuery(roastCurveQueryOptions(id));
