import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GreenCoffee, GreenCoffeeBody } from '#shared/schemas/green-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateGreenCoffee = ({ id, body, key }: Keyed & { id: number; body: GreenCoffeeBody }) =>
  apiWrite<GreenCoffee>('PUT', `/green-coffee/${id}`, body, key);

// Every green list and option; roasts show their green lot's code and origin. The price is in the
// cost per kg of roasts and blends and in the margin of their sales (docs/decisions/0011-cost-per-kg-and-margins.md).
export const updateGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateGreenCoffee,
    onSuccess: () => invalidate(queryClient, queryKeys.greenCoffee.all, queryKeys.roastedCoffee.all, queryKeys.blendedCoffee.all, queryKeys.sales.all),
  });

export const useUpdateGreenCoffee = () => useMutation(updateGreenCoffeeOptions(useQueryClient()));
