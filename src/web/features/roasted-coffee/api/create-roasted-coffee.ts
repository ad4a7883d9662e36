import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoastedCoffee, RoastedCoffeeBody } from '#shared/schemas/roasted-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createRoastedCoffee = ({ body, key }: Keyed & { body: RoastedCoffeeBody }) => apiWrite<RoastedCoffee>('POST', '/roasted-coffee', body, key);

// A roast takes green coffee: roasted lists (and the blend form's lots), green stock and green-lot options, sellable products.
export const createRoastedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createRoastedCoffee, onSuccess: () => invalidate(queryClient, queryKeys.roastedCoffee.all, queryKeys.greenCoffee.all, queryKeys.products.all) });

export const useCreateRoastedCoffee = () => useMutation(createRoastedCoffeeOptions(useQueryClient()));
