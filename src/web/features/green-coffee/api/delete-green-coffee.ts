import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.js';

export const deleteGreenCoffee = (id: number) => apiRequest<void>('DELETE', `/green-coffee/${id}`);

export function useDeleteGreenCoffee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGreenCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
