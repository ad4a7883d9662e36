import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { commonMessages } from '#shared/messages.js';
import { activityMessages } from '#shared/activity-messages.js';
import { activitySentence, changeLines } from '#shared/activity-sentence.js';
import type { ActivityEntry, ActivityPage } from '#shared/schemas/activity.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/** GET /api/activity and its CSV (docs/decisions/0024-activity-log.md). */
describe.each(testDialects())('registro de actividad (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  let tecnicoId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'ana');
    tecnico = await t.signIn('tecnico', 'tomas');
    tecnicoId = (await t.db.selectFrom('users').select('id').where('username', '=', 'tomas').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const read = (query = '', cookie = admin) => t.call(cookie, { method: 'GET', url: `/api/activity${query}` });
  const origin = (cookie: string, name: string) =>
    t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name, kilos_per_bag: 60, suppliers_fincas: ['Finca'] } });

  it('is for administrators: 401 signed out, 403 for a tecnico; no route edits or deletes an entry', async () => {
    await origin(admin, 'Colombia');
    expect((await t.call(undefined, { method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
    const refused = await read('', tecnico);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(commonMessages.forbidden);
    expect((await t.call(tecnico, { method: 'GET', url: '/api/activity/export.csv' })).statusCode).toBe(403);
    const [entry] = (await read('')).json<ActivityPage>().items;
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.call(admin, { method, url: `/api/activity/${entry!.id}`, payload: method === 'PUT' ? {} : undefined });
      expect(response.statusCode).toBe(404);
    }
    expect((await read('')).json<ActivityPage>().items).toEqual([entry]);
  });

  it('lists newest first with who, what, where and the record, and filters by user, area, action and day', async () => {
    const colombia = (await origin(admin, 'Colombia')).json<{ id: number }>();
    await origin(tecnico, 'Etiopía');
    await t.call(admin, { method: 'PUT', url: `/api/coffee-origins/${colombia.id}`, payload: { name: 'Colombia Huila', kilos_per_bag: 60, suppliers_fincas: ['Finca'] } });
    await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { default_price_blend: 30 } });

    const all = (await read('')).json<ActivityPage>();
    expect(all.items.map((e) => [e.username, e.action, e.area, e.record_label])).toEqual([
      ['ana', 'update', 'settings', 'Configuración'],
      ['ana', 'update', 'coffee-origins', 'Colombia'],
      ['tomas', 'create', 'coffee-origins', 'Etiopía'],
      ['ana', 'create', 'coffee-origins', 'Colombia'],
    ]);
    expect(all.items[0]!.changes).toEqual({ default_price_blend: { before: 25, after: 30 } });
    expect(all.next_cursor).toBeNull();

    const labels = async (query: string) => (await read(query)).json<ActivityPage>().items.map((e: ActivityEntry) => e.record_label);
    expect(await labels(`?user=${tecnicoId}`)).toEqual(['Etiopía']);
    expect(await labels('?area=settings')).toEqual(['Configuración']);
    expect(await labels('?action=create&area=coffee-origins')).toEqual(['Etiopía', 'Colombia']);
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(await labels(`?from=${iso}&to=${iso}`)).toHaveLength(4);
    expect(await labels('?to=2020-01-01')).toEqual([]);
  });

  it('pages with a cursor: every entry once, in order, across pages', async () => {
    for (let i = 0; i < 7; i++) await origin(admin, `Origen ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = (await read(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((e) => e.record_label));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Origen ${6 - i}`));
  });

  it.each([
    ['an unknown area', '?area=bodega', activityMessages.invalidFilter],
    ['an unknown action', '?action=borrar', activityMessages.invalidFilter],
    ['a day that does not exist', '?from=2024-02-30', activityMessages.invalidDate],
    ['from after to', '?from=2024-03-02&to=2024-03-01', activityMessages.fromAfterTo],
    ['a malformed cursor', '?cursor=abc', activityMessages.invalidCursor],
    ['a limit of 0', '?limit=0', activityMessages.invalidFilter],
  ])('refuses %s with a 400 in Spanish', async (_name, query, message) => {
    const response = await read(query);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
  });

  it('exports the filtered log as CSV, one readable sentence per entry', async () => {
    const colombia = (await origin(admin, 'Colombia')).json<{ id: number }>();
    await t.call(admin, { method: 'PUT', url: `/api/coffee-origins/${colombia.id}`, payload: { name: 'Colombia Huila', kilos_per_bag: 69.5, suppliers_fincas: ['Finca'] } });
    const csv = await t.call(admin, { method: 'GET', url: '/api/activity/export.csv?area=coffee-origins&dialect=standard' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('"Fecha y Hora","Usuario","Acción","Área","Registro","Cambios","Descripción"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"ana editó el origen Colombia: nombre 'Colombia' → 'Colombia Huila'; kilos por saco 60 → 69.5"`);
  });

  it("logs a password-only change of a user as 'contraseña cambiada', on the screen's lines and in the CSV, never with a value", async () => {
    const password = 'otra-clave-segura-9';
    const edit = await t.call(admin, { method: 'PUT', url: `/api/users/${tecnicoId}`, payload: { username: 'tomas', full_name: 'Persona tomas', role: 'tecnico', password } });
    expect(edit.statusCode, edit.body).toBe(200);
    const [entry] = (await read('?area=users')).json<ActivityPage>().items;
    expect(entry).toMatchObject({ username: 'ana', action: 'update', record_label: 'tomas', changes: { password: { before: null, after: null } } });
    // What «Registro de Actividad» lists under the entry (activity-list.tsx).
    expect(changeLines(entry!.changes, defaultFormatter)).toEqual(['contraseña cambiada']);
    const csv = await t.call(admin, { method: 'GET', url: '/api/activity/export.csv?area=users&dialect=standard' });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"contraseña cambiada","ana editó el usuario tomas: contraseña cambiada"');
    const stored = await t.db.selectFrom('activity_log').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(/otra-clave|argon2/);
  });

  it('keeps the username of a refused sign-in only when an account has it (a password typed as the username stays out)', async () => {
    const tries = [
      { username: 'TOMAS', password: 'no-es-su-clave-1' },
      { username: 'mi-clave-secreta-77', password: 'x' },
    ];
    for (const payload of tries) expect((await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(401);
    const refused = (await read('?action=sign_in_refused')).json<ActivityPage>().items;
    expect(refused.map((e) => [e.username, e.user_id])).toEqual([
      [null, null],
      ['tomas', null],
    ]);
    expect(refused.map((e) => activitySentence(e, defaultFormatter))).toEqual([
      `Inicio de sesión rechazado para un usuario que no existe desde ${refused[0]!.record_label}`,
      `Inicio de sesión rechazado para 'tomas' desde ${refused[1]!.record_label}`,
    ]);
    const csv = await t.call(admin, { method: 'GET', url: '/api/activity/export.csv?action=sign_in_refused&dialect=standard' });
    expect(csv.body).not.toContain('mi-clave-secreta');
    expect(JSON.stringify(await t.db.selectFrom('activity_log').selectAll().execute())).not.toContain('mi-clave-secreta');
  });
});
