import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import type { UpdateUserBody } from '../../../../shared/schemas/users.js';
import { apiRequest } from '../../../lib/api-client.js';

export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => apiRequest<User>('PUT', `/users/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Everything, not only the list: an administrator editing their own name
    // changes the header's greeting, which comes from the session query.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
