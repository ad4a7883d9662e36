import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReusableQueries, compileBuilt, reusableQuery } from '#server/db/reusable-query.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

// The tables these queries are typed against do not matter here: compiling needs no schema.
type AnyDb = Kysely<any>;
const asDb = (db: AnyDb) => db as unknown as DbOrTrx;

/** A reusable query of each kind the app writes: a builder with a join, an insert with a constant, a `sql` template. */
const select = reusableQuery((db, p: { id: number; code: string }) =>
  (db as AnyDb).selectFrom('lots as l').innerJoin('origins as o', 'o.id', 'l.origin_id')
    .select(['l.id', 'o.name']).where('l.id', '=', p.id).where('l.code', '=', p.code).where('l.kind', '=', 'roasted'));
const insert = reusableQuery((db, p: { id: number; note: string | null }) =>
  (db as AnyDb).insertInto('lots').values({ id: p.id, note: p.note, reason: 'sale' }).returning('id'));
const raw = reusableQuery((_db, p: { delta: number; id: number }) =>
  sql`update lots set stock_g = stock_g + ${p.delta} where id = ${p.id} and stock_g + ${p.delta} >= 0`);

describe('reusableQuery (docs/decisions/0027-reusable-queries.md)', () => {
  let sqlite: SqliteDatabase.Database;
  let onSqlite: AnyDb;
  // PostgreSQL's compiler needs no connection: a pool nobody calls.
  const onPostgres: AnyDb = new Kysely({ dialect: new PostgresDialect({ pool: {} as pg.Pool }) });

  beforeAll(() => {
    checkReusableQueries(false);
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table lots (id integer primary key, note text, reason text, stock_g integer not null default 0)');
    onSqlite = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  });
  afterAll(async () => {
    await onSqlite.destroy();
  });

  it('compiles, on each dialect, the same SQL and parameters as the query built afresh with the values, constants in place', () => {
    for (const db of [onSqlite, onPostgres]) {
      for (const values of [{ id: 7, code: 'TOS-1' }, { id: 8, code: 'MEZ-2' }]) {
        const reused = select.compile(asDb(db), values);
        const built = compileBuilt(asDb(db), select.build(asDb(db), values));
        expect({ sql: reused.sql, parameters: reused.parameters }).toEqual({ sql: built.sql, parameters: built.parameters });
        expect(reused.parameters).toEqual([values.id, values.code, 'roasted']);
      }
      const rawValues = { delta: -10, id: 3 };
      expect(raw.compile(asDb(db), rawValues).parameters).toEqual(compileBuilt(asDb(db), raw.build(asDb(db), rawValues)).parameters);
    }
    expect(select.compile(asDb(onPostgres), { id: 1, code: 'x' }).sql).toContain('"l"."id" = $1');
    expect(select.compile(asDb(onSqlite), { id: 1, code: 'x' }).sql).toContain('"l"."id" = ?');
  });

  it('runs with each call\'s values: null included, the same text every time', async () => {
    expect(await insert.takeFirst(asDb(onSqlite), { id: 1, note: null })).toEqual({ id: 1 });
    expect(await insert.takeFirst(asDb(onSqlite), { id: 2, note: 'segunda' })).toEqual({ id: 2 });
    await sql`update lots set stock_g = 5`.execute(onSqlite);
    expect(Number((await raw.execute(asDb(onSqlite), { delta: -5, id: 2 })).numAffectedRows)).toBe(1);
    expect(Number((await raw.execute(asDb(onSqlite), { delta: -1, id: 2 })).numAffectedRows)).toBe(0);
    expect(sqlite.prepare('select id, note, reason, stock_g from lots order by id').all()).toEqual([
      { id: 1, note: null, reason: 'sale', stock_g: 5 },
      { id: 2, note: 'segunda', reason: 'sale', stock_g: 0 },
    ]);
    expect(insert.compile(asDb(onSqlite), { id: 3, note: 'a' }).sql).toBe(insert.compile(asDb(onSqlite), { id: 4, note: 'b' }).sql);
  });

  it('refuses a value left undefined, which Kysely would have dropped from the query', () => {
    expect(() => insert.compile(asDb(onSqlite), { id: 5, note: undefined as unknown as null })).toThrow('falta el valor de «note»');
  });

  it('refuses a build that computes with a value or writes it into the text', () => {
    const arithmetic = reusableQuery((_db, p: { grams: number }) => sql`select ${p.grams / 1000} as kg`);
    const text = reusableQuery((_db, p: { code: string }) => sql`select id from lots where note = ${`lote ${p.code}`}`);
    expect(() => arithmetic.compile(asDb(onSqlite), { grams: 1000 })).toThrow('solo puede pasarse a Kysely como valor');
    expect(() => text.compile(asDb(onPostgres), { code: 'TOS-1' })).toThrow('solo puede pasarse a Kysely como valor');
  });

  it('with the check on (every API test), a build shaped by a value fails its first run with another value', () => {
    // A placeholder is an object, so truthy: the reused text is always the first branch.
    const shaped = reusableQuery((db, p: { onlyRoasted: boolean }) =>
      p.onlyRoasted ? (db as AnyDb).selectFrom('lots').select('id').where('kind', '=', 'roasted') : (db as AnyDb).selectFrom('lots').select('id'));
    checkReusableQueries(true);
    try {
      expect(() => shaped.compile(asDb(onSqlite), { onlyRoasted: true })).not.toThrow();
      expect(() => shaped.compile(asDb(onSqlite), { onlyRoasted: false })).toThrow('no es la construida con sus valores');
      expect(() => select.compile(asDb(onPostgres), { id: 9, code: 'z' })).not.toThrow();
    } finally {
      checkReusableQueries(false);
    }
  });
});
