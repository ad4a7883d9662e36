import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoastedCoffeePage } from '../../../../shared/schemas/roasted-coffee.js';
import { apiRequest, withQuery } from '../../../lib/api-client.js';

/** One page of roasted lots, newest roast first, joined to their green lot and origin (spec 7). */
export const getRoastedCoffee = (page: { limit: number; offset: number }) =>
  apiRequest<RoastedCoffeePage>('GET', withQuery('/roasted-coffee', page));

export const useRoastedCoffee = (page: { limit: number; offset: number }) =>
  useQuery(
    queryOptions({
      queryKey: ['roasted-coffee', 'page', page],
      queryFn: () => getRoastedCoffee(page),
      placeholderData: keepPreviousData,
    }),
  );
