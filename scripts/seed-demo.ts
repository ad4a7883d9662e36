// `npm run seed:demo`: demo users (two administrators, one tecnico, as the original app's
// built-in list had) and demo data, loaded through the real API (app.inject) so
// every rule and every ledger movement applies. Safe to run twice: existing
// demo users are kept and data is only added to an empty database.
// Stop the server first when using SQLite (one process per file).
import { randomBytes } from 'node:crypto';
import { buildApp } from '#server/app.js';
import { hashPassword } from '#server/auth/passwords.js';
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/database.js';
import { findUserByUsername, insertUser } from '#server/features/users/repository.js';
import type { Role } from '#shared/roles.js';
import { seedDemoData } from './seed-demo-data.js';

const DEMO_USERS: { username: string; full_name: string; role: Role }[] = [
  { username: 'gerente', full_name: 'Gabriela Gerente', role: 'administrador' },
  { username: 'tostador', full_name: 'Tomás Tostador', role: 'administrador' },
  { username: 'tecnico', full_name: 'Teresa Técnica', role: 'tecnico' },
];

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const printed: string[] = [];
  for (const user of DEMO_USERS) {
    if (await findUserByUsername(database.db, user.username)) {
      printed.push(`  ${user.username} (${user.role}): ya existía, contraseña sin cambios`);
      continue;
    }
    const password = process.env.DEMO_PASSWORD ?? randomBytes(9).toString('base64url');
    await insertUser(database.db, { ...user, password_hash: await hashPassword(password) });
    printed.push(`  ${user.username} (${user.role}): ${password}`);
  }

  const app = await buildApp({ db: database.db });
  const summary = await seedDemoData(app, database.db, DEMO_USERS[0]!.username);
  await app.close();

  console.log(`Usuarios de demostración en ${database.description}:\n${printed.join('\n')}`);
  console.log(summary);
} finally {
  await database.close();
}
