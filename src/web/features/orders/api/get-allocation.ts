import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Allocation } from '#shared/schemas/orders.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** The lots proposed for each line (oldest roast first), read afresh each time 'Preparar' opens: stock moves meanwhile. */
export const allocationQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.orders.allocation(id), queryFn: () => apiRequest<Allocation>('GET', `/orders/${id}/allocation`), staleTime: 0, gcTime: 0 });

export const useAllocation = (id: number) => useQuery(allocationQueryOptions(id));
