import type { Kysely } from 'kysely';

/**
 * The tables whose records a form edits (docs/decisions/0038-record-versions.md):
 * each row carries `version`, raised by one by every edit through the write
 * pipeline, so that an edit or delete sent from a form read at an older
 * version is refused instead of silently undoing someone else's change.
 * Existing rows start at 1, as a new row does. Numbered 0015: 0014 is the
 * name skeletons' migration of other work (Kysely orders by name).
 */
export const VERSIONED_TABLES = ['coffee_origins', 'green_coffee', 'roasted_coffee', 'blend_recipes', 'blended_coffee', 'sales', 'users'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
}
