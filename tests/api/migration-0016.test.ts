import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as forgetRefusedSignInNames } from '#server/db/migrations/0016-refused-sign-in-names.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

/**
 * Migration 0016: refused sign-ins logged by earlier releases kept whatever was
 * typed into 'Usuario', a password included; only an account's own name stays
 * (docs/decisions/0024-activity-log.md).
 */
describe.each(testDialects())('migración 0016 (%s)', (dialect) => {
  it("forgets a refused sign-in's typed name unless it is an account's, and touches no other entry", async () => {
    const database = await openTestDatabase(dialect);
    const db = database.db as Kysely<any>;
    try {
      await db
        .insertInto('users')
        .values({ username: 'ana', username_skeleton: 'ana', full_name: 'Ana', role: 'tecnico', password_hash: 'x', created_at: 0 })
        .execute();
      const entry = (action: string, username: string | null) => ({
        at: 1, user_id: null, username, action, area: 'auth', record_id: null, record_label: '127.0.0.1', changes: null,
      });
      await db
        .insertInto('activity_log')
        .values([
          entry('sign_in_refused', 'ana'),
          entry('sign_in_refused', 'mi-clave-secreta-77'),
          entry('sign_in_refused', null),
          entry('sign_in', 'ana'),
          entry('sign_out', 'alguien-borrado'),
        ])
        .execute();

      await forgetRefusedSignInNames(db);

      const rows = await db.selectFrom('activity_log').select(['action', 'username']).orderBy('id').execute();
      expect(rows).toEqual([
        { action: 'sign_in_refused', username: 'ana' },
        { action: 'sign_in_refused', username: null },
        { action: 'sign_in_refused', username: null },
        { action: 'sign_in', username: 'ana' },
        { action: 'sign_out', username: 'alguien-borrado' },
      ]);
    } finally {
      await database.close();
    }
  });
});
