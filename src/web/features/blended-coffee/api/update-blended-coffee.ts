import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendedCoffee, BlendedCoffeeBody } from '#shared/schemas/blended-coffee.js';
import { apiRequest } from '#web/lib/api-client.js';
import { invalidateAfterBlendSave } from './create-blended-coffee.js';

export const updateBlendedCoffee = ({ id, body }: { id: number; body: BlendedCoffeeBody }) =>
  apiRequest<BlendedCoffee>('PUT', `/blended-coffee/${id}`, body);

export const updateBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });

export const useUpdateBlendedCoffee = () => useMutation(updateBlendedCoffeeOptions(useQueryClient()));
