import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Origin, OriginBody } from '../../../../shared/schemas/origins.js';
import { apiRequest } from '../../../lib/api-client.js';

export const createOrigin = (body: OriginBody) => apiRequest<Origin>('POST', '/coffee-origins', body);

export function useCreateOrigin() {
  const queryClient = useQueryClient();
  // Everything: other screens list origins too (the green form's origin select).
  return useMutation({ mutationFn: createOrigin, onSuccess: () => queryClient.invalidateQueries() });
}
