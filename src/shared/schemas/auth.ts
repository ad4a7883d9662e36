import { z } from 'zod';
import { authMessages } from '#shared/messages.js';
import { ROLES } from '#shared/roles.js';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

/**
 * docs/product-guide.md#sign-in: username and password must match, otherwise 'Usuario o
 * contraseña incorrectos. ¡Intenta de nuevo, campeón!'. So every problem with
 * the input (missing, empty, too long, not text, not an object) answers that one
 * message too, as a 400; wrong credentials answer it as a 401.
 */
const wrong = authMessages.wrongCredentials;

export const loginBodySchema = z.object(
  {
    username: z.string({ error: wrong }).trim().min(1, wrong).max(200, wrong),
    password: z.string({ error: wrong }).min(1, wrong).max(1024, wrong),
  },
  { error: wrong },
);
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * The shop's regional format beside the user, so the web writes the first
 * amount it shows in it without asking /api/settings (docs/decisions/0042-one-regional-formatter.md).
 */
export const regionalFormatSchema = z.object({
  currency_symbol: z.string(),
  currency_position: z.enum(['before', 'after']),
  decimal_separator: z.enum(['.', ',']),
});

export const sessionUserResponseSchema = z.object({ user: userSchema, format: regionalFormatSchema });
export type SessionAnswer = z.infer<typeof sessionUserResponseSchema>;
