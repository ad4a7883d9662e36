import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendedCoffee, BlendedCoffeeBody } from '#shared/schemas/blended-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createBlendedCoffee = ({ body, key }: Keyed & { body: BlendedCoffeeBody }) => apiWrite<BlendedCoffee>('POST', '/blended-coffee', body, key);

/** What any blend save changes: blend lists, roasted stock (its lists here and on Café Tostado) and sellable products. */
export const invalidateAfterBlendSave = (queryClient: QueryClient) =>
  invalidate(queryClient, queryKeys.blendedCoffee.all, queryKeys.roastedCoffee.all, queryKeys.products.all);

export const createBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });

export const useCreateBlendedCoffee = () => useMutation(createBlendedCoffeeOptions(useQueryClient()));
