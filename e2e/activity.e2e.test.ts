import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { activityMessages as m } from '#shared/activity-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';
import { addUserToDatabase } from './helpers/users.js';

const shot = shooter('actividad');
const entries = (page: Page) => page.getByRole('list', { name: 'Entradas del registro' }).locator('> li');
/** Each entry as a person reads it: the sentence and, for an edit, its changed fields. */
const entryTexts = async (page: Page) =>
  entries(page).evaluateAll((items) =>
    items.map((item) => [item.querySelector('.activity-entry__sentence')?.textContent, ...[...item.querySelectorAll('.activity-entry__changes li')].map((li) => li.textContent)]),
  );
const firstEntryMeta = (page: Page) => entries(page).first().locator('.activity-entry__meta').textContent();

describe('registro de actividad', () => {
  const env = useServerAndBrowser();

  it('an administrator edits an origin, then reads the edit in the log, before → after, filters it and exports it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    const admin = env.server.adminUsername;
    await signIn(page, admin, env.server.adminPassword);
    const created = await page.request.post('/api/coffee-origins', { data: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] } });
    expect(created.status()).toBe(201);

    // The edit, on Orígenes as a person makes it.
    await page.goto('/cafe-origen');
    await page.getByRole('button', { name: 'Editar Colombia' }).click();
    await expect.poll(() => page.getByLabel('Nombre del Origen').inputValue()).toBe('Colombia');
    await page.getByLabel('Nombre del Origen').fill('Colombia Huila');
    await page.getByLabel('Kilos por Saco').fill('69.5');
    await page.getByRole('button', { name: 'Actualizar Origen' }).click();
    await expect.poll(() => waitForToast(page, 'Origen actualizado')).toBe('Origen actualizado con éxito.');

    // Reached from Configuración's admin-options card (docs/product-guide.md#reaching-new-screens).
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Configuración', exact: true }).click();
    await page.getByRole('link', { name: 'Registro de Actividad' }).click();
    await page.waitForURL(`${env.server.url}/actividad`);
    await page.getByRole('heading', { level: 1, name: 'Registro de Actividad', exact: true }).waitFor();
    await expect.poll(() => entryTexts(page)).toEqual([
      [`${admin} editó el origen Colombia:`, "nombre 'Colombia' → 'Colombia Huila'", 'kilos por saco 70 → 69.5'],
      [`${admin} creó el origen Colombia`],
      [`${admin} inició sesión desde 127.0.0.1`],
    ]);
    // dd/mm/aaaa, hh:mm and the area; the instant itself for machines.
    expect(await firstEntryMeta(page)).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · Orígenes$/);
    expect(await entries(page).first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'log-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'log-phone');
    await page.setViewportSize(DESKTOP);

    // Filters: applied together with 'Filtrar', kept in the URL, and sent to the export.
    await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Edición' });
    await page.getByLabel('Área', { exact: true }).selectOption({ label: 'Orígenes' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(`${env.server.url}/actividad?area=coffee-origins&accion=update`);
    await expect.poll(() => entries(page).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe('/api/activity/export.csv?area=coffee-origins&action=update');
    const csv = await page.request.get('/api/activity/export.csv?area=coffee-origins&action=update');
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain("nombre 'Colombia' → 'Colombia Huila'");

    // A filter with nothing logged: the empty text.
    await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Recuento' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay actividad registrada con estos filtros.');

    // The days are typed dd/mm/aaaa; a day the calendar lacks, or 'hasta' before 'desde', is refused with the API's message.
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await page.waitForURL(`${env.server.url}/actividad`);
    // The whole log again; by then the form has taken the URL's (empty) filters, which would wipe a day typed sooner.
    await expect.poll(() => entries(page).count()).toBe(3);
    await page.getByLabel('Desde', { exact: true }).fill('31/02/2024');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => alertText(page)).toBe(m.invalidDate);
    await page.getByLabel('Desde', { exact: true }).fill('02/03/2024');
    await page.getByLabel('Hasta', { exact: true }).fill('01/03/2024');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => alertText(page)).toBe('La fecha "desde" no puede ser posterior a la fecha "hasta".');
    await page.getByLabel('Hasta', { exact: true }).fill('01/03/2099');
    await page.getByLabel('Usuario', { exact: true }).selectOption({ label: `Administrador (${admin})` });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/\?usuario=\d+&desde=2024-03-02&hasta=2099-03-01$/);
    await expect.poll(() => entries(page).count()).toBe(3);
    // The URL is the filter: a reload shows it again, in the form as typed.
    await page.reload();
    await expect.poll(() => page.getByLabel('Desde', { exact: true }).inputValue()).toBe('02/03/2024');
    await expect.poll(() => entries(page).count()).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Runs after the first test, on the same server: its entries are the oldest here.
  it("shows 50 entries, then older ones with 'Cargar más' until there are none, at 390 px", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    // 55 more entries, through the API.
    for (let n = 1; n <= 55; n += 1) {
      const response = await page.request.post('/api/coffee-origins', { data: { name: `Origen ${n}`, kilos_per_bag: 60, suppliers_fincas: [`Finca ${n}`] } });
      expect(response.status()).toBe(201);
    }
    await page.goto('/actividad');
    await expect.poll(() => entries(page).count()).toBe(50);
    expect((await entryTexts(page))[0]).toEqual([`${env.server.adminUsername} creó el origen Origen 55`]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'entradas' }).textContent()).toBe('Se muestran 50 entradas.');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Cargar más' }).click();
    // Newest first, each entry once across the two pages: this test's 55 origins and sign-in, then the first test's three entries.
    const admin = env.server.adminUsername;
    await expect.poll(async () => (await entryTexts(page)).map(([sentence]) => sentence)).toEqual([
      ...Array.from({ length: 55 }, (_, index) => `${admin} creó el origen Origen ${55 - index}`),
      `${admin} inició sesión desde 127.0.0.1`,
      `${admin} editó el origen Colombia:`,
      `${admin} creó el origen Colombia`,
      `${admin} inició sesión desde 127.0.0.1`,
    ]);
    await expect.poll(() => page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'entradas' }).textContent()).toBe(`Se muestran 59 entradas. ${m.allShown}`);
    await expectNoSidewaysScroll(page);
    await shot(page, 'all-loaded-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['**/api/activity?*', '**/api/users?*'])('a failed load of %s shows the loading text, then replaces the screen with the red message and logs it', async (url) => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(url, async (route) => {
      await failing;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) });
    });
    await page.goto('/actividad');
    await expect.poll(() => page.locator('.loading-text').textContent()).toBe('Cargando actividad...');
    fail();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe('Error al cargar el registro de actividad.');
    expect(problems.some((problem) => problem.includes(m.loadError))).toBe(true);
    await context.close();
  });

  it('a tecnico who opens /actividad lands on /, and the API refuses them', async () => {
    const tecnico = { username: 'tecnico.actividad', password: 'granos-de-altura-77', fullName: 'Técnico de Turno', role: 'tecnico' as const };
    await addUserToDatabase(env.server.databaseFile, tecnico);
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, tecnico.username, tecnico.password);
    await page.goto('/actividad');
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Sistema de Gestión de Café');
    const refused = await page.request.get('/api/activity');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No tienes permisos para realizar esta acción.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
