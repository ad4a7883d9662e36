import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GreenCoffeePage } from '../../../../shared/schemas/green-coffee.js';
import { apiRequest, withQuery } from '../../../lib/api-client.js';

export const GREEN_COFFEE_QUERY_KEY = ['green-coffee'] as const;

/** One page of green lots, newest entry first, joined to their origin (spec 7). */
export const getGreenCoffee = (page: { limit: number; offset: number }) =>
  apiRequest<GreenCoffeePage>('GET', withQuery('/green-coffee', page));

export const greenCoffeeQueryOptions = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...GREEN_COFFEE_QUERY_KEY, 'page', page],
    queryFn: () => getGreenCoffee(page),
    placeholderData: keepPreviousData,
  });

export const useGreenCoffee = (page: { limit: number; offset: number }) => useQuery(greenCoffeeQueryOptions(page));
