import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countUsers, insertUser } from '../features/users/repository.js';
import { hashPassword } from './passwords.js';

export interface BootstrapResult {
  username: string;
  /** Set only when no ADMIN_PASSWORD was given: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * First start on an empty database (DESIGN.md section 1): create one
 * administrator so somebody can sign in. No default password lives in code.
 * Returns null when users already exist.
 */
export async function bootstrapAdmin(
  db: Kysely<Database>,
  settings: { username: string; password: string | undefined },
): Promise<BootstrapResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const password = settings.password ?? randomBytes(12).toString('base64url');
  try {
    await insertUser(db, {
      username: settings.username,
      full_name: 'Administrador',
      role: 'administrador',
      password_hash: await hashPassword(password),
    });
  } catch (error) {
    // Another PostgreSQL-backed process created it first: theirs stands.
    if ((await countUsers(db)) > 0) return null;
    throw error;
  }
  return settings.password ? { username: settings.username } : { username: settings.username, generatedPassword: password };
}
