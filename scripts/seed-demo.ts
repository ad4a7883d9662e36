// `npm run seed:demo`: demo users (two administrators and one tecnico) and a
// year of a small roaster's work (origins, green lots, roasts, recipes,
// blends and sales up to today), written through the app's services
// (support/demo/seed.ts). Only on an empty database: anything but the first
// start's administrator and it refuses with one line, writes nothing and exits
// with 1. Stop the server first when using SQLite (one process per file).
import { loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/database.js';
import { SeedDemoRefused, seedDemo } from '#support/demo/seed.js';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const { users, summary } = await seedDemo(database.db, { password: process.env.DEMO_PASSWORD });
  const lines = users.map((user) =>
    `  ${user.username} (${user.role}): ${user.password ?? 'ya existía, contraseña sin cambios'}`);
  console.log(`Usuarios de demostración en ${database.description}:\n${lines.join('\n')}`);
  console.log(`${summary} En ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (!(error instanceof SeedDemoRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
