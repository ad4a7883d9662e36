import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '#server/db/constraint-errors.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { migrateBackTo } from '../helpers/migrate-back.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/**
 * Migration 0009 (one origin per name, text keys and confusable skeletons) on
 * a database written before it, with rows that now clash: it neither stops
 * silently nor merges them; it renames the later ones (by id) with a visible
 * suffix and logs each rename.
 */
const BEFORE_0009 = '0008-sales-totals';
/** The lot-code key as migration 0004 computed it (case and spaces only): what such a database holds. */
const keyBefore0009 = (code: string) => code.normalize('NFC').trim().toUpperCase();

describe.each(testDialects())('migración 0009 (%s)', (dialect) => {
  it('renames the later of each group of clashing names, codes and usernames, says so in the log, then enforces them', async () => {
    const database = await openTestDatabase(dialect);
    const db = database.db as Kysely<any>;
    try {
      await migrateBackTo(db, BEFORE_0009);
      const insertId = async (table: string, values: Record<string, unknown>): Promise<number> =>
        ((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
      const origin = (name: string) =>
        insertId('coffee_origins', { name, name_sort: name.toLowerCase(), kilos_per_bag_g: 70_000, suppliers_fincas: '["F"]', description: null });
      const colombia = await origin('Colombia');
      const colombiaSpaced = await origin('colombia ');
      const colombiaAccent = await origin('COLÓMBIA');
      const colombia2 = await origin('Colombia (2)');
      const brasil = await origin('Brasil');

      const user = (username: string) => insertId('users', { username, full_name: 'Persona', role: 'tecnico', password_hash: 'x', created_at: 0 });
      const admin = await user('admin');
      const cyrillic = await user('аdmin');
      const fullWidth = await user('ａｄｍｉｎ');
      const straße = await user('straße');

      const green = (originId: number, code: string) =>
        insertId('green_coffee', {
          origin_id: originId, supplier_finca: 'F', quantity_g: 1000, stock_g: 0, unit_price_cents: 100, entry_date: '2024-01-10',
          batch_code: code, batch_code_key: keyBefore0009(code),
        });
      const gc = await green(colombia, 'GC-001');
      const gcWide = await green(colombia, 'ＧＣ-001');
      const gcLetters = await green(colombia, 'GC-OO1');
      const gcOtherOrigin = await green(brasil, 'GC-OO1');

      const roast = (code: string) =>
        insertId('roasted_coffee', {
          green_coffee_id: gc, quantity_green_g: 100, resultant_g: 80, stock_g: 0, roast_type: 'Medio', roast_date: '2024-01-11',
          batch_code: code, batch_code_key: keyBefore0009(code), created_at: 0,
        });
      const r1 = await roast('R-1');
      const rl = await roast('R-l');

      const blend = (code: string) =>
        insertId('blended_coffee', {
          name: 'Mezcla', total_quantity_g: 100, stock_g: 0, creation_date: '2024-01-12', batch_code: code, batch_code_key: keyBefore0009(code),
          recipe_id: null, created_at: 0, updated_at: 0,
        });
      const b10 = await blend('B-10');
      const blO = await blend('B-lO');

      const recipe = (name: string, nameKey: string) => insertId('blend_recipes', { name, name_key: nameKey, created_at: 0, updated_at: 0 });
      const casa = await recipe('Mezcla Casa', 'mezcla casa');
      const casaWide = await recipe('ＭＥＺＣＬＡ Casa', 'ｍｅｚｃｌａ casa');

      const warnings: string[] = [];
      await migrateToLatest(db, { warn: (message) => warnings.push(message) });

      const column = async (table: string, name: string) =>
        (await db.selectFrom(table).select(['id', name]).orderBy('id').execute()).map((row) => [row.id, row[name]]);
      expect(await column('coffee_origins', 'name')).toEqual([
        [colombia, 'Colombia'], [colombiaSpaced, 'colombia (3)'], [colombiaAccent, 'COLÓMBIA (4)'], [colombia2, 'Colombia (2)'], [brasil, 'Brasil'],
      ]);
      expect(await column('users', 'username')).toEqual([[admin, 'admin'], [cyrillic, 'аdmin (2)'], [fullWidth, 'admin (3)'], [straße, 'strasse']]);
      expect(await column('green_coffee', 'batch_code')).toEqual([
        [gc, 'GC-001'], [gcWide, 'ＧＣ-001 (2)'], [gcLetters, 'GC-OO1 (3)'], [gcOtherOrigin, 'GC-OO1'],
      ]);
      expect(await column('roasted_coffee', 'batch_code')).toEqual([[r1, 'R-1'], [rl, 'R-l (2)']]);
      expect(await column('blended_coffee', 'batch_code')).toEqual([[b10, 'B-10'], [blO, 'B-lO (2)']]);
      expect(await column('blend_recipes', 'name')).toEqual([[casa, 'Mezcla Casa'], [casaWide, 'ＭＥＺＣＬＡ Casa (2)']]);

      expect(warnings).toEqual([
        `Migración 0009: el origen id ${colombiaSpaced} «colombia » se confunde con el id ${colombia} «Colombia»; ahora se llama «colombia (3)».`,
        `Migración 0009: el origen id ${colombiaAccent} «COLÓMBIA» se confunde con el id ${colombia} «Colombia»; ahora se llama «COLÓMBIA (4)».`,
        `Migración 0009: el usuario id ${cyrillic} «аdmin» se confunde con el id ${admin} «admin»; ahora se llama «аdmin (2)».`,
        `Migración 0009: el usuario id ${fullWidth} «ａｄｍｉｎ» se confunde con el id ${admin} «admin»; ahora se llama «admin (3)».`,
        `Migración 0009: el usuario id ${straße} «straße» se llama ahora «strasse» (nombres de usuario comparados tras NFKC y plegado de mayúsculas).`,
        `Migración 0009: la receta id ${casaWide} «ＭＥＺＣＬＡ Casa» se confunde con el id ${casa} «Mezcla Casa»; ahora se llama «ＭＥＺＣＬＡ Casa (2)».`,
        `Migración 0009: el lote de café verde id ${gcWide} «ＧＣ-001» se confunde con el id ${gc} «GC-001»; ahora se llama «ＧＣ-001 (2)».`,
        `Migración 0009: el lote de café verde id ${gcLetters} «GC-OO1» se confunde con el id ${gc} «GC-001»; ahora se llama «GC-OO1 (3)».`,
        `Migración 0009: el lote de café tostado id ${rl} «R-l» se confunde con el id ${r1} «R-1»; ahora se llama «R-l (2)».`,
        `Migración 0009: la mezcla id ${blO} «B-lO» se confunde con el id ${b10} «B-10»; ahora se llama «B-lO (2)».`,
      ]);

      // From now on the database refuses them itself.
      const refused = async (write: Promise<unknown>) => expect(await write.then(() => 'escrito', (error: unknown) => error)).toSatisfy(isUniqueViolation);
      const row = await db.selectFrom('coffee_origins').selectAll().where('id', '=', colombia).executeTakeFirstOrThrow();
      await refused(db.insertInto('coffee_origins').values({ ...row, id: undefined }).execute());
      const userRow = await db.selectFrom('users').selectAll().where('id', '=', admin).executeTakeFirstOrThrow();
      await refused(db.insertInto('users').values({ ...userRow, id: undefined, username: 'otro' }).execute());
      const lot = await db.selectFrom('green_coffee').selectAll().where('id', '=', gc).executeTakeFirstOrThrow();
      await refused(db.insertInto('green_coffee').values({ ...lot, id: undefined, batch_code_key: 'OTRO' }).execute());
    } finally {
      await database.close();
    }
  });

  it('a database without clashes migrates without a word', async () => {
    const warn = vi.spyOn(console, 'warn');
    const database = await openTestDatabase(dialect);
    try {
      await migrateBackTo(database.db, BEFORE_0009);
      await database.db.insertInto('coffee_origins').values({ name: 'Kenia', name_sort: 'kenia', kilos_per_bag_g: 60_000, suppliers_fincas: '["F"]', description: null }).execute();
      await migrateToLatest(database.db);
      expect(warn).not.toHaveBeenCalled();
      expect(await database.db.selectFrom('coffee_origins').select(['name', 'name_key']).execute()).toEqual([{ name: 'Kenia', name_key: 'kenia' }]);
    } finally {
      warn.mockRestore();
      await database.close();
    }
  });
});
