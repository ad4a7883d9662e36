import type { Role } from '#shared/roles.js';

/** How each role reads on screen; the API keeps the stored values (administrador, tecnico; docs/product-guide.md#areas-and-roles). */
export const ROLE_LABELS: Record<Role, string> = {
  administrador: 'Administrador',
  tecnico: 'Técnico',
};
