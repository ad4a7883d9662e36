import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/passwords.js';
import { ConfigError } from '#server/config.js';
import type { DatabaseHandle } from '#server/db/database.js';
import { findUserByUsername } from '#server/features/users/repository.js';
import { bootstrapAdmin } from '#server/features/users/service.js';
import { openTestDatabase, testDialects } from '../helpers/test-database.js';

describe.each(testDialects())('first administrator (%s)', (dialect) => {
  let handle: DatabaseHandle;
  afterEach(() => handle.close());

  it('generates a password when none is given, only on an empty database', async () => {
    handle = await openTestDatabase(dialect);
    const created = await bootstrapAdmin(handle.db, { username: 'Jefa', password: undefined });
    expect(created?.username).toBe('Jefa');
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const row = await handle.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'jefa', role: 'administrador' });
    expect(await verifyPassword(row.password_hash, created!.generatedPassword!)).toBe(true);
    expect(await bootstrapAdmin(handle.db, { username: 'otro', password: undefined })).toBeNull();
    expect(await handle.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD when given and never echoes it', async () => {
    handle = await openTestDatabase(dialect);
    const created = await bootstrapAdmin(handle.db, { username: 'admin', password: 'una-clave-larga' });
    expect(created).toEqual({ username: 'admin' });
    const row = await handle.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'una-clave-larga')).toBe(true);
  });

  it("refuses an ADMIN_PASSWORD that breaks the password rules on an empty database, and ignores it once there are users", async () => {
    handle = await openTestDatabase(dialect);
    const settings = { username: 'admin', password: 'admin-del-cafe-2411' };
    const refusal = await bootstrapAdmin(handle.db, settings).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).problems).toEqual(['ADMIN_PASSWORD: La contraseña no puede contener el nombre de usuario.']);
    expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
    // Read only for an empty database: a shop with accounts starts (docs/decisions/0037-release-fixtures-and-upgrades.md).
    await bootstrapAdmin(handle.db, { username: 'jefa', password: 'una-clave-larga' });
    expect(await bootstrapAdmin(handle.db, settings)).toBeNull();
    expect((await handle.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['jefa']);
  });

  it('stores ADMIN_USERNAME in NFC, so a composed or decomposed accent finds the same account', async () => {
    handle = await openTestDatabase(dialect);
    await bootstrapAdmin(handle.db, { username: 'Jose\u0301', password: 'una-clave-larga' });
    const row = await handle.db.selectFrom('users').select('username').executeTakeFirstOrThrow();
    expect(row.username).toBe('jos\u00e9');
    expect((await findUserByUsername(handle.db, 'JOS\u00c9'))?.username).toBe('jos\u00e9');
    expect((await findUserByUsername(handle.db, 'jose\u0301'))?.username).toBe('jos\u00e9');
  });
});
