export const ROLES = ['administrador', 'tecnico'] as const;
export type Role = (typeof ROLES)[number];

export const isAdmin = (role: Role): boolean => role === 'administrador';
