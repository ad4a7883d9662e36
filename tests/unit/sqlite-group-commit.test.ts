import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from '#server/db/sqlite-statement-cache.js';
import { GroupCommitSqliteDialect } from '#server/db/sqlite-group-commit.js';
import { useGroupCommit, withWriteTransaction } from '#server/db/write-transaction.js';
import { durableRows, registerDurableResponses } from '#server/http/durable-responses.js';
import type { Database } from '#server/db/schema.js';

/**
 * db/sqlite-group-commit.ts: the writes of one event-loop turn share one
 * COMMIT, each can still fail alone, and nobody hears of a write before its
 * COMMIT has returned.
 */

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A file database with one table, whose COMMITs are counted and can be made to fail. */
function openCounted() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-group-'));
  dirs.push(dir);
  const file = path.join(dir, 'g.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec('create table t (id integer primary key, v text not null unique)');
  const state = { commits: 0, failNextCommit: false };
  const statements = cachingStatements(sqlite);
  const counted = {
    close: () => statements.close(),
    prepare: (text: string) => {
      if (text === 'commit') {
        state.commits++;
        if (state.failNextCommit) {
          state.failNextCommit = false;
          // What an fsync error looks like to the driver: COMMIT throws, the transaction is still open.
          return { reader: false, run: () => { throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }); } } as unknown as ReturnType<typeof statements.prepare>;
        }
      }
      return statements.prepare(text);
    },
  };
  const dialect = new GroupCommitSqliteDialect(sqlite, counted);
  // The tests only use the table t, not the app's schema.
  const db = new Kysely<Database>({ dialect });
  useGroupCommit(db, dialect.groupCommit);
  const insert = (v: string) => withWriteTransaction(db, (trx) => sql`insert into t (v) values (${v})`.execute(trx).then(() => v));
  /** What another connection (another process, after a crash and restart) sees. */
  const committedRows = () => {
    const other = new SqliteDatabase(file, { readonly: true });
    try {
      return (other.prepare('select v from t order by v').pluck().all() as string[]);
    } finally {
      other.close();
    }
  };
  return { db, sqlite, state, insert, committedRows, driver: dialect.groupCommit };
}

describe('SQLite group commit', () => {
  it('writes started together share one COMMIT, and each resolves only once it is on disk', async () => {
    const { db, state, insert, committedRows } = openCounted();
    const seenAtResolve: string[][] = [];
    const writes = ['a', 'b', 'c', 'd', 'e'].map((v) => insert(v).then(() => seenAtResolve.push(committedRows())));
    await Promise.all(writes);
    expect(state.commits).toBe(1);
    // Every write, when it resolved, was already visible to another connection.
    for (const seen of seenAtResolve) expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    // A later write opens a new group.
    await insert('f');
    expect(state.commits).toBe(2);
    expect(committedRows()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    await db.destroy();
  });

  it('a write that fails rolls back only its own work; the others of its group commit', async () => {
    const { db, state, insert, committedRows } = openCounted();
    const results = await Promise.allSettled([
      insert('a'),
      withWriteTransaction(db, async (trx) => {
        await sql`insert into t (v) values ('half')`.execute(trx);
        await sql`insert into t (v) values ('a')`.execute(trx); // unique: fails after a first insert
      }),
      insert('b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(state.commits).toBe(1);
    expect(committedRows()).toEqual(['a', 'b']);
    await db.destroy();
  });

  it('a failed COMMIT fails every write of its group, leaves nothing behind, and the next group works', async () => {
    const { db, state, insert, committedRows, sqlite } = openCounted();
    state.failNextCommit = true;
    const results = await Promise.allSettled([insert('a'), insert('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(sqlite.inTransaction).toBe(false);
    expect(committedRows()).toEqual([]);
    await insert('c');
    expect(committedRows()).toEqual(['c']);
    await db.destroy();
  });

  it('closing the database commits what is pending', async () => {
    const { db, committedRows } = openCounted();
    // A plain statement while a group is open joins it (no waiting on its own).
    const pending = withWriteTransaction(db, (trx) => sql`insert into t (v) values ('x')`.execute(trx));
    await sql`insert into t (v) values ('y')`.execute(db);
    await pending;
    await sql`insert into t (v) values ('z')`.execute(db);
    await db.destroy();
    expect(committedRows()).toEqual(['x', 'y', 'z']);
  });

  it('an HTTP answer waits for the group it may have read from, and is a 500 if that COMMIT failed', async () => {
    const { db, sqlite, state, insert, committedRows } = openCounted();
    const app = Fastify();
    registerDurableResponses(app, db);
    // Another request's write lands just before this read, in the same turn: the read sees it uncommitted.
    let write: Promise<unknown> = Promise.resolve();
    let readInsideGroup = false;
    app.get('/rows', async (request) => {
      const value = (request.query as { write?: string }).write;
      if (value) write = insert(value).catch(() => 'failed');
      // Microtasks only: the group's COMMIT waits for the next turn of the event loop.
      for (let i = 0; i < 1000 && !sqlite.inTransaction; i++) await Promise.resolve();
      readInsideGroup = sqlite.inTransaction;
      return (await sql<{ v: string }>`select v from t order by v`.execute(db)).rows.map((row) => row.v);
    });

    const response = await app.inject('/rows?write=a');
    expect(readInsideGroup).toBe(true);
    expect(response.json()).toEqual(['a']);
    // It was sent only after the COMMIT: by then the write had resolved.
    expect(await Promise.race([write, 'pending'])).toBe('a');
    expect(committedRows()).toEqual(['a']);

    // The same, with the COMMIT failing: the read saw 'b', which is gone, so it must not be answered as is.
    state.failNextCommit = true;
    const lost = await app.inject('/rows?write=b');
    expect(readInsideGroup).toBe(true);
    expect(await write).toBe('failed');
    expect(lost.statusCode).toBe(500);
    expect(lost.body).not.toContain('"b"');
    expect(committedRows()).toEqual(['a']);

    // Later requests are answered normally.
    expect((await app.inject('/rows')).json()).toEqual(['a']);
    await app.close();
    await db.destroy();
  });

  it('rows streamed after the headers (CSV) wait for the group they were read in, and stop if its COMMIT failed', async () => {
    const { db, sqlite, state, insert } = openCounted();
    /** Reads the table right after another request's write, in the same turn, as a CSV batch would. */
    async function* rowsReadBesideWrite(value: string) {
      const write = insert(value).catch(() => 'failed');
      for (let i = 0; i < 1000 && !sqlite.inTransaction; i++) await Promise.resolve();
      expect(sqlite.inTransaction).toBe(true);
      yield* (await sql<{ v: string }>`select v from t order by v`.execute(db)).rows.map((row) => row.v);
      await write;
    }
    const collect = async (rows: AsyncIterable<string>) => {
      const all: string[] = [];
      for await (const row of rows) all.push(row);
      return all;
    };
    expect(await collect(durableRows(db, rowsReadBesideWrite('a')))).toEqual(['a']);
    state.failNextCommit = true;
    await expect(collect(durableRows(db, rowsReadBesideWrite('b')))).rejects.toThrow(/no se guardaron/);
    await db.destroy();
  });
});
