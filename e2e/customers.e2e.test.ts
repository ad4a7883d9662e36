import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerMessages as m } from '#shared/customer-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';
import { addUserToDatabase } from './helpers/users.js';

const shot = shooter('clientes');
const rowWith = (page: Page, text: string) => page.locator('table.data-table tbody tr', { hasText: text });
const names = (page: Page) => page.locator('table.data-table tbody tr td:first-child').allTextContents();

/** Clientes (docs/product-guide.md#clientes), at 390 px and at 1280 px. */
describe('clientes', () => {
  const env = useServerAndBrowser();

  it('on a phone: reached from home\'s tools, the required message, a save, a look-alike refused, a search, an edit, a delete', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);

    // Home's row of tools (docs/product-guide.md#reaching-new-screens); the bar keeps its 8 entries.
    await page.getByRole('navigation', { name: 'Herramientas' }).getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL(`${env.server.url}/clientes`);
    await page.getByRole('heading', { level: 1, name: 'Clientes', exact: true }).waitFor();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay clientes registrados. Agrega el primero con el formulario.');

    // Nothing is sent until the name and the kind are there.
    await page.getByLabel('Nombre', { exact: true }).fill('Cafetería Sol');
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa el nombre y el tipo de cliente.');
    await page.getByLabel('Tipo de Cliente').selectOption({ label: 'Cafetería' });
    await page.getByLabel('NIF/CIF (opcional)').fill('B12345678');
    await page.getByLabel('Correo Electrónico (opcional)').fill('pedidos@cafeteriasol.es');
    await page.getByLabel('Teléfono (opcional)').fill('+34 600 12 34 56');
    await page.getByLabel('Dirección (opcional)').fill('Calle Mayor 1, Madrid');
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await expect.poll(() => waitForToast(page, 'Cliente agregado')).toBe('Cliente agregado con éxito.');
    await rowWith(page, 'Cafetería Sol').waitFor();
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('');

    // A look-alike of a name taken (Cyrillic е) is refused in the form, which keeps what was typed.
    await page.getByLabel('Nombre', { exact: true }).fill('Cafеtería Sol');
    await page.getByLabel('Tipo de Cliente').selectOption({ label: 'Tienda' });
    await page.getByLabel('Correo Electrónico (opcional)').fill('pedidos');
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await expect.poll(() => alertText(page)).toBe(m.emailInvalid);
    await page.getByLabel('Correo Electrónico (opcional)').fill('');
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await expect.poll(() => alertText(page)).toBe('Ya existe un cliente con ese nombre: «Cafetería Sol». Usa otro nombre o edita el cliente existente.');
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Cafеtería Sol');
    await page.getByLabel('Nombre', { exact: true }).fill('Tienda Luna');
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await rowWith(page, 'Tienda Luna').waitFor();
    await expect.poll(() => names(page)).toEqual(['Cafetería Sol', 'Tienda Luna']);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'clientes-phone');

    // The search: accents and case aside, by name or by phone.
    await page.getByLabel('Buscar cliente').fill('CAFETERIA');
    await expect.poll(() => names(page)).toEqual(['Cafetería Sol']);
    await page.getByLabel('Buscar cliente').fill('600 12');
    await expect.poll(() => names(page)).toEqual(['Cafetería Sol']);
    await page.getByLabel('Buscar cliente').fill('nadie');
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe(m.noMatches);
    await page.getByLabel('Buscar cliente').fill('');
    await expect.poll(() => names(page)).toEqual(['Cafetería Sol', 'Tienda Luna']);

    // Edit: deactivate the shop.
    await page.getByRole('button', { name: 'Editar Tienda Luna' }).click();
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Tienda Luna');
    await page.getByLabel('Cliente activo').uncheck();
    await page.getByRole('button', { name: 'Actualizar Cliente' }).click();
    await expect.poll(() => waitForToast(page, 'Cliente actualizado')).toBe('Cliente actualizado con éxito.');
    await expect.poll(() => rowWith(page, 'Tienda Luna').locator('td').nth(4).textContent()).toBe('Inactivo');

    // Delete, after the browser's question.
    const question = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar Tienda Luna' }).click();
    expect(await question).toBe('¿Estás seguro de que quieres eliminar este cliente?');
    await expect.poll(() => waitForToast(page, 'Cliente eliminado')).toBe('Cliente eliminado con éxito.');
    await expect.poll(() => names(page)).toEqual(['Cafetería Sol']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a desktop: a tecnico adds and edits customers but has no delete button', async () => {
    const tecnico = { username: 'tecnico.clientes', password: 'granos-de-altura-77', fullName: 'Técnico de Turno', role: 'tecnico' as const };
    await addUserToDatabase(env.server.databaseFile, tecnico);
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, tecnico.username, tecnico.password);
    await page.goto('/clientes');
    await page.getByRole('heading', { level: 1, name: 'Clientes', exact: true }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Bar Central');
    await page.getByLabel('Tipo de Cliente').selectOption({ label: 'Tienda online' });
    await page.getByRole('button', { name: 'Agregar Cliente' }).click();
    await rowWith(page, 'Bar Central').waitFor();
    await expect.poll(() => rowWith(page, 'Bar Central').locator('td').allTextContents()).toEqual(['Bar Central', 'Tienda online', '—', '—', 'Activo', '']);
    await page.getByRole('button', { name: 'Editar Bar Central' }).waitFor();
    expect(await page.getByRole('button', { name: /^Eliminar / }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'clientes-desktop-tecnico');

    // 50 at a time: 'Cargar más' brings the rest, in name order, and says when all are in.
    for (let n = 1; n <= 55; n++) {
      const made = await page.request.post('/api/customers', { data: { name: `Cliente ${String(n).padStart(2, '0')}`, kind: 'particular' } });
      expect(made.status()).toBe(201);
    }
    await page.reload();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'clientes' }).textContent()).toBe('Se muestran 50 clientes.');
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'clientes' }).textContent()).toBe('Se muestran 57 clientes. No hay más clientes.');
    expect((await names(page)).slice(-3)).toEqual(['Cliente 53', 'Cliente 54', 'Cliente 55']);
    expect(await page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
