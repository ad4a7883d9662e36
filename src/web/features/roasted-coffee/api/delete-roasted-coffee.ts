import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.js';

export const deleteRoastedCoffee = (id: number) => apiRequest<void>('DELETE', `/roasted-coffee/${id}`);

export function useDeleteRoastedCoffee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRoastedCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
