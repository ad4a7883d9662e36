import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryPage, TraceLotKind } from '#shared/schemas/traceability.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

export type HistoryParams = PageParams & { kind: TraceLotKind; id: number };

/** GET /api/lots/:code/history for a lot already chosen (kind + id; the code is then only for the URL). */
export const getLotHistory = ({ kind, id, limit, offset }: HistoryParams) =>
  apiRequest<HistoryPage>('GET', withQuery('/lots/-/history', { kind, id, limit, offset }));

export const lotHistoryQueryOptions = (params: HistoryParams) =>
  queryOptions({ queryKey: queryKeys.traceability.history(params), queryFn: () => getLotHistory(params), placeholderData: keepPreviousData });

export const useLotHistory = (params: HistoryParams | undefined) =>
  useQuery({
    ...lotHistoryQueryOptions(params ?? { kind: 'green', id: 0, limit: 1, offset: 0 }),
    enabled: params !== undefined,
  });
