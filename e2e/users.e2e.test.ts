import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userMessages } from '#shared/user-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const TECNICO = { username: 'tecnico.e2e', password: 'granos-de-altura-58', fullName: 'Técnica de Prueba' };

const shot = shooter('users');
const row = (page: Page, username: string) => page.locator('table.data-table tbody tr', { has: page.getByRole('cell', { name: username, exact: true }) });

describe('gestión de usuarios', () => {
  const env = useServerAndBrowser();

  it('an administrator adds, edits and deletes users with the Spanish texts', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.goto('/gestion-usuarios');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gestión de Usuarios');
    await page.getByRole('link', { name: 'Inicio' }).first().waitFor();
    await row(page, 'admin').waitFor();

    // docs/product-guide.md#user: every field is required, first check.
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa todos los campos.');

    // Role select defaults to tecnico; a common password is refused before any request.
    await expect.poll(() => page.getByLabel('Rol').inputValue()).toBe('tecnico');
    await page.getByLabel('Nombre de usuario').fill(TECNICO.username);
    await page.getByLabel('Contraseña').fill('Password123');
    await page.getByLabel('Nombre completo').fill(TECNICO.fullName);
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect.poll(() => alertText(page)).toBe(userMessages.passwordTooCommon);

    await page.getByLabel('Contraseña').fill(TECNICO.password);
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect.poll(() => waitForToast(page, 'Usuario agregado')).toBe('Usuario agregado con éxito.');
    await row(page, TECNICO.username).waitFor();
    await expect.poll(() => row(page, TECNICO.username).locator('td').allTextContents()).toEqual([TECNICO.username, TECNICO.fullName, 'Técnico', '']);
    // The form is clean again.
    await expect.poll(() => page.getByLabel('Nombre de usuario').inputValue()).toBe('');

    // The same name in other letters case is taken (409 from the server, shown in the form).
    await page.getByLabel('Nombre de usuario').fill('TECNICO.E2E');
    await page.getByLabel('Contraseña').fill(TECNICO.password);
    await page.getByLabel('Nombre completo').fill('Otra Persona');
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect.poll(() => alertText(page)).toBe(userMessages.duplicateUsername);

    // An administrator to edit: after an update the form returns to add mode with role tecnico (docs/product-guide.md#gestion-de-usuarios).
    await page.getByLabel('Nombre de usuario').fill('ayudante');
    await page.getByLabel('Nombre completo').fill('Ayudante Jefe');
    await page.getByLabel('Rol').selectOption('administrador');
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    await waitForToast(page, 'Usuario agregado');
    await row(page, 'ayudante').waitFor();

    await page.getByRole('button', { name: 'Editar ayudante' }).click();
    await page.getByRole('heading', { name: 'Editar Usuario' }).waitFor();
    await expect.poll(() => page.getByLabel('Rol').inputValue()).toBe('administrador');
    await expect.poll(() => page.getByLabel('Contraseña').inputValue()).toBe('');
    await page.getByText('Dejar en blanco para no cambiarla.').waitFor();
    await page.getByLabel('Nombre completo').fill('Ayudante de Tueste');
    await shot(page, 'edit-desktop');
    await page.getByRole('button', { name: 'Actualizar Usuario' }).click();
    await expect.poll(() => waitForToast(page, 'Usuario actualizado')).toBe('Usuario actualizado con éxito.');
    await page.getByRole('heading', { name: 'Agregar Usuario' }).waitFor();
    await expect.poll(() => page.getByLabel('Rol').inputValue()).toBe('tecnico');
    await expect.poll(() => page.getByLabel('Nombre de usuario').inputValue()).toBe('');
    await row(page, 'ayudante').getByRole('cell', { name: 'Ayudante de Tueste' }).waitFor();

    // Delete asks with the browser dialog; dismissing keeps the user.
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: 'Eliminar ayudante' }).click();
    await expect.poll(() => row(page, 'ayudante').count()).toBe(1);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar ayudante' }).click();
    await expect.poll(() => waitForToast(page, 'Usuario eliminado')).toBe('Usuario eliminado con éxito.');
    await row(page, 'ayudante').waitFor({ state: 'detached' });
    const dialogs = [await dismissed, await accepted];
    expect(dialogs).toEqual(['¿Estás seguro de que quieres eliminar este usuario?', '¿Estás seguro de que quieres eliminar este usuario?']);

    // Deleting oneself is refused with the server's message next to the table.
    void nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar admin' }).click();
    await page.locator('.form-alert', { hasText: userMessages.cannotDeleteSelf }).waitFor();
    await expect.poll(() => row(page, 'admin').count()).toBe(1);

    await page.waitForTimeout(3200); // the toast is gone: screenshots and axe see the resting screen
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'list-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'list-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  /** The users screen, signed in as the administrator, with the list call answered by `status` and `body`. */
  const openWithStubbedList = async (status: number, body: unknown) => {
    const opened = await newPage(env.browser, env.server.url, PHONE);
    await signIn(opened.page, env.server.adminUsername, env.server.adminPassword);
    await opened.page.route('**/api/users?*', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
    await opened.page.goto('/gestion-usuarios');
    return opened;
  };

  it('shows the empty text when the list is empty', async () => {
    // Never empty for real (the administrator is always there): stub the list answer.
    const { context, page, problems } = await openWithStubbedList(200, { items: [], total: 0, limit: 500, offset: 0 });
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay usuarios registrados. ¡Es hora de invitar a tu equipo!');
    expect(userMessages.empty).toBe('No hay usuarios registrados. ¡Es hora de invitar a tu equipo!');
    await shot(page, 'empty-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a failed load shows the full-page red message and logs it', async () => {
    const { context, page, problems } = await openWithStubbedList(500, { error: { code: 'internal', message: 'x' } });
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(userMessages.loadError);
    expect(problems.some((problem) => problem.includes(userMessages.loadError))).toBe(true);
    await context.close();
  });

  it('the new tecnico signs in and is sent away from /gestion-usuarios and /configuracion', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.goto('/gestion-usuarios');
    await row(page, TECNICO.username).waitFor();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();

    await signIn(page, TECNICO.username, TECNICO.password);
    await expect.poll(() => page.locator('.app-header__greeting').textContent()).toContain(TECNICO.fullName);
    for (const path of ['/gestion-usuarios', '/configuracion']) {
      await page.goto(path);
      await page.waitForURL(`${env.server.url}/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Sistema de Gestión de Café');
    }
    // The server refuses the tecnico too, whatever the screen does.
    const cookie = (await context.cookies()).find((c) => c.name === 'cafe_sesion');
    const api = await fetch(`${env.server.url}/api/users`, { headers: { cookie: `cafe_sesion=${cookie!.value}` } });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe('No tienes permisos para realizar esta acción.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
