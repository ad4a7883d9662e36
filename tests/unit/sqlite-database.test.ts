import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { assertSqliteVersion, openDatabase } from '#server/db/database.js';
import { DatabaseInUseError } from '#server/db/sqlite-lock.js';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-lock-'));
  dirs.push(dir);
  return path.join(dir, 'cafe.sqlite');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('SQLite database', () => {
  it('opens with WAL, full sync and foreign keys, and migrates', async () => {
    const file = tempFile();
    const handle = await openDatabase({ kind: 'sqlite', file });
    // The server's own connection: a savepoint's undo pages stay in memory (docs/decisions/0032-sqlite-temp-store-in-memory.md).
    const pragmas = await sql<Record<string, number>>`select (select temp_store from pragma_temp_store) as temp_store, (select synchronous from pragma_synchronous) as synchronous, (select foreign_keys from pragma_foreign_keys) as foreign_keys`.execute(handle.db);
    expect(pragmas.rows[0]).toEqual({ temp_store: 2, synchronous: 2, foreign_keys: 1 });
    const raw = (await import('better-sqlite3')).default;
    const peek = new raw(file, { readonly: true });
    expect(peek.pragma('journal_mode', { simple: true })).toBe('wal');
    peek.close();
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'sessions', 'stock_movements']));
    await handle.close();
  });

  it('a second server on the same file refuses to start and names the file; a stale lock is taken over', async () => {
    const file = tempFile();
    const first = await openDatabase({ kind: 'sqlite', file });
    await expect(openDatabase({ kind: 'sqlite', file })).rejects.toThrow(DatabaseInUseError);
    await expect(openDatabase({ kind: 'sqlite', file })).rejects.toThrow(file);
    await first.close();

    // A lock left by a process that has exited does not block the next start.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(`${file}.lock`, String(dead.pid));
    const again = await openDatabase({ kind: 'sqlite', file });
    await again.close();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('does not load the PostgreSQL driver: a SQLite server keeps its ~6 MiB (P5, docs/performance.md)', async () => {
    // A process of its own: this test's worker may have loaded pg for another file.
    const script = `
      import Module from 'node:module';
      const { openDatabase } = await import('#server/db/database.js');
      const handle = await openDatabase({ kind: 'sqlite', file: ':memory:' });
      await handle.close();
      console.log(JSON.stringify(Object.keys(Module._cache).filter((file) => file.includes('/node_modules/pg/'))));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual([]);
  });

  it('refuses SQLite older than 3.51.3', () => {
    expect(() => assertSqliteVersion('3.51.2')).toThrow(/3\.51\.3/);
    expect(() => assertSqliteVersion('3.45.0')).toThrow();
    expect(() => assertSqliteVersion('3.51.3')).not.toThrow();
    expect(() => assertSqliteVersion('3.53.2')).not.toThrow();
  });
});
