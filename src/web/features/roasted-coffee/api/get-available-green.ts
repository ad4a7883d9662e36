import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GreenCoffeePage } from '#shared/schemas/green-coffee.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of the green lots that still have stock: the screen's "available green stock" table. */
export const getAvailableGreen = (page: PageParams) =>
  apiRequest<GreenCoffeePage>('GET', withQuery('/green-coffee', { ...page, in_stock: 'true' }));

export const availableGreenQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.greenCoffee.available(page), queryFn: () => getAvailableGreen(page), placeholderData: keepPreviousData });

export const useAvailableGreen = (page: PageParams) => useQuery(availableGreenQueryOptions(page));
