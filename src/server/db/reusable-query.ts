import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely';
import { type DialectName, dialectOf } from './dialect.js';
import type { DbOrTrx } from './write-transaction.js';

/**
 * A Kysely query built and compiled once per dialect, then run with new
 * values (docs/decisions/0027-reusable-queries.md). Building a query with
 * Kysely's builder and compiling it to SQL was about a fifth of the server's
 * CPU per sale (docs/performance.md#cpu-per-sale), for the same few texts
 * every time. The query is still written with Kysely, by the same code that
 * would build it per call: `build` is called once per dialect with
 * placeholders instead of values, and each run swaps the values in.
 *
 *   const findLot = reusableQuery((db, p: { id: number }) =>
 *     db.selectFrom('blended_coffee').select(['id', 'stock_g']).where('id', '=', p.id));
 *   const lot = await findLot.takeFirst(trx, { id });
 *
 * The rule that makes it sound: `build` uses its parameters only as values
 * handed to Kysely (a `where`, a `values`, a `${…}` in `sql`), never to decide
 * the query's shape (no `if`, `??`, arithmetic, `.slice()` or array on them), so
 * the same text is right for every value. A placeholder refuses to become a
 * number or a text (arithmetic, comparisons, template strings throw while
 * building), and a value `undefined` at run time is refused (Kysely would have
 * left its column out).
 * tests/unit/reusable-query.test.ts compiles each of the app's reusable queries
 * both ways, built afresh with values and reused, and expects the same SQL and
 * parameters.
 */
export interface ReusableQuery<Params, Row> {
  /** Runs the query with these values, as `execute` of the built query would. */
  execute(db: DbOrTrx, params: Params): Promise<QueryResult<Row>>;
  /** The first row, or undefined: `executeTakeFirst`. */
  takeFirst(db: DbOrTrx, params: Params): Promise<Row | undefined>;
  /** What running it would send: the compiled text with these values (for the tests). */
  compile(db: DbOrTrx, params: Params): CompiledQuery<Row>;
  /** The same query built afresh with the values, as the code did before it was reused (for the tests). */
  build(db: DbOrTrx, params: Params): Buildable<Row>;
}

/** A query builder, or a query written with Kysely's `sql` template (which compiles against a `db`). */
export type Buildable<Row> = Compilable<Row> | RawBuilder<Row>;

/** The builder's compiled query, as its `execute` would compile it. */
export const compileBuilt = <Row>(db: DbOrTrx, query: Buildable<Row>): CompiledQuery<Row> =>
  'isRawBuilder' in query ? query.compile(db) : query.compile();

/** A parameter's placeholder while the query is built; its position among the SQL parameters is found after compiling. */
class Slot {
  constructor(readonly name: string) {}

  /** Arithmetic, a comparison or a text made of a parameter would shape the query by one value: refused. */
  [Symbol.toPrimitive](): never {
    throw new TypeError(`reusableQuery: «${this.name}» solo puede pasarse a Kysely como valor`);
  }
}

/** The compiled text, and for each SQL parameter either the name of the value to put there or a constant. */
interface Template {
  compiled: CompiledQuery;
  sources: ({ slot: string } | { constant: unknown })[];
}

export function reusableQuery<Params extends object, Row>(
  build: (db: DbOrTrx, params: Params) => Buildable<Row>,
): ReusableQuery<Params, Row> {
  const templates = new Map<DialectName, Template>();

  const templateFor = (db: DbOrTrx): Template => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (template === undefined) {
      template = compileTemplate(db, build);
      templates.set(dialect, template);
    }
    return template;
  };

  const compile = (db: DbOrTrx, params: Params): CompiledQuery<Row> => {
    const { compiled, sources } = templateFor(db);
    const parameters = sources.map((source) => {
      if ('constant' in source) return source.constant;
      const value = (params as Record<string, unknown>)[source.slot];
      if (value === undefined) throw new TypeError(`reusableQuery: falta el valor de «${source.slot}»`);
      return value;
    });
    if (checkEachRun) sameAsBuilt(compiled.sql, parameters, compileBuilt(db, build(db, params)));
    return { query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters };
  };

  return {
    compile,
    build,
    execute: (db, params) => db.executeQuery(compile(db, params)),
    takeFirst: async (db, params) => (await db.executeQuery(compile(db, params))).rows[0],
  };
}

let checkEachRun = false;

/**
 * For the tests (tests/helpers/test-database.ts turns it on for every API
 * test): each run also builds its query afresh with the run's values and throws
 * unless that gives the same SQL and parameters. A build that shaped its query
 * by a value fails the first test that runs it with another value.
 */
export function checkReusableQueries(on = true): void {
  checkEachRun = on;
}

function sameAsBuilt(sql: string, parameters: readonly unknown[], built: CompiledQuery): void {
  if (sql === built.sql && parameters.length === built.parameters.length && parameters.every((value, i) => Object.is(value, built.parameters[i]))) return;
  throw new Error(`reusableQuery: la consulta reutilizada no es la construida con sus valores\n${sql} ${JSON.stringify(parameters)}\n${built.sql} ${JSON.stringify(built.parameters)}`);
}

function compileTemplate<Params extends object, Row>(
  db: DbOrTrx,
  build: (db: DbOrTrx, params: Params) => Buildable<Row>,
): Template {
  const read = new Map<string, Slot>();
  const slots = new Proxy({} as Params, {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      let slot = read.get(name);
      if (slot === undefined) {
        slot = new Slot(name);
        read.set(name, slot);
      }
      return slot;
    },
  });
  const compiled = compileBuilt(db, build(db, slots));
  return { compiled, sources: compiled.parameters.map((value) => (value instanceof Slot ? { slot: value.name } : { constant: value })) };
}
