import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GreenCoffee, GreenCoffeeBody } from '#shared/schemas/green-coffee.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const createGreenCoffee = (body: GreenCoffeeBody) => apiRequest<GreenCoffee>('POST', '/green-coffee', body);

// Green lists, the available green stock and the roast form's lot options.
export const createGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: createGreenCoffee, onSuccess: () => invalidate(queryClient, queryKeys.greenCoffee.all) });

export const useCreateGreenCoffee = () => useMutation(createGreenCoffeeOptions(useQueryClient()));
