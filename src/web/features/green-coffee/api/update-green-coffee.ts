import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GreenCoffee, GreenCoffeeBody } from '../../../../shared/schemas/green-coffee.js';
import { apiRequest } from '../../../lib/api-client.js';

export const updateGreenCoffee = ({ id, body }: { id: number; body: GreenCoffeeBody }) =>
  apiRequest<GreenCoffee>('PUT', `/green-coffee/${id}`, body);

export function useUpdateGreenCoffee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGreenCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
