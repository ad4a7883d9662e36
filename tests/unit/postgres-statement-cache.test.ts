import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingStatements } from '#server/db/postgres-statement-cache.js';
import { testDialects } from '../helpers/test-database.js';

interface Tables {
  t: { id: number; label: string };
}

// PostgreSQL only (TEST_DATABASE_URL; testDialects() fails in CI without it).
const onPostgres = testDialects().includes('postgres');

describe.runIf(onPostgres)('PostgreSQL prepared statements', () => {
  const schema = `t_stmt_${process.pid}`;
  let pool: pg.Pool;
  let db: Kysely<Tables>;
  // One connection, so every query below runs on the connection whose prepared statements are read.
  const prepared = async () =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, options: `-c search_path=${schema}` });
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparingStatements(pool, 2) }) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await sql`create table t (id integer primary key, label text not null)`.execute(db);
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  it('runs a text with parameters as one named statement, parsed once, with the same results and errors', async () => {
    for (const id of [1, 2, 3]) await db.insertInto('t').values({ id, label: `lote ${id}` }).execute();
    expect(await prepared()).toEqual([{ name: 'cafe_1', statement: 'insert into "t" ("id", "label") values ($1, $2)' }]);

    expect(await db.selectFrom('t').select('label').where('id', '=', 2).executeTakeFirst()).toEqual({ label: 'lote 2' });
    expect(await db.selectFrom('t').select('label').where('id', '=', 3).executeTakeFirst()).toEqual({ label: 'lote 3' });
    expect((await prepared()).map((row) => row.name)).toEqual(['cafe_1', 'cafe_2']);

    // A failing run of a prepared statement reports PostgreSQL's error as before (constraint-errors.ts reads its code).
    await expect(db.insertInto('t').values({ id: 1, label: 'otra vez' }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('prepares no more than its limit, and leaves texts without parameters to the simple protocol', async () => {
    // The limit (2) is reached: a third text with parameters runs unnamed, and still answers.
    expect(await db.selectFrom('t').select('id').where('label', '=', 'lote 3').executeTakeFirst()).toEqual({ id: 3 });
    await sql`select count(*) from t`.execute(db);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t').set({ label: 'lote uno' }).where('id', '=', 1).execute();
    });
    expect((await prepared()).map((row) => row.name)).toEqual(['cafe_1', 'cafe_2']);
    expect(await db.selectFrom('t').select('label').where('id', '=', 1).executeTakeFirst()).toEqual({ label: 'lote uno' });
  });
});
