import path from 'node:path';
import { hashPassword } from '#server/auth/passwords.js';
import { openDatabase } from '#server/db/database.js';
import { insertUser } from '#server/features/users/repository.js';
import type { Role } from '#shared/roles.js';

/**
 * Adds a user straight into a running e2e server's SQLite file (WAL lets a
 * second connection write), for tests that need a role other than the
 * bootstrap administrator without depending on the users screen.
 */
export async function addUserToDatabase(databaseFile: string, user: { username: string; password: string; fullName: string; role: Role }): Promise<void> {
  const handle = await openDatabase({ kind: 'sqlite', file: path.resolve(databaseFile) }, { skipSqliteLock: true });
  try {
    await insertUser(handle.db, { username: user.username, full_name: user.fullName, role: user.role, password_hash: await hashPassword(user.password) });
  } finally {
    await handle.close();
  }
}
