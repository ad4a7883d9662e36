import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Origin } from '../../../../shared/schemas/origins.js';
import { fetchAllPages } from '../../../lib/fetch-all-pages.js';

/** Every origin, by name, for the roast form's origin filter. */
export const getOriginOptions = () => fetchAllPages<Origin>('/coffee-origins');

// Under the origins key, so saving an origin anywhere refreshes the filter too.
export const useOriginOptions = () => useQuery(queryOptions({ queryKey: ['origins', 'all'], queryFn: getOriginOptions }));
