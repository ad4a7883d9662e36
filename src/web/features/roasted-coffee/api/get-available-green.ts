import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GreenCoffeePage } from '../../../../shared/schemas/green-coffee.js';
import { apiRequest, withQuery } from '../../../lib/api-client.js';

/** One page of the green lots that still have stock: the screen's "available green stock" table. */
export const getAvailableGreen = (page: { limit: number; offset: number }) =>
  apiRequest<GreenCoffeePage>('GET', withQuery('/green-coffee', { ...page, in_stock: 'true' }));

export const useAvailableGreen = (page: { limit: number; offset: number }) =>
  useQuery(
    queryOptions({
      queryKey: ['green-coffee', 'available', page],
      queryFn: () => getAvailableGreen(page),
      placeholderData: keepPreviousData,
    }),
  );
