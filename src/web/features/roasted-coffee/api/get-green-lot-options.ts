import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { queryKeys } from '#web/api/query-keys.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';

/** Every green lot with stock on hand, for the roast form's lot select (filtered by origin in the form). */
export const getGreenLotOptions = () => fetchAllPages<GreenCoffee>('/green-coffee', { in_stock: 'true' });

export const greenLotOptionsQueryOptions = queryOptions({ queryKey: queryKeys.greenCoffee.roastOptions, queryFn: getGreenLotOptions });

export const useGreenLotOptions = () => useQuery(greenLotOptionsQueryOptions);
