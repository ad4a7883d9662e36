import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/passwords.js';
import type { DialectName } from '#server/db/dialect.js';
import { deleteUserKeepingAnAdministrator, updateUserKeepingAnAdministrator } from '#server/features/users/repository.js';
import { createUser, deleteUser, updateUser } from '#server/features/users/service.js';
import { AppError } from '#server/errors.js';
import { COMMON_PASSWORDS } from '#shared/common-passwords.js';
import { commonMessages } from '#shared/messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { User } from '#shared/schemas/auth.js';
import { createTestApp, errorOf, loginCookie, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const GOOD_PASSWORD = 'tueste-medio-2024';

interface NewUser {
  username?: unknown;
  password?: unknown;
  full_name?: unknown;
  role?: unknown;
}

const validUser = (username: string, extra: NewUser = {}): NewUser => ({
  username,
  password: GOOD_PASSWORD,
  full_name: `Nombre de ${username}`,
  ...extra,
});

/** Every route of the area, to prove the guard covers them all. */
const ROUTES = [
  { method: 'GET', url: '/api/users' },
  { method: 'POST', url: '/api/users', payload: validUser('nadie') },
  { method: 'PUT', url: '/api/users/1', payload: { full_name: 'X', role: 'tecnico' } },
  { method: 'DELETE', url: '/api/users/1' },
] as const;

describe.each(testDialects())('gestión de usuarios (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminUser: User;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'jefa');
    adminUser = (await t.call(admin, { method: 'GET', url: '/api/auth/me' })).json<{ user: User }>().user;
  });
  afterAll(() => t.close());

  const create = (cookie: string, body: NewUser) => t.call(cookie, { method: 'POST', url: '/api/users', payload: body });
  const update = (cookie: string, id: number, body: NewUser) => t.call(cookie, { method: 'PUT', url: `/api/users/${id}`, payload: body });
  const remove = (cookie: string, id: number) => t.call(cookie, { method: 'DELETE', url: `/api/users/${id}` });
  const me = (cookie: string) => t.call(cookie, { method: 'GET', url: '/api/auth/me' });
  const createOk = async (body: NewUser): Promise<User> => {
    const response = await create(admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<User>();
  };
  const userRow = (username: string) => t.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  describe('roles', () => {
    it('answers 401 without a session on every route', async () => {
      for (const route of ROUTES) {
        const response = await t.call(undefined, route);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(errorOf(response).code).toBe('unauthenticated');
      }
    });

    it('refuses a tecnico on every route with the permissions message, changing nothing', async () => {
      const tecnico = await t.signIn('tecnico', 'tec-roles');
      const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
      for (const route of ROUTES) {
        const response = await t.call(tecnico, route);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(errorOf(response)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
      }
      // docs/product-guide.md#roles-and-permissions, copied literally so a typo in messages.ts is caught.
      expect(commonMessages.forbidden).toBe('No tienes permisos para realizar esta acción.');
      expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
    });

    it('lets an administrator list, create, update and delete (200/201/200/204)', async () => {
      expect((await t.call(admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
      const created = await createOk(validUser('ciclo'));
      expect((await update(admin, created.id, { full_name: 'Ciclo Completo', role: 'tecnico' })).statusCode).toBe(200);
      expect((await remove(admin, created.id)).statusCode).toBe(204);
    });
  });

  describe('list', () => {
    it('pages the users in the order they were added and never exposes a hash', async () => {
      await createOk(validUser('lista-a'));
      await createOk(validUser('lista-b'));
      const all = await t.call(admin, { method: 'GET', url: '/api/users?limit=500' });
      expect(all.statusCode).toBe(200);
      const page = all.json<{ items: User[]; total: number; limit: number; offset: number }>();
      expect(page.total).toBe(Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
      expect(page.items).toHaveLength(page.total);
      expect(page.items.map((u) => u.id)).toEqual([...page.items.map((u) => u.id)].sort((a, b) => a - b));
      for (const item of page.items) expect(Object.keys(item).sort()).toEqual(['full_name', 'id', 'role', 'username', 'version']);
      expect(all.body).not.toMatch(/argon2|password/);

      const second = await t.call(admin, { method: 'GET', url: '/api/users?limit=1&offset=1' });
      expect(second.json()).toEqual({ items: [page.items[1]], total: page.total, limit: 1, offset: 1 });
    });

    it('rejects a bad page size with a 400', async () => {
      const response = await t.call(admin, { method: 'GET', url: '/api/users?limit=0' });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('create', () => {
    it('creates a tecnico by default, lower-cases the username and lets them sign in', async () => {
      const response = await create(admin, { username: '  Carmen ', password: GOOD_PASSWORD, full_name: ' Carmen Ruiz ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(Number), version: 1, username: 'carmen', full_name: 'Carmen Ruiz', role: 'tecnico' });
      const row = await userRow('carmen');
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row!.password_hash, GOOD_PASSWORD)).toBe(true);
      const cookie = await loginCookie(t.app, 'CARMEN', GOOD_PASSWORD);
      expect((await me(cookie)).json()).toMatchObject({ user: { username: 'carmen', role: 'tecnico' } });
    });

    it('creates an administrator when asked', async () => {
      const user = await createOk(validUser('segunda-jefa', { role: 'administrador' }));
      expect(user.role).toBe('administrador');
    });

    it("answers 'Por favor, completa todos los campos.' when any field is missing or blank", async () => {
      const cases: NewUser[] = [
        {},
        { password: GOOD_PASSWORD, full_name: 'Sin Usuario' },
        { username: 'sinclave', full_name: 'Sin Clave' },
        { username: 'sinnombre', password: GOOD_PASSWORD },
        { username: '   ', password: GOOD_PASSWORD, full_name: 'Usuario en blanco' },
        { username: 'nombreblanco', password: GOOD_PASSWORD, full_name: '  ' },
        { username: 'clavevacia', password: '', full_name: 'Clave vacía' },
        { username: 'claveblanca', password: '         ', full_name: 'Clave de espacios' },
        { username: 42, password: GOOD_PASSWORD, full_name: 'No es texto' },
        // Required comes first even when another rule also fails (docs/product-guide.md#user).
        { username: 'corta', password: 'abc', full_name: '' },
      ];
      for (const body of cases) {
        const response = await create(admin, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(response)).toEqual({ code: 'validation', message: userMessages.required });
      }
      expect(userMessages.required).toBe('Por favor, completa todos los campos.');
      for (const payload of ['null', '[]', '"texto"']) {
        const response = await t.call(admin, { method: 'POST', url: '/api/users', payload, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, payload).toBe(400);
        expect(errorOf(response).message, payload).toBe(userMessages.required);
      }
    });

    it('rejects an unknown role and over-long names', async () => {
      const role = await create(admin, validUser('rolraro', { role: 'jefe' }));
      expect(role.statusCode).toBe(400);
      expect(errorOf(role).message).toBe(userMessages.invalidRole);
      const longUser = await create(admin, validUser('u'.repeat(101)));
      expect(errorOf(longUser).message).toBe(userMessages.usernameTooLong);
      const longName = await create(admin, validUser('nombrelargo', { full_name: 'n'.repeat(201) }));
      expect(errorOf(longName).message).toBe(userMessages.fullNameTooLong);
      expect((await create(admin, validUser('u'.repeat(100), { full_name: 'n'.repeat(200) }))).statusCode).toBe(201);
    });

    it('accepts passwords of 8 to 128 characters and refuses the rest', async () => {
      const short = await create(admin, validUser('clave7', { password: 'ab1$cd2' }));
      expect(short.statusCode).toBe(400);
      expect(errorOf(short).message).toBe(userMessages.passwordTooShort);
      const long = await create(admin, validUser('clave129', { password: 'x'.repeat(120) + 'tostado1!' }));
      expect(errorOf(long).message).toBe(userMessages.passwordTooLong);
      expect((await create(admin, validUser('clave8', { password: 'ab1$cd2e' }))).statusCode).toBe(201);
      expect((await create(admin, validUser('clave128', { password: 'x'.repeat(119) + 'tostado1!' }))).statusCode).toBe(201);
      // Characters, not UTF-16 units: seven emoji are seven characters.
      const emoji = await create(admin, validUser('emoji', { password: '☕'.repeat(7) }));
      expect(errorOf(emoji).message).toBe(userMessages.passwordTooShort);
    });

    it('refuses the most common passwords whatever their case, and the username as password', async () => {
      expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
      for (const password of ['password123', 'PassWord123', 'QWERTY123', 'Contraseña123', '12345678', 'cafe1234']) {
        const response = await create(admin, validUser('comun', { password }));
        expect(response.statusCode, password).toBe(400);
        expect(errorOf(response).message, password).toBe(userMessages.passwordTooCommon);
      }
      const same = await create(admin, validUser('tostador-jefe', { password: 'Tostador-Jefe' }));
      expect(errorOf(same).message).toBe(userMessages.passwordContainsUsername);
      expect(await userRow('comun')).toBeUndefined();
    });

    it('refuses a password that contains the username, whatever the case, writing nothing', async () => {
      for (const [username, password] of [
        ['adm2', 'adm2adm2'],
        ['adm2', 'mi-ADM2-clave'],
        ['Lucía', 'cafe-lucía-2024'],
        ['bea', 'xx-BEA-yy-99'],
      ] as const) {
        const response = await create(admin, validUser(username, { password }));
        expect(response.statusCode, password).toBe(400);
        expect(errorOf(response), password).toEqual({ code: 'validation', message: userMessages.passwordContainsUsername });
        expect(await userRow(username.toLowerCase()), username).toBeUndefined();
      }
      expect(errorOf(await create(admin, validUser('adm2', { password: 'adm2adm2' }))).message).toBe(
        'La contraseña no puede contener el nombre de usuario.',
      );
      // A two-letter username sits inside too many words to forbid them all.
      expect((await create(admin, validUser('jo', { password: 'trabajo-de-tueste' }))).statusCode).toBe(201);
      expect((await create(admin, validUser('adm3', { password: 'adm2adm2-tueste' }))).statusCode).toBe(201);
    });

    it('keeps usernames unique whatever their case (409)', async () => {
      await createOk(validUser('lucia'));
      const again = await create(admin, validUser('LUCIA'));
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({ code: 'duplicate', message: userMessages.duplicateUsername });
    });

    it('lets the unique index decide between two concurrent creates of the same name', async () => {
      const responses = await Promise.all([create(admin, validUser('Rosa')), create(admin, validUser('ROSA'))]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(errorOf(responses.find((r) => r.statusCode === 409)!).message).toBe(userMessages.duplicateUsername);
      const rows = await t.db.selectFrom('users').select('id').where('username', '=', 'rosa').execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('update', () => {
    it('changes full name, role and username, keeping usernames unique', async () => {
      const user = await createOk(validUser('pablo'));
      const response = await update(admin, user.id, { username: 'Pablo.Gil', full_name: 'Pablo Gil', role: 'administrador' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: user.id, version: 2, username: 'pablo.gil', full_name: 'Pablo Gil', role: 'administrador' });
      await loginCookie(t.app, 'pablo.gil', GOOD_PASSWORD);

      await createOk(validUser('ocupado'));
      const taken = await update(admin, user.id, { username: 'OCUPADO', full_name: 'Pablo Gil', role: 'administrador' });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).message).toBe(userMessages.duplicateUsername);
      expect((await userRow('pablo.gil'))?.id).toBe(user.id);
    });

    it('keeps the password when it is left blank or absent, and checks a new one', async () => {
      const user = await createOk(validUser('marta'));
      expect((await update(admin, user.id, { username: 'marta', password: '', full_name: 'Marta A', role: 'tecnico' })).statusCode).toBe(200);
      expect((await update(admin, user.id, { full_name: 'Marta B', role: 'tecnico' })).statusCode).toBe(200);
      await loginCookie(t.app, 'marta', GOOD_PASSWORD);

      const weak = await update(admin, user.id, { password: 'Password1', full_name: 'Marta', role: 'tecnico' });
      expect(weak.statusCode).toBe(400);
      expect(errorOf(weak).message).toBe(userMessages.passwordTooCommon);
      const short = await update(admin, user.id, { password: 'corta', full_name: 'Marta', role: 'tecnico' });
      expect(errorOf(short).message).toBe(userMessages.passwordTooShort);

      expect((await update(admin, user.id, { password: 'molienda-fina-77', full_name: 'Marta', role: 'tecnico' })).statusCode).toBe(200);
      await loginCookie(t.app, 'marta', 'molienda-fina-77');
      const old = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'marta', password: GOOD_PASSWORD } });
      expect(old.statusCode).toBe(401);
    });

    it('refuses a new password containing the stored username when the body carries no username', async () => {
      const user = await createOk(validUser('Barista-Mayor'));
      for (const password of ['BARISTA-MAYOR', 'soy-barista-mayor-1']) {
        const same = await update(admin, user.id, { password, full_name: 'X', role: 'tecnico' });
        expect(same.statusCode, password).toBe(400);
        expect(errorOf(same), password).toEqual({ code: 'validation', message: userMessages.passwordContainsUsername });
      }
      // Nothing changed: the old password still signs in.
      await loginCookie(t.app, 'barista-mayor', GOOD_PASSWORD);
      // Renamed in the same request, the new username is the one compared.
      const renamed = await update(admin, user.id, { username: 'barista-menor', password: 'barista-mayor', full_name: 'X', role: 'tecnico' });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });

    it("answers 'Por favor, completa todos los campos.' for a missing full name or role", async () => {
      const user = await createOk(validUser('incompleto'));
      const bodies = [
        { role: 'tecnico' },
        { full_name: 'X' },
        { username: '', full_name: 'X', role: 'tecnico' },
        { full_name: ' ', role: 'tecnico' },
        { password: '          ', full_name: 'X', role: 'tecnico' },
      ];
      for (const body of bodies) {
        const response = await update(admin, user.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(response).message).toBe(userMessages.required);
      }
    });

    it('answers 404 for a user that does not exist', async () => {
      const response = await update(admin, 999_999, { full_name: 'Nadie', role: 'tecnico' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: userMessages.notFound });
    });

    it('rejects a malformed id with a 400', async () => {
      expect((await update(admin, 'abc' as unknown as number, { full_name: 'X', role: 'tecnico' })).statusCode).toBe(400);
      expect((await remove(admin, -1)).statusCode).toBe(400);
    });
  });

  describe('sessions end when rights change', () => {
    it('a new password ends the user’s open sessions at once', async () => {
      const user = await createOk(validUser('sesion-clave'));
      const cookie = await loginCookie(t.app, 'sesion-clave', GOOD_PASSWORD);
      expect((await me(cookie)).statusCode).toBe(200);
      await update(admin, user.id, { password: 'nueva-clave-segura', full_name: 'X', role: 'tecnico' });
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('a new password ends every open session of another user', async () => {
      const user = await createOk(validUser('dos-sesiones'));
      const first = await loginCookie(t.app, 'dos-sesiones', GOOD_PASSWORD);
      const second = await loginCookie(t.app, 'dos-sesiones', GOOD_PASSWORD);
      expect((await update(admin, user.id, { password: 'nueva-clave-segura', full_name: 'X', role: 'tecnico' })).statusCode).toBe(200);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(admin)).statusCode).toBe(200);
    });

    it('an administrator who changes their own password stays signed in there; their other sessions end', async () => {
      const self = await createOk(validUser('auto-clave', { role: 'administrador' }));
      const here = await loginCookie(t.app, 'auto-clave', GOOD_PASSWORD);
      const elsewhere = await loginCookie(t.app, 'auto-clave', GOOD_PASSWORD);
      const response = await update(here, self.id, { password: 'otra-clave-propia', full_name: 'Auto Clave', role: 'administrador' });
      expect(response.statusCode, response.body).toBe(200);
      expect((await me(here)).json()).toMatchObject({ user: { id: self.id, full_name: 'Auto Clave' } });
      expect((await t.call(here, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', self.id).execute()).toHaveLength(1);
      await loginCookie(t.app, 'auto-clave', 'otra-clave-propia');
    });

    it('a new role ends the sessions; a name change alone does not', async () => {
      const user = await createOk(validUser('sesion-rol'));
      const cookie = await loginCookie(t.app, 'sesion-rol', GOOD_PASSWORD);
      await update(admin, user.id, { full_name: 'Otro Nombre', role: 'tecnico' });
      expect((await me(cookie)).json()).toMatchObject({ user: { full_name: 'Otro Nombre' } });
      await update(admin, user.id, { full_name: 'Otro Nombre', role: 'administrador' });
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it("a deleted user's cookie stops working and they cannot sign in again", async () => {
      const user = await createOk(validUser('borrada'));
      const cookie = await loginCookie(t.app, 'borrada', GOOD_PASSWORD);
      const response = await remove(admin, user.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await me(cookie)).statusCode).toBe(401);
      const login = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'borrada', password: GOOD_PASSWORD } });
      expect(login.statusCode).toBe(401);
      expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('a demoted administrator loses the admin routes immediately', async () => {
      const other = await createOk(validUser('ex-jefe', { role: 'administrador' }));
      const cookie = await loginCookie(t.app, 'ex-jefe', GOOD_PASSWORD);
      expect((await t.call(cookie, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
      expect((await update(admin, other.id, { full_name: 'Ex Jefe', role: 'tecnico' })).statusCode).toBe(200);
      // The very next call with the old cookie is refused…
      const sameCookie = await t.call(cookie, { method: 'GET', url: '/api/users' });
      expect(sameCookie.statusCode).toBe(401);
      // …and a fresh sign-in only gets a tecnico's rights.
      const fresh = await loginCookie(t.app, 'ex-jefe', GOOD_PASSWORD);
      const denied = await t.call(fresh, { method: 'GET', url: '/api/users' });
      expect(denied.statusCode).toBe(403);
      expect(errorOf(denied).message).toBe(commonMessages.forbidden);
    });
  });

  describe('delete', () => {
    it('deletes a user (gone from the list) and answers 404 the second time', async () => {
      const user = await createOk(validUser('adios'));
      expect((await remove(admin, user.id)).statusCode).toBe(204);
      const list = await t.call(admin, { method: 'GET', url: '/api/users?limit=500' });
      expect(list.json<{ items: User[] }>().items.map((u) => u.id)).not.toContain(user.id);
      const again = await remove(admin, user.id);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).message).toBe(userMessages.notFound);
    });
  });

  describe('administrators protect themselves and the last administrator', () => {
    it('an administrator cannot delete themselves', async () => {
      const response = await remove(admin, adminUser.id);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'conflict', message: userMessages.cannotDeleteSelf });
      expect((await me(admin)).statusCode).toBe(200);
    });

    it('an administrator cannot demote themselves, but may rename themselves', async () => {
      const demote = await update(admin, adminUser.id, { full_name: 'Jefa', role: 'tecnico' });
      expect(demote.statusCode).toBe(409);
      expect(errorOf(demote).message).toBe(userMessages.cannotDemoteSelf);
      expect((await userRow('jefa'))?.role).toBe('administrador');
      const rename = await update(admin, adminUser.id, { full_name: 'Jefa de Tueste', role: 'administrador' });
      expect(rename.statusCode).toBe(200);
      expect((await me(admin)).json()).toMatchObject({ user: { full_name: 'Jefa de Tueste', role: 'administrador' } });
    });
  });
});

/** Races need a database holding exactly the administrators each test makes. */
describe.each(testDialects())('último administrador (%s)', (dialect: DialectName) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const admins = () => t.db.selectFrom('users').select('id').where('role', '=', 'administrador').execute();
  const userOf = async (username: string): Promise<User> =>
    t.db.selectFrom('users').select(['id', 'username', 'full_name', 'role']).where('username', '=', username).executeTakeFirstOrThrow();
  /** Leaves exactly two administrators, a and b, and returns them. */
  const twoAdmins = async (round: number) => {
    await t.db.deleteFrom('users').execute();
    const a = await t.signIn('administrador', `a${round}`);
    const b = await t.signIn('administrador', `b${round}`);
    return { a, b, userA: await userOf(`a${round}`), userB: await userOf(`b${round}`) };
  };

  it('an actor who is no longer an administrator writes nothing: the role is read inside the write', async () => {
    await t.db.deleteFrom('users').execute();
    await t.signIn('administrador', 'unica');
    const only = await userOf('unica');
    // A session racing its own deletion: the guard let the request in, the row is gone by the write.
    const actor: User = { id: only.id + 1000, username: 'otra', full_name: 'Otra', role: 'administrador' };
    const forbidden = { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' };
    await expect(updateUser(t.db, actor, only.id, { full_name: 'Única', role: 'tecnico' })).rejects.toMatchObject(forbidden);
    await expect(deleteUser(t.db, actor, only.id)).rejects.toMatchObject({ code: 'forbidden', message: commonMessages.forbidden });
    await expect(createUser(t.db, actor, { username: 'intrusa', password: 'tueste-lento-2026', full_name: 'Intrusa', role: 'administrador' }))
      .rejects.toMatchObject(forbidden);
    expect(await admins()).toEqual([{ id: only.id }]);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'intrusa').execute()).toEqual([]);
    // Its session survives the refused change (the transaction rolled back).
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', only.id).execute()).toHaveLength(1);
  });

  it('the last administrator can be neither demoted nor deleted: the statement itself refuses', async () => {
    await t.db.deleteFrom('users').execute();
    await t.signIn('administrador', 'unica');
    const only = await userOf('unica');
    expect(await updateUserKeepingAnAdministrator(t.db, only.id, { full_name: 'Única', role: 'tecnico' })).toBe(false);
    expect(await deleteUserKeepingAnAdministrator(t.db, only.id)).toBe(false);
    expect(await admins()).toEqual([{ id: only.id }]);
  });

  it('two administrators demoting each other at once leave exactly one (API)', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, userA, userB } = await twoAdmins(round);
      const responses = await Promise.all([
        t.call(a, { method: 'PUT', url: `/api/users/${userB.id}`, payload: { full_name: 'B', role: 'tecnico' } }),
        t.call(b, { method: 'PUT', url: `/api/users/${userA.id}`, payload: { full_name: 'A', role: 'tecnico' } }),
      ]);
      expect(await admins()).toHaveLength(1);
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is no longer an administrator when its write runs (its role is
      // read inside the transaction), or the winner ended its session first (guard).
      expect([401, 403]).toContain(statuses[1]);
      const loser = responses.find((r) => r.statusCode !== 200)!;
      if (loser.statusCode === 403) expect(errorOf(loser).message).toBe(commonMessages.forbidden);
    }
  });

  it('two concurrent demotions inside the service leave exactly one administrator', async () => {
    for (let round = 10; round < 15; round++) {
      const { userA, userB } = await twoAdmins(round);
      const results = await Promise.allSettled([
        updateUser(t.db, userA, userB.id, { full_name: 'B', role: 'tecnico' }),
        updateUser(t.db, userB, userA.id, { full_name: 'A', role: 'tecnico' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(AppError);
      // The second one runs after the first demoted its actor: refused as a non-administrator.
      expect((rejected.reason as AppError).message).toBe(commonMessages.forbidden);
      expect(await admins()).toHaveLength(1);
    }
  });

  it('two concurrent deletions of each other leave exactly one administrator', async () => {
    for (let round = 20; round < 25; round++) {
      const { userA, userB } = await twoAdmins(round);
      const results = await Promise.allSettled([deleteUser(t.db, userA, userB.id), deleteUser(t.db, userB, userA.id)]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await admins()).toHaveLength(1);
    }
  });
});
