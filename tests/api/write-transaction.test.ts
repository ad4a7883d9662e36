import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireActorRole } from '#server/auth/actor-role.js';
import { hashPassword } from '#server/auth/passwords.js';
import { type TransactionHooks, transactionHooksOf, withTransactionHooks } from '#server/db/transaction-hooks.js';
import { type DbOrTrx, WRITE_ATTEMPTS, retryTransaction, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError } from '#server/errors.js';
import { insertUser } from '#server/features/users/repository.js';
import { createUser, deleteUser, updateUser } from '#server/features/users/service.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { commonMessages, concurrencyMessages } from '#shared/messages.js';
import type { User } from '#shared/schemas/auth.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';

/** The one write-transaction helper, its retries, and the actor's role read inside the write (docs/decisions/0005-lock-order-and-write-transactions.md). */
describe.each(testDialects())('write transactions (%s)', (dialect) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** An administrator as the session guard saw them when the request arrived. */
  const admin = async (): Promise<User> => {
    const username = `jefa-${++users}`;
    const id = await insertUser(t.db, { username, full_name: 'Jefa', role: 'administrador', password_hash: await hashPassword(TEST_PASSWORD) });
    return { id, username, full_name: 'Jefa', role: 'administrador' };
  };
  const demote = (user: User) => t.db.updateTable('users').set({ role: 'tecnico' }).where('id', '=', user.id).execute();
  const newUser = (username: string) => ({ username, password: 'tueste-lento-2026', full_name: 'Nueva', role: 'tecnico' as const });
  const userNamed = (username: string, db: DbOrTrx = t.db) => db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();

  it('an administrator demoted after the guard let the request in writes nothing: 403', async () => {
    const actor = await admin();
    const target = await admin();
    await demote(actor);
    const forbidden = { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' };
    await expect(createUser(t.db, actor, newUser('tarde'))).rejects.toMatchObject(forbidden);
    await expect(updateUser(t.db, actor, target.id, { full_name: 'Cambiada', role: 'tecnico' })).rejects.toMatchObject(forbidden);
    await expect(deleteUser(t.db, actor, target.id)).rejects.toMatchObject({ code: 'forbidden', message: commonMessages.forbidden });
    expect(await userNamed('tarde')).toBeUndefined();
    const after = await t.db.selectFrom('users').select(['full_name', 'role']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ full_name: 'Jefa', role: 'administrador' });
    // Still an administrator: the same calls go through.
    const other = await admin();
    await expect(createUser(t.db, other, newUser('a-tiempo'))).resolves.toMatchObject({ username: 'a-tiempo' });
  });

  itOn(dialect, 'postgres')('a demotion in flight: the admin write waits for it, then is refused', async () => {
    const actor = await admin();
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      await client.query(`set search_path to ${rows[0]!.schema}`);
      await client.query('begin');
      await client.query(`update users set role = 'tecnico' where id = $1`, [actor.id]);
      let settled = false;
      const write = createUser(t.db, actor, newUser('en-vuelo')).finally(() => (settled = true));
      write.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // requireActorRole's share lock waits for the uncommitted demotion.
      expect(settled).toBe(false);
      await client.query('commit');
      await expect(write).rejects.toMatchObject({ code: 'forbidden', message: commonMessages.forbidden });
      expect(await userNamed('en-vuelo')).toBeUndefined();
    } finally {
      await client.end();
    }
  });

  it('a deadlock is retried and logged; after WRITE_ATTEMPTS runs the answer is 409 in Spanish', async () => {
    const log = { warn: vi.fn() };
    let runs = 0;
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const result = await withWriteTransaction(t.db, async () => {
      if (++runs === 1) throw deadlock();
      return 'hecho';
    }, { log });
    expect(result).toBe('hecho');
    expect(runs).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ event: 'write_transaction_retry', attempt: 1, code: '40P01' });

    runs = 0;
    log.warn.mockClear();
    const failing = withWriteTransaction(t.db, async () => {
      runs++;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }, { log });
    await expect(failing).rejects.toBeInstanceOf(AppError);
    await expect(failing).rejects.toMatchObject({ code: 'conflict', status: 409, message: concurrencyMessages.busy });
    expect(concurrencyMessages.busy).toBe('Otra operación estaba modificando los mismos datos al mismo tiempo. Inténtalo de nuevo.');
    expect(runs).toBe(WRITE_ATTEMPTS);
    expect(log.warn).toHaveBeenCalledTimes(WRITE_ATTEMPTS);
    expect(log.warn.mock.calls.at(-1)![0]).toMatchObject({ event: 'write_transaction_gave_up' });
  });

  it('retryTransaction() starts the work over, and other errors are not retried', async () => {
    let runs = 0;
    await expect(withWriteTransaction(t.db, async () => {
      if (++runs < 3) retryTransaction('probando');
      return runs;
    }, { log: { warn: () => undefined } })).resolves.toBe(3);
    runs = 0;
    const other = new AppError('not_found', 'no está');
    await expect(withWriteTransaction(t.db, async () => {
      runs++;
      throw other;
    })).rejects.toBe(other);
    expect(runs).toBe(1);
  });

  it('a failed run leaves nothing behind: each run is one transaction', async () => {
    let runs = 0;
    await withWriteTransaction(t.db, async (trx) => {
      runs++;
      await insertUser(trx, { username: `intento-${runs}`, full_name: 'Intento', role: 'tecnico', password_hash: 'x' });
      if (runs === 1) throw Object.assign(new Error('deadlock'), { code: '40P01' });
    }, { log: { warn: () => undefined } });
    expect(await userNamed('intento-1')).toBeUndefined();
    expect(await userNamed('intento-2')).toBeDefined();
  });

  it("a request's handle runs its hooks around the work, in its one transaction, on every run; the app's handle runs none", async () => {
    const seen: string[] = [];
    const hooks: TransactionHooks & { record(entry: { record_label: string }): void } = {
      opened: false,
      begin: async () => void seen.push('begin'),
      end: async (trx, value) => {
        seen.push(`end ${String(value)}`);
        // Inside the same transaction as the work: the user it inserted is there.
        seen.push(`sees ${(await userNamed('con-ganchos', trx)) ? 'yes' : 'no'}`);
      },
      record: (entry) => void seen.push(`record ${entry.record_label}`),
    };
    const handle = withTransactionHooks(t.db, hooks);
    expect(handle).not.toBe(t.db);
    expect(transactionHooksOf(handle)).toBe(hooks);
    expect(transactionHooksOf(t.db)).toBeUndefined();
    let runs = 0;
    const value = await withWriteTransaction(handle, async (trx) => {
      if (++runs === 1) throw Object.assign(new Error('deadlock'), { code: '40P01' });
      await insertUser(trx, { username: 'con-ganchos', full_name: 'Ganchos', role: 'tecnico', password_hash: 'x' });
      recordActivity(trx, { action: 'create', area: 'users', record_id: null, record_label: `run ${runs}` });
      return runs;
    }, { log: { warn: () => undefined } });
    expect(value).toBe(2);
    // The first run rolled back after begin; end ran once, after the run that committed.
    expect(seen).toEqual(['begin', 'begin', 'record run 2', 'end 2', 'sees yes']);
    // One write transaction per request.
    await expect(withWriteTransaction(handle, async () => 1)).rejects.toThrow(/una sola transacción/);
    // The app's handle, in the same test, carries nothing: recordActivity there does nothing.
    await withWriteTransaction(t.db, async (trx) => recordActivity(trx, { action: 'create', area: 'users', record_id: null, record_label: 'fuera' }));
    expect(seen).not.toContain('record fuera');
  });

  it('a handle is a copy of the database: one with Kysely plugins is refused rather than copied without them', () => {
    expect(() => withTransactionHooks(t.db.withPlugin(new CamelCasePlugin()), { opened: false, begin: async () => {}, end: async () => {} })).toThrow(/plugins/);
  });

  itOn(dialect, 'postgres')('a real deadlock between two writes is retried until both commit', async () => {
    const [a, b] = [await admin(), await admin()];
    const log = { warn: vi.fn() };
    // Each locks one row, waits until the other has too, then wants the other's: PostgreSQL kills one (40P01).
    let ready = 0;
    const bothLocked = async () => {
      ready++;
      while (ready < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const crossing = (first: User, second: User) =>
      withWriteTransaction(t.db, async (trx) => {
        await sql`select id from users where id = ${first.id} for update`.execute(trx);
        await bothLocked();
        await sql`select id from users where id = ${second.id} for update`.execute(trx);
        await trx.updateTable('users').set({ full_name: `por ${first.id}` }).where('id', '=', second.id).execute();
        return 'ok';
      }, { log });
    await expect(Promise.all([crossing(a, b), crossing(b, a)])).resolves.toEqual(['ok', 'ok']);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'write_transaction_retry', code: '40P01' }), expect.any(String));
  });

  itOn(dialect, 'postgres')('lockLots holds the rows until the transaction ends, whatever order they were asked in', async () => {
    const actor = await admin();
    const origin = await t.db.insertInto('coffee_origins')
      .values({ name: 'Bloqueo', name_sort: 'bloqueo', kilos_per_bag_g: 70_000, suppliers_fincas: '["F"]', description: null })
      .returning('id').executeTakeFirstOrThrow();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = withWriteTransaction(t.db, async (trx) => {
      await lockLots(trx, [{ kind: 'green', id: 999_999 }, { kind: 'origin', id: origin.id }]);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    let deleted = false;
    const deleting = t.db.deleteFrom('coffee_origins').where('id', '=', origin.id).execute().then(() => (deleted = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deleted).toBe(false);
    release();
    await holder;
    await deleting;
    expect(deleted).toBe(true);
    // requireActorRole passes for a current administrator.
    await expect(withWriteTransaction(t.db, (trx) => requireActorRole(trx, actor.id, 'administrador'))).resolves.toBeUndefined();
  });

  itOn(dialect, 'sqlite')('SQLite write transactions begin IMMEDIATE: the write lock is held from the first statement', async () => {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db);
    const other = new SqliteDatabase(rows[0]!.file, { timeout: 0 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const begun = new Promise<void>((resolve) => (started = resolve));
      const holder = withWriteTransaction(t.db, async (trx) => {
        // Only a read so far: a deferred BEGIN would not hold the write lock yet.
        await trx.selectFrom('users').select('id').limit(1).execute();
        started();
        await held;
      });
      await begun;
      expect(() => other.exec('begin immediate')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      release();
      await holder;
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });
});
