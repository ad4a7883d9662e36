import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlendedCoffee, BlendedCoffeeBody } from '#shared/schemas/blended-coffee.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';
import { invalidateAfterBlendSave } from './create-blended-coffee.js';

export const updateBlendedCoffee = ({ id, body, key }: Keyed & { id: number; body: BlendedCoffeeBody }) =>
  apiWrite<BlendedCoffee>('PUT', `/blended-coffee/${id}`, body, key);

export const updateBlendedCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: updateBlendedCoffee, onSuccess: () => invalidateAfterBlendSave(queryClient) });

export const useUpdateBlendedCoffee = () => useMutation(updateBlendedCoffeeOptions(useQueryClient()));
