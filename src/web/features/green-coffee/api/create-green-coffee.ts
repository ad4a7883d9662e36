import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GreenCoffee, GreenCoffeeBody } from '../../../../shared/schemas/green-coffee.js';
import { apiRequest } from '../../../lib/api-client.js';

export const createGreenCoffee = (body: GreenCoffeeBody) => apiRequest<GreenCoffee>('POST', '/green-coffee', body);

export function useCreateGreenCoffee() {
  const queryClient = useQueryClient();
  // Everything: other screens show green stock too (roasts, reports).
  return useMutation({ mutationFn: createGreenCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
