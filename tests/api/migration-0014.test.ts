import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { originMessages } from '#shared/origin-messages.js';
import { isUniqueViolation } from '#server/db/constraint-errors.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { updateOrigin } from '#server/features/origins/service.js';
import { migrateBackTo } from '../helpers/migrate-back.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/**
 * Migration 0014 (look-alike origin and recipe names) on a database that
 * already holds look-alikes: it keeps them as they are and logs each, and
 * from then on the database refuses new ones (docs/decisions/0021).
 */
const BEFORE_0014 = '0013-roast-artisan-profiles';

describe.each(testDialects())('migración 0014 (%s)', (dialect) => {
  it('keeps existing look-alike names, logs them, and refuses new ones', async () => {
    const database = await openTestDatabase(dialect);
    const db = database.db as Kysely<any>;
    try {
      await migrateBackTo(db, BEFORE_0014);
      const insertId = async (table: string, values: Record<string, unknown>): Promise<number> =>
        ((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
      const origin = (name: string, nameKey: string) =>
        insertId('coffee_origins', { name, name_sort: nameKey, name_key: nameKey, kilos_per_bag_g: 70_000, suppliers_fincas: '["F"]', description: null });
      const colombia = await origin('Colombia', 'colombia');
      // Cyrillic о (U+043E): another name_key, so 0009 let it in.
      const cyrillic = await origin('Cоlombia', 'cоlombia');
      const brasil = await origin('Brasil', 'brasil');
      const recipe = (name: string, nameKey: string) => insertId('blend_recipes', { name, name_key: nameKey, created_at: 0, updated_at: 0 });
      const casa = await recipe('Mezcla de la Casa', 'mezcla de la casa');
      const casaCyrillic = await recipe('Mezcla de la Casа', 'mezcla de la casа');

      const warnings: string[] = [];
      await migrateToLatest(db, { warn: (message) => warnings.push(message) });

      expect(warnings).toEqual([
        `Migración 0014: el origen id ${cyrillic} «Cоlombia» se confunde a simple vista con el id ${colombia} «Colombia»; ` +
          'se conserva tal cual, y al guardarlo de nuevo habrá que cambiarle el nombre.',
        `Migración 0014: la receta id ${casaCyrillic} «Mezcla de la Casа» se confunde a simple vista con el id ${casa} «Mezcla de la Casa»; ` +
          'se conserva tal cual, y al guardarlo de nuevo habrá que cambiarle el nombre.',
      ]);
      const rows = async (table: string) => db.selectFrom(table).select(['id', 'name', 'name_skeleton']).orderBy('id').execute();
      expect(await rows('coffee_origins')).toEqual([
        { id: colombia, name: 'Colombia', name_skeleton: 'colornbla' },
        { id: cyrillic, name: 'Cоlombia', name_skeleton: null },
        { id: brasil, name: 'Brasil', name_skeleton: 'brasll' },
      ]);
      expect((await rows('blend_recipes')).map((row) => [row.id, row.name_skeleton])).toEqual([[casa, 'rnezcla de la casa'], [casaCyrillic, null]]);

      // The database now refuses a third look-alike itself.
      const refused = async (write: Promise<unknown>) => expect(await write.then(() => 'escrito', (error: unknown) => error)).toSatisfy(isUniqueViolation);
      await refused(db.insertInto('coffee_origins').values({ name: 'COLОMBIA', name_sort: 'x', name_key: 'x', name_skeleton: 'colornbla', kilos_per_bag_g: 1, suppliers_fincas: '["F"]', description: null }).execute());
      // Saving the kept look-alike asks for another name; the first keeps being editable.
      const body = { kilos_per_bag: 60, suppliers_fincas: ['F'], description: null };
      await expect(updateOrigin(db, cyrillic, { ...body, name: 'Cоlombia' })).rejects.toMatchObject({ message: originMessages.duplicateName('Colombia') });
      await expect(updateOrigin(db, colombia, { ...body, name: 'Colombia' })).resolves.toMatchObject({ name: 'Colombia' });
      await expect(updateOrigin(db, cyrillic, { ...body, name: 'Colombia Huila' })).resolves.toMatchObject({ name: 'Colombia Huila' });
    } finally {
      await database.close();
    }
  });
});
