import { mutationOptions, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoastedCoffee, RoastReferenceComparison } from '#shared/schemas/roasted-coffee.js';
import { apiRequest } from '#web/lib/api-client.js';
import { apiWrite, type Keyed, type RecordRef } from '#web/lib/write-request.js';
import { invalidate, queryKeys } from './query-keys.js';

/**
 * A roast beside its product's reference profile, and the administrator's mark
 * (docs/decisions/0053-reference-profile.md). Here, below the components, because the curve
 * dialog (components/roast-curve) shows the comparison.
 */
export const getRoastReference = (id: number) => apiRequest<RoastReferenceComparison>('GET', `/roasted-coffee/${id}/reference`);

export const roastReferenceQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.roastedCoffee.reference(id), queryFn: () => getRoastReference(id) });

export const useRoastReference = (id: number) => useQuery(roastReferenceQueryOptions(id));

/** Marks (`mark: true`) or unmarks the roast, from the version the screen showed. */
export const setRoastReference = ({ id, version, mark, key }: Keyed & RecordRef & { mark: boolean }) =>
  mark
    ? apiWrite<RoastedCoffee>('POST', `/roasted-coffee/${id}/reference`, { version }, key)
    : apiWrite<RoastedCoffee>('DELETE', `/roasted-coffee/${id}/reference?version=${version}`, undefined, key);

// A new reference changes every roast of its product: their comparisons and the list's flags; not the curves or stock.
export const setRoastReferenceOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: setRoastReference, onSuccess: () => invalidate(queryClient, queryKeys.roastedCoffee.pages, queryKeys.roastedCoffee.references) });

export const useSetRoastReference = () => useMutation(setRoastReferenceOptions(useQueryClient()));
