import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.js';
import { openDatabase, type DatabaseHandle } from '#server/db/database.js';
import { backupFileName, backupSqlite } from '#server/db/sqlite-backup.js';
import { insertUser } from '#server/features/users/repository.js';
import { hashPassword } from '#server/auth/passwords.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { loginCookie, TEST_PASSWORD } from '../helpers/test-app.js';

/**
 * `npm run backup` (docs/product-guide.md#beyond-the-original-app) is SQLite's online backup: it runs beside the
 * server on the same file. PostgreSQL has pg_dump (README), so this suite is
 * SQLite only, by design rather than skipped.
 */
describe('copia de seguridad de SQLite con el servidor escribiendo', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-backup-'));
    database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'cafe.sqlite') }, { skipSqliteLock: true });
    app = await buildApp({ db: database.db, loginRateLimitPerMinute: 1000 });
    await insertUser(database.db, { username: 'tostador', full_name: 'Tostador', role: 'tecnico', password_hash: await hashPassword(TEST_PASSWORD) });
    cookie = await loginCookie(app, 'tostador', TEST_PASSWORD);
    await app.inject({
      method: 'POST', url: '/api/coffee-origins', headers: { cookie },
      payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('una copia tomada mientras entran lotes se abre, tiene las filas y pasa la comprobación del libro', { timeout: 60_000 }, async () => {
    const originId = (await database.db.selectFrom('coffee_origins').select('id').executeTakeFirstOrThrow()).id;
    let written = 0;
    let stop = false;
    // Writes through the API (lot + ledger receipt in one transaction) until the backups are done.
    const writer = (async () => {
      while (!stop) {
        const response = await app.inject({
          method: 'POST', url: '/api/green-coffee', headers: { cookie },
          payload: { origin_id: originId, supplier_finca: 'Finca La Esperanza', quantity_kg: 1.5, unit_price: 3, entry_date: '2024-01-01', batch_code: `B-${written}` },
        });
        expect(response.statusCode).toBe(201);
        written++;
        if (written % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    const backups: string[] = [];
    for (let i = 0; i < 3; i++) {
      backups.push((await backupSqlite(path.join(dir, 'cafe.sqlite'), { dir: path.join(dir, 'backups'), keep: 2, now: new Date(Date.UTC(2026, 10, 23, 3, 0, i)) })).file);
      while (written < 50 * (i + 2)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    stop = true;
    await writer;

    // Kept: the newest 2 of 3.
    expect(fs.readdirSync(path.join(dir, 'backups')).sort()).toEqual(['cafe-20261123-030001.sqlite', 'cafe-20261123-030002.sqlite']);
    expect(backupFileName(new Date(Date.UTC(2026, 10, 23, 3, 0, 2)))).toBe('cafe-20261123-030002.sqlite');

    // Restore = copy the file into place, then open it as the server would.
    const restoredFile = path.join(dir, 'restaurada.sqlite');
    fs.copyFileSync(backups[2]!, restoredFile);
    const restored = await openDatabase({ kind: 'sqlite', file: restoredFile }, { skipSqliteLock: true });
    try {
      const lots = await restored.db.selectFrom('green_coffee').select('id').execute();
      expect(lots.length).toBeGreaterThanOrEqual(100);
      expect(lots.length).toBeLessThanOrEqual(written);
      const receipts = await restored.db.selectFrom('stock_movements').select('id').where('lot_kind', '=', 'green').execute();
      // A consistent copy: every lot with its receipt, never one without the other.
      expect(receipts.length).toBe(lots.length);
      expect(await findLedgerMismatches(restored.db, ['green', 'roasted', 'blend'])).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
