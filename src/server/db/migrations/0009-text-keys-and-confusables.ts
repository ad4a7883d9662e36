import { type Kysely, sql } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { nameKey, textKey } from '#shared/text-keys.js';
import { confusableSkeleton } from '#server/confusable-skeleton.js';
import { dialectOf } from '#server/db/dialect.js';
import { type MigrationLog, stderrMigrationLog } from '#server/db/migration-log.js';

/**
 * One origin per name, and codes and usernames that cannot be told apart only
 * by case, width or look (docs/product-guide.md#data-rules,
 * docs/decisions/0021-text-rules-and-confusables.md):
 *
 * - `coffee_origins.name_key` = nameKey(name) (NFKC, case-folded, trimmed,
 *   without accents), unique: 'Colombia', ' colombia' and 'COLÓMBIA' are one.
 * - `users.username` becomes textKey(username) (NFKC and case folding, as the
 *   repository now writes it), and `users.username_skeleton` its Unicode TR39
 *   confusable skeleton, unique: 'аdmin' (Cyrillic а) beside 'admin' is refused.
 * - `blend_recipes.name_key` = nameKey(name) (NFKC added to what 0005 did).
 * - Every lot's `batch_code_key` = lotCodeKey(batch_code), recomputed (NFKC
 *   added: 'ＧＣ-001' is 'GC-001'), and `batch_code_skeleton` beside it,
 *   unique where the key is (per origin for green lots).
 *
 * The key and skeleton columns are NULL only for rows written past the
 * services (by hand, or by tests that do so on purpose); the services always
 * fill them, so every row the application writes is checked.
 *
 * Rows that clash under the new rules are neither merged nor left to stop the
 * server: the later ones (by id) get a visible suffix, ' (2)', ' (3)'… (the
 * first free one), and each rename is logged, in Spanish, with the row it
 * clashed with. A username that only changes form ('straße' → 'strasse') is
 * logged too. Sales keep the lot code they recorded.
 *
 * SQLite runs a migration outside a transaction; this one runs inside a
 * savepoint there, so it is done whole or not at all, as on PostgreSQL.
 */
export async function up(db: Kysely<any>, log: MigrationLog = stderrMigrationLog): Promise<void> {
  await inSavepointOnSqlite(db, async () => {
    await addColumns(db);
    await origins(db, log);
    await users(db, log);
    await recipes(db, log);
    await lots(db, log, 'green_coffee', 'el lote de café verde');
    await lots(db, log, 'roasted_coffee', 'el lote de café tostado');
    await lots(db, log, 'blended_coffee', 'la mezcla');
    await createIndexes(db);
  });
}

/** Drops what `up` added; renamed rows keep their new names, and keys stay as recomputed. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
  await db.schema.alterTable('blended_coffee').dropColumn('batch_code_skeleton').execute();
  await db.schema.alterTable('roasted_coffee').dropColumn('batch_code_skeleton').execute();
  await db.schema.alterTable('green_coffee').dropColumn('batch_code_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
  await db.schema.alterTable('coffee_origins').dropColumn('name_key').execute();
}

async function inSavepointOnSqlite(db: Kysely<any>, work: () => Promise<void>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return work();
  await sql`savepoint migration_0009`.execute(db);
  try {
    await work();
  } catch (error) {
    await sql`rollback to migration_0009`.execute(db);
    await sql`release migration_0009`.execute(db);
    throw error;
  }
  await sql`release migration_0009`.execute(db);
}

async function addColumns(db: Kysely<any>): Promise<void> {
  // Byte order on PostgreSQL, as the other key columns (0002, 0005).
  const keyType = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
  await db.schema.alterTable('coffee_origins').addColumn('name_key', keyType).execute();
  await db.schema.alterTable('users').addColumn('username_skeleton', keyType).execute();
  for (const table of LOT_TABLES) await db.schema.alterTable(table).addColumn('batch_code_skeleton', keyType).execute();
}

const LOT_TABLES = ['green_coffee', 'roasted_coffee', 'blended_coffee'] as const;
type LotTable = (typeof LOT_TABLES)[number];

const INDEXES = [
  { name: 'coffee_origins_name_key_uq', table: 'coffee_origins', columns: ['name_key'] },
  { name: 'users_username_skeleton_uq', table: 'users', columns: ['username_skeleton'] },
  { name: 'green_coffee_origin_batch_code_skeleton_uq', table: 'green_coffee', columns: ['origin_id', 'batch_code_skeleton'] },
  { name: 'roasted_coffee_batch_code_skeleton_uq', table: 'roasted_coffee', columns: ['batch_code_skeleton'] },
  { name: 'blended_coffee_batch_code_skeleton_uq', table: 'blended_coffee', columns: ['batch_code_skeleton'] },
] as const;

async function createIndexes(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns([...index.columns]).unique().execute();
  }
}

interface Row {
  id: number;
  text: string;
  /** Rows clash only within one scope (a green lot's origin); '' for a whole table. */
  scope: string;
}

interface Outcome<T extends Row> {
  row: T;
  /** The text the row keeps or gets. */
  text: string;
  /** The row it clashed with, when it was renamed. */
  clashedWith?: T;
}

/**
 * Which rows keep their text and which get a suffix. `keysOf` gives the values
 * that must be unique within a scope (a key, a skeleton). First every row that
 * clashes with no earlier keeper keeps its text; then, in id order, each other
 * row takes the first ' (n)' whose keys are all free, so a rename never takes
 * a name some other row already has ('Colombia (2)' typed by a person stays).
 */
function resolveClashes<T extends Row>(rows: readonly T[], keysOf: (text: string) => string[]): Outcome<T>[] {
  const taken = new Map<string, T>();
  const scoped = (row: T, text: string) => keysOf(text).map((key, index) => `${row.scope}\u0000${index}\u0000${key}`);
  const outcomes: Outcome<T>[] = [];
  const later: Outcome<T>[] = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const keys = scoped(row, row.text);
    const clash = keys.map((key) => taken.get(key)).find((keeper) => keeper !== undefined);
    const outcome: Outcome<T> = { row, text: row.text, ...(clash ? { clashedWith: clash } : {}) };
    outcomes.push(outcome);
    if (clash) later.push(outcome);
    else for (const key of keys) taken.set(key, row);
  }
  for (const outcome of later) {
    for (let n = 2; ; n++) {
      const text = `${outcome.row.text.trim()} (${n})`;
      const keys = scoped(outcome.row, text);
      if (keys.some((key) => taken.has(key))) continue;
      outcome.text = text;
      for (const key of keys) taken.set(key, outcome.row);
      break;
    }
  }
  return outcomes;
}

/** The log line of a rename; `shown` writes a name as the table stores it (a username as its key). */
const renameLine = (what: string, outcome: Outcome<Row>, shown: (text: string) => string = (text) => text) =>
  `Migración 0009: ${what} id ${outcome.row.id} «${outcome.row.text}» se confunde con el id ${outcome.clashedWith!.id} ` +
  `«${shown(outcome.clashedWith!.text)}»; ahora se llama «${shown(outcome.text)}».`;

async function origins(db: Kysely<any>, log: MigrationLog): Promise<void> {
  const rows = (await db.selectFrom('coffee_origins').select(['id', 'name']).execute()) as { id: number; name: string }[];
  const outcomes = resolveClashes(rows.map((row) => ({ id: row.id, text: row.name, scope: '' })), (name) => [nameKey(name)]);
  for (const outcome of outcomes) {
    if (outcome.clashedWith) log.warn(renameLine('el origen', outcome));
    await db
      .updateTable('coffee_origins')
      .set({ name: outcome.text, name_key: nameKey(outcome.text), ...(outcome.clashedWith ? { name_sort: sortKey(outcome.text) } : {}) })
      .where('id', '=', outcome.row.id)
      .execute();
  }
}

/** The origins list's order, as origins/repository.ts originSortKey writes it (frozen here: a migration is history). */
const sortKey = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function users(db: Kysely<any>, log: MigrationLog): Promise<void> {
  const rows = (await db.selectFrom('users').select(['id', 'username']).execute()) as { id: number; username: string }[];
  const outcomes = resolveClashes(
    rows.map((row) => ({ id: row.id, text: row.username, scope: '' })),
    (username) => [textKey(username), confusableSkeleton(textKey(username))],
  );
  await writeInTwoPasses(db, 'users', outcomes, (outcome) => {
    const username = textKey(outcome.text);
    return { username, username_skeleton: confusableSkeleton(username) };
  }, 'username');
  for (const outcome of outcomes) {
    if (outcome.clashedWith) log.warn(renameLine('el usuario', outcome, textKey));
    else if (textKey(outcome.text) !== outcome.row.text) {
      log.warn(
        `Migración 0009: el usuario id ${outcome.row.id} «${outcome.row.text}» se llama ahora «${textKey(outcome.text)}» ` +
          '(nombres de usuario comparados tras NFKC y plegado de mayúsculas).',
      );
    }
  }
}

async function recipes(db: Kysely<any>, log: MigrationLog): Promise<void> {
  const rows = (await db.selectFrom('blend_recipes').select(['id', 'name']).execute()) as { id: number; name: string }[];
  const outcomes = resolveClashes(rows.map((row) => ({ id: row.id, text: row.name, scope: '' })), (name) => [nameKey(name)]);
  await writeInTwoPasses(db, 'blend_recipes', outcomes, (outcome) => ({ name: outcome.text, name_key: nameKey(outcome.text) }), 'name_key');
  for (const outcome of outcomes) if (outcome.clashedWith) log.warn(renameLine('la receta', outcome));
}

async function lots(db: Kysely<any>, log: MigrationLog, table: LotTable, what: string): Promise<void> {
  const columns = table === 'green_coffee' ? ['id', 'batch_code', 'origin_id'] : ['id', 'batch_code'];
  const rows = (await db.selectFrom(table).select(columns).execute()) as { id: number; batch_code: string; origin_id?: number }[];
  const outcomes = resolveClashes(
    rows.map((row) => ({ id: row.id, text: row.batch_code, scope: String(row.origin_id ?? '') })),
    (code) => [lotCodeKey(code), confusableSkeleton(code)],
  );
  await writeInTwoPasses(
    db,
    table,
    outcomes,
    (outcome) => ({ batch_code: outcome.text, batch_code_key: lotCodeKey(outcome.text), batch_code_skeleton: confusableSkeleton(outcome.text) }),
    'batch_code_key',
  );
  for (const outcome of outcomes) if (outcome.clashedWith) log.warn(renameLine(what, outcome));
}

/**
 * Writes each row's new values. A recomputed key may be, for a moment, the
 * old key of a row not yet rewritten (the unique index on it is checked row by
 * row): so first every key to a value no row has (U+FFFF is a noncharacter,
 * never in a name or a code), then the real ones.
 */
async function writeInTwoPasses<T extends Row>(
  db: Kysely<any>,
  table: string,
  outcomes: readonly Outcome<T>[],
  values: (outcome: Outcome<T>) => Record<string, unknown>,
  uniqueColumn: string,
): Promise<void> {
  for (const outcome of outcomes) {
    await db.updateTable(table).set({ [uniqueColumn]: `\uffff${outcome.row.id}` }).where('id', '=', outcome.row.id).execute();
  }
  for (const outcome of outcomes) await db.updateTable(table).set(values(outcome)).where('id', '=', outcome.row.id).execute();
}
