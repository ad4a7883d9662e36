import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Origin } from '../../../../shared/schemas/origins.js';
import { fetchAllPages } from '../../../lib/fetch-all-pages.js';

/** Every origin with its suppliers, for the form's selects, following the API's pages to the end. */
export const getOriginOptions = () => fetchAllPages<Origin>('/coffee-origins');

// Under the origins key, so saving an origin anywhere refreshes this list too.
export const originOptionsQueryOptions = queryOptions({ queryKey: ['origins', 'all'], queryFn: getOriginOptions });

export const useOriginOptions = () => useQuery(originOptionsQueryOptions);
