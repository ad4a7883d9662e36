import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs, and
 * better-sqlite3 compiles the SQL each time: with a sale's dozen statements that
 * was a tenth of the server's CPU (docs/performance.md, P1). Queries built by the same code
 * have the same text, so a compiled statement is kept per text and reused.
 *
 * Bounded (least recently used goes first): `where id in (?, ?, …)` makes a text
 * per list length, and a long-running server must not keep them all. A cached
 * statement still being iterated (a streamed query) is busy and cannot run a
 * second query: then a fresh, uncached one is prepared. better-sqlite3
 * re-prepares a statement by itself when the schema changes (migrations).
 */
export const STATEMENT_CACHE_SIZE = 256;

export function cachingStatements(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return sqlite.prepare(sql);
        // Re-inserted, so the Map's order is the order of last use.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
