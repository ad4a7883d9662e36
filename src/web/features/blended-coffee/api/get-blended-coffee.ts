import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlendedCoffeePage } from '#shared/schemas/blended-coffee.js';
import { type PageParams, queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/** One page of blends, newest creation date first (docs/product-guide.md#cafe-mezcla), with their components and draws. */
export const getBlendedCoffee = (page: PageParams) => apiRequest<BlendedCoffeePage>('GET', withQuery('/blended-coffee', page));

export const blendedCoffeeQueryOptions = (page: PageParams) =>
  queryOptions({ queryKey: queryKeys.blendedCoffee.page(page), queryFn: () => getBlendedCoffee(page), placeholderData: keepPreviousData });
