import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GreenCoffee, GreenCoffeeBody } from '#shared/schemas/green-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const createGreenCoffee = ({ body, key }: Keyed & { body: GreenCoffeeBody }) => apiWrite<GreenCoffee>('POST', '/green-coffee', body, key);

// Green lists, the available green stock and the roast form's lot options.
export const createGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createGreenCoffee, onSuccess: () => invalidate(queryClient, queryKeys.greenCoffee.all) });

export const useCreateGreenCoffee = () => useMutation(createGreenCoffeeOptions(useQueryClient()));
