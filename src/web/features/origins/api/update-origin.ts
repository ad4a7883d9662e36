import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Origin, OriginBody } from '../../../../shared/schemas/origins.js';
import { apiRequest } from '../../../lib/api-client.js';

export const updateOrigin = ({ id, body }: { id: number; body: OriginBody }) =>
  apiRequest<Origin>('PUT', `/coffee-origins/${id}`, body);

export function useUpdateOrigin() {
  const queryClient = useQueryClient();
  // Everything: green lots show their origin's name and description.
  return useMutation({ mutationFn: updateOrigin, onSuccess: () => queryClient.invalidateQueries() });
}
