import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GreenCoffee } from '../../../../shared/schemas/green-coffee.js';
import { fetchAllPages } from '../../../lib/fetch-all-pages.js';

/** Every green lot with stock on hand, for the roast form's lot select (filtered by origin in the form). */
export const getGreenLotOptions = () => fetchAllPages<GreenCoffee>('/green-coffee', { in_stock: 'true' });

// Under the green-coffee key: any save that moves green stock refreshes it.
export const useGreenLotOptions = () =>
  useQuery(queryOptions({ queryKey: ['green-coffee', 'roast-options'], queryFn: getGreenLotOptions }));
