import { z } from 'zod';
import { authMessages } from '../messages.js';
import { ROLES } from '../roles.js';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  username: z.string({ error: authMessages.missingCredentials }).trim().min(1, authMessages.missingCredentials).max(200, authMessages.wrongCredentials),
  password: z.string({ error: authMessages.missingCredentials }).min(1, authMessages.missingCredentials).max(1024, authMessages.wrongCredentials),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserResponseSchema = z.object({ user: userSchema });
