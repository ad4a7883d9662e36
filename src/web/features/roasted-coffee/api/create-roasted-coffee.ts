import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoastedCoffee, RoastedCoffeeBody } from '../../../../shared/schemas/roasted-coffee.js';
import { apiRequest } from '../../../lib/api-client.js';

export const createRoastedCoffee = (body: RoastedCoffeeBody) => apiRequest<RoastedCoffee>('POST', '/roasted-coffee', body);

export function useCreateRoastedCoffee() {
  const queryClient = useQueryClient();
  // Everything: a roast moves green and roasted stock, shown on other screens too.
  return useMutation({ mutationFn: createRoastedCoffee, onSuccess: () => queryClient.invalidateQueries() });
}
