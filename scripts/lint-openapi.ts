// `npm run lint:openapi` (part of `validate`): builds the app in this process
// on a throw-away in-memory SQLite database, fetches /api/docs/json as a
// signed-in administrator would, and runs `redocly lint` (recommended rules,
// redocly.yaml) on it, so every route, present and future, is checked. Exits
// with redocly's code. Nothing leaves the machine: telemetry and the update
// check are off.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.js';
import { createSession } from '#server/auth/sessions.js';
import { openDatabase } from '#server/db/database.js';
import { insertUser } from '#server/features/users/repository.js';

const database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-openapi-'));
let status: number | undefined;
try {
  const app = await buildApp({ db: database.db });
  // The document is for signed-in users only; a session made here, no password needed.
  const userId = await insertUser(database.db, { username: 'openapi', full_name: 'OpenAPI', role: 'administrador', password_hash: 'x' });
  const token = await createSession(database.db, userId);
  const response = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: `cafe_sesion=${token}` } });
  await app.close();
  if (response.statusCode !== 200) throw new Error(`/api/docs/json respondió ${response.statusCode}`);
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, response.body);

  const redocly = path.resolve('node_modules/.bin/redocly');
  const result = spawnSync(redocly, ['lint', file, '--config', path.resolve('redocly.yaml')], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  status = result.status ?? 1;
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exitCode = status ?? 1;
