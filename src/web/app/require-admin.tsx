import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isAdmin } from '#shared/roles.js';
import { useCurrentUser } from '../api/get-session.js';

/** A tecnico who opens an administrator screen is sent to / (docs/product-guide.md#roles-and-permissions); the server refuses their calls anyway. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return isAdmin(user.role) ? children : <Navigate to="/" replace />;
}
