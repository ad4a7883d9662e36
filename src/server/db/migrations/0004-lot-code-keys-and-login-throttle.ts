import { type Kysely, sql } from 'kysely';
import { lotCodeKey } from '#shared/lot-codes.js';
import { dialectOf, millisColumnType } from '#server/db/dialect.js';

/**
 * Hardening, two parts.
 *
 * 1. Lot codes unique without regard to case or surrounding spaces (docs/product-guide.md#business-constants):
 * 'co-001' and 'CO-001 ' are the same lot. Each lot table gets `batch_code_key`
 * = lotCodeKey(batch_code), written by the repositories beside the code, under
 * a unique index: per origin for green lots ('Ya existe un lote con este código
 * para el origen seleccionado…'), across all lots for roasted ones. The code
 * itself keeps the spelling the user typed.
 *
 * Rows that already clash stop the migration BEFORE anything changes (SQLite
 * runs DDL outside a transaction, so a half-done migration would stay half
 * done), with a Spanish list of the lots to rename.
 *
 * 2. `login_throttle`: the sign-in failure counters (auth/login-throttle.ts,
 * docs/decisions/0008). In the database, not in memory, so no flood of requests
 * can evict a lock, and every server process on one PostgreSQL counts together.
 */

interface LotRow {
  id: number;
  batch_code: string;
}

export const CLASH_HEADER =
  'Migración 0004: hay códigos de lote que solo se distinguen por mayúsculas o espacios, y deben ser únicos. ' +
  'Cambia el código de todos los lotes de cada grupo menos uno y vuelve a arrancar:';

/** Groups of rows whose codes share a key (keyed by scope + key), only those with more than one row. */
function clashes<T extends LotRow>(rows: T[], scope: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = `${scope(row)}\u0000${lotCodeKey(row.batch_code)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

const describeLots = (group: LotRow[]) => group.map((row) => `id ${row.id} «${row.batch_code}»`).join(', ');

async function fillKeys(db: Kysely<any>, table: string, rows: LotRow[]): Promise<void> {
  for (const row of rows) {
    await db.updateTable(table).set({ batch_code_key: lotCodeKey(row.batch_code) }).where('id', '=', row.id).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // First: it may stop on clashing codes, before anything has changed.
  await addLotCodeKeys(db);
  await createLoginThrottle(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropLotCodeKeys(db);
  await db.schema.dropTable('login_throttle').execute();
}

async function createLoginThrottle(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    // 'address', 'pair' (address + username) or 'account' (username).
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_start', millisColumnType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'subject'])
    .execute();
  // Expired counters are deleted by age.
  await db.schema.createIndex('login_throttle_window_start_idx').on('login_throttle').column('window_start').execute();
}

async function addLotCodeKeys(db: Kysely<any>): Promise<void> {
  const green = (await db
    .selectFrom('green_coffee as g')
    .innerJoin('coffee_origins as o', 'o.id', 'g.origin_id')
    .select(['g.id', 'g.batch_code', 'g.origin_id', 'o.name as origin_name'])
    .orderBy('g.id')
    .execute()) as (LotRow & { origin_id: number; origin_name: string })[];
  const roasted = (await db.selectFrom('roasted_coffee').select(['id', 'batch_code']).orderBy('id').execute()) as LotRow[];

  const problems = [
    ...clashes(green, (row) => String(row.origin_id)).map(
      (group) => `café verde del origen «${group[0]!.origin_name}» (id ${group[0]!.origin_id}): ${describeLots(group)}`,
    ),
    ...clashes(roasted, () => '').map((group) => `café tostado: ${describeLots(group)}`),
  ];
  if (problems.length > 0) throw new Error([CLASH_HEADER, ...problems.map((p) => `  - ${p}`)].join('\n'));

  // '' only as the value existing rows get while the column is added (SQLite
  // needs a default for NOT NULL); every row is filled right after, and the
  // repositories always write the key.
  await db.schema.alterTable('green_coffee').addColumn('batch_code_key', 'text', (col) => col.notNull().defaultTo('')).execute();
  await fillKeys(db, 'green_coffee', green);
  await db.schema.dropIndex('green_coffee_origin_batch_code_uq').execute();
  await db.schema
    .createIndex('green_coffee_origin_batch_code_key_uq')
    .on('green_coffee')
    .columns(['origin_id', 'batch_code_key'])
    .unique()
    .execute();

  await db.schema.alterTable('roasted_coffee').addColumn('batch_code_key', 'text', (col) => col.notNull().defaultTo('')).execute();
  await fillKeys(db, 'roasted_coffee', roasted);
  await db.schema.createIndex('roasted_coffee_batch_code_key_uq').on('roasted_coffee').column('batch_code_key').unique().execute();
  // The exact-spelling constraint is now redundant (same code ⇒ same key), and
  // on PostgreSQL a second unique index would raise instead of letting
  // `ON CONFLICT (batch_code_key) DO NOTHING` skip a race's duplicate. SQLite
  // checks the conflict target first (tested), and dropping an inline UNIQUE
  // there means rebuilding the table: it stays.
  if (dialectOf(db) === 'postgres') {
    await sql`alter table roasted_coffee drop constraint if exists roasted_coffee_batch_code_key`.execute(db);
  }
}

async function dropLotCodeKeys(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table roasted_coffee add constraint roasted_coffee_batch_code_key unique (batch_code)`.execute(db);
  }
  await db.schema.dropIndex('roasted_coffee_batch_code_key_uq').execute();
  await db.schema.alterTable('roasted_coffee').dropColumn('batch_code_key').execute();
  await db.schema.dropIndex('green_coffee_origin_batch_code_key_uq').execute();
  await db.schema.alterTable('green_coffee').dropColumn('batch_code_key').execute();
  await db.schema
    .createIndex('green_coffee_origin_batch_code_uq')
    .on('green_coffee')
    .columns(['origin_id', 'batch_code'])
    .unique()
    .execute();
}
