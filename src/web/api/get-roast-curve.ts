import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoastCurve } from '#shared/schemas/artisan.js';
import { apiRequest } from '#web/lib/api-client.js';
import { queryKeys } from './query-keys.js';

/** GET /api/roasted-coffee/:id/curve: the roast's Artisan curve (docs/product-guide.md#artisan-import). */
export const getRoastCurve = (id: number) => apiRequest<RoastCurve>('GET', `/roasted-coffee/${id}/curve`);

// A curve never changes once imported: no refetch while the dialog is open.
export const roastCurveQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.roastedCoffee.curve(id), queryFn: () => getRoastCurve(id), staleTime: Number.POSITIVE_INFINITY });

export const useRoastCurve = (id: number) => useQuery(roastCurveQueryOptions(id));
