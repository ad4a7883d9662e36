import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Trace } from '#shared/schemas/traceability.js';
import { queryKeys, type TraceParams } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** GET /api/trace: a lot (by code, or kind + id) or a sale, both ways, with one page of its sales. */
export const getTrace = (params: TraceParams) => apiRequest<Trace>('GET', withQuery('/trace', params));

export const traceQueryOptions = (params: TraceParams) =>
  queryOptions({ queryKey: queryKeys.traceability.trace(params), queryFn: () => getTrace(params), placeholderData: keepPreviousData });

export const useTrace = (params: TraceParams) => useQuery(traceQueryOptions(params));
