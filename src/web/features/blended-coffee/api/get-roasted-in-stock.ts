import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { queryKeys } from '#web/api/query-keys.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';

/**
 * Every roasted lot with coffee on hand, oldest roast first (the FIFO fill
 * takes them in this order): the component editor's lots and the "available
 * roasted stock" table.
 */
export const getRoastedInStock = async (): Promise<RoastedCoffee[]> => {
  const lots = await fetchAllPages<RoastedCoffee>('/roasted-coffee', { in_stock: 'true' });
  return lots.sort((a, b) => a.roast_date.localeCompare(b.roast_date) || a.id - b.id);
};

export const roastedInStockQueryOptions = queryOptions({ queryKey: queryKeys.blendedCoffee.roastedLots, queryFn: getRoastedInStock });

export const useRoastedInStock = () => useQuery(roastedInStockQueryOptions);
