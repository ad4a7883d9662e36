import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from '#server/db/sqlite-statement-cache.js';

describe('SQLite statement cache', () => {
  it('reuses the compiled statement of a text, keeps at most `size`, and never hands out a busy one', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = cachingStatements(sqlite, 2);
    const a = db.prepare('select 1 as n');
    expect(db.prepare('select 1 as n')).toBe(a);
    db.prepare('select 2 as n');
    db.prepare('select 3 as n'); // over the bound: 'select 1' was used least recently and goes
    expect(db.prepare('select 1 as n')).not.toBe(a);

    sqlite.exec('create table t (x integer); insert into t values (1), (2)');
    const iterating = db.prepare('select x from t');
    const rows = iterating.iterate([]);
    rows.next();
    // A streamed query still running: a second use of the text gets its own statement.
    const second = db.prepare('select x from t');
    expect(second).not.toBe(iterating);
    expect(second.all([])).toEqual([{ x: 1 }, { x: 2 }]);
    rows.return?.();
    db.close();
  });
});
