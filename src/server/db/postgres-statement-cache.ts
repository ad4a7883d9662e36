import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Kysely's PostgreSQL driver sends every query as an unnamed statement, so the
 * server parses and plans the same text again on each call: a sale's ten
 * statements, each time (docs/decisions/0014-postgresql-prepared-statements.md). This hands Kysely a pool whose clients
 * run a query with parameters as a named prepared statement, one name per
 * text: `pg` sends the Parse once per connection and afterwards only Bind and
 * Execute; PostgreSQL keeps the parsed statement (and, after a few runs, a
 * generic plan when it is as good as a custom one).
 *
 * Bounded: names go to the first STATEMENT_NAME_LIMIT texts a process sees
 * (`where id in ($1, $2, …)` makes a text per list length); later texts run
 * unnamed, as before. A name is never reused for another text, which `pg`
 * refuses. Texts without parameters (BEGIN, COMMIT, migrations with several
 * statements) keep the simple protocol, which a prepared statement cannot
 * carry. PostgreSQL re-plans a prepared statement by itself when a table it
 * reads changes; only a migration that changes the columns a running
 * process's `select *` returns would make that statement fail ("cached plan
 * must not change result type") until the process restarts, and migrations
 * run when a server starts, before it serves.
 */
export const STATEMENT_NAME_LIMIT = 256;

export function preparingStatements(pool: pg.Pool, limit = STATEMENT_NAME_LIMIT): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < limit) {
      name = `cafe_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
  // One wrapper per pooled client: Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // Kysely passes either a text with its parameters or a cursor (streamed queries), which goes through as it is.
    const query = (sqlOrCursor: string | pg.Submittable, parameters: readonly unknown[] = []): unknown => {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
      const name = parameters.length > 0 ? nameOf(sqlOrCursor) : undefined;
      return name === undefined ? client.query(sqlOrCursor, [...parameters]) : client.query({ name, text: sqlOrCursor, values: [...parameters] });
    };
    return { query: query as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
