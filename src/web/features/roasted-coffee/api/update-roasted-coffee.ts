import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoastedCoffee, RoastedCoffeeBody } from '../../../../shared/schemas/roasted-coffee.js';
import { apiRequest } from '../../../lib/api-client.js';

export const updateRoastedCoffee = ({ id, body }: { id: number; body: RoastedCoffeeBody }) =>
  apiRequest<RoastedCoffee>('PUT', `/roasted-coffee/${id}`, body);

export function useUpdateRoastedCoffee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRoastedCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
