import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';

/**
 * A user's own open sessions (GET /api/auth/sessions, the header's «Mis
 * sesiones») and the ends of sessions. A session is named by an opaque id, the
 * first 16 hex digits of the SHA-256 the database keys it by: never the cookie
 * token, and not enough to find the row without also being its user.
 */
export const SESSION_PUBLIC_ID_LENGTH = 16;

export const sessionIdParamsSchema = z.object({
  id: z.string().regex(new RegExp(`^[0-9a-f]{${SESSION_PUBLIC_ID_LENGTH}}$`), commonMessages.invalidRequest),
});

export const sessionSchema = z.object({
  id: z.string(),
  /** ISO instants: when it signed in, and its last request (written at most once a minute). */
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The browser and system, shortened from the User-Agent ('Chrome en Windows'); null when unknown. */
  device: z.string().nullable(),
  /** The address it signed in from, shortened for IPv6 ('2001:db8:85a3:8d3:…'); null when unknown. */
  ip: z.string().nullable(),
  /** The session of this very request («Esta sesión»). */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** How many sessions an "end them all" closed. */
export const closedSessionsSchema = z.object({ closed: z.number().int() });
export type ClosedSessions = z.infer<typeof closedSessionsSchema>;
