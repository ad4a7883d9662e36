import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoastedCoffee, RoastedCoffeeBody } from '#shared/schemas/roasted-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateRoastedCoffee = ({ id, body, key }: Keyed & { id: number; body: RoastedCoffeeBody }) =>
  apiWrite<RoastedCoffee>('PUT', `/roasted-coffee/${id}`, body, key);

// Editing a roast gives back the old green quantity and takes the new one: roasted, green and sellable products change.
// Its yield is in the cost of the roast, of the blends drawing on it and in their sales' margins (docs/decisions/0011-cost-per-kg-and-margins.md).
export const updateRoastedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateRoastedCoffee,
    onSuccess: () => invalidate(queryClient, queryKeys.roastedCoffee.all, queryKeys.greenCoffee.all, queryKeys.products.all, queryKeys.blendedCoffee.all, queryKeys.sales.all),
  });

export const useUpdateRoastedCoffee = () => useMutation(updateRoastedCoffeeOptions(useQueryClient()));
