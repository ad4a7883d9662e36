import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.js';
import { invalidateAfterBlendSave } from './create-blended-coffee.js';

export const deleteBlendedCoffee = (id: number) => apiRequest<void>('DELETE', `/blended-coffee/${id}`);

export const deleteBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: deleteBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });
