import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RoastedCoffeePage } from '#shared/schemas/roasted-coffee.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of roasted lots, newest roast first, joined to their green lot and origin (docs/product-guide.md#cafe-tostado). */
export const getRoastedCoffee = (page: PageParams) => apiRequest<RoastedCoffeePage>('GET', withQuery('/roasted-coffee', page));

export const roastedCoffeeQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.roastedCoffee.page(page), queryFn: () => getRoastedCoffee(page), placeholderData: keepPreviousData });
