import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GreenCoffeePage } from '#shared/schemas/green-coffee.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of green lots, newest entry first, joined to their origin (docs/product-guide.md#cafe-verde). */
export const getGreenCoffee = (page: PageParams) => apiRequest<GreenCoffeePage>('GET', withQuery('/green-coffee', page));

export const greenCoffeeQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.greenCoffee.page(page), queryFn: () => getGreenCoffee(page), placeholderData: keepPreviousData });
