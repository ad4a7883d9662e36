import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type RunningServer, startServer } from '#support/start-server.js';

/**
 * Starting the built server for the reliability parts. RELIABILITY_APP_DIR
 * names a private copy of package.json + dist/ (+ node_modules) so that other
 * people rebuilding dist/ cannot pull it away mid-loop; without it, the
 * repository's own dist/ (scripts/reliability.ts builds it when stale).
 */
export const appDir = (): string | undefined => process.env.RELIABILITY_APP_DIR || undefined;

export const startBuiltServer = (databaseUrl: string): Promise<RunningServer> =>
  startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' }, appDir() ? { appDir: appDir()! } : {});

/** kill -9: no shutdown hook runs, the database sees the process vanish mid-transaction. */
export async function killHard(server: RunningServer): Promise<void> {
  if (server.pid === undefined) return;
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(server.pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Not server.stop(): it waits for an 'exit' that has already been emitted (a
  // process killed by a signal keeps exitCode null). Its temporary folder, by hand.
  fs.rmSync(path.dirname(server.databaseFile), { recursive: true, force: true });
}

export async function signInOver(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A PostgreSQL database of its own beside TEST_DATABASE_URL's, for server processes to share; `drop()` removes it. */
export async function scratchPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL no está definida');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
