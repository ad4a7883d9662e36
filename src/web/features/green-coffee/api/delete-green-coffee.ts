import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

export const deleteGreenCoffee = (id: number) => apiRequest<void>('DELETE', `/green-coffee/${id}`);

// Only a lot no roast used can go (the server refuses the rest): only green lists and options change.
export const deleteGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteGreenCoffee, onSuccess: () => invalidate(queryClient, queryKeys.greenCoffee.all) });
