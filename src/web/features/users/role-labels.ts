import type { Role } from '#shared/roles.js';

/** How each role reads on screen; the API keeps the spec's values (administrador, tecnico). */
export const ROLE_LABELS: Record<Role, string> = {
  administrador: 'Administrador',
  tecnico: 'Técnico',
};
