import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.js';

export const deleteOrigin = (id: number) => apiRequest<void>('DELETE', `/coffee-origins/${id}`);

export function useDeleteOrigin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrigin, onSuccess: () => queryClient.invalidateQueries() });
}
