import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { commonMessages } from '#shared/messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('origins-and-green-coffee');
const rowWith = (page: Page, text: string) => page.locator('table.data-table tbody tr', { hasText: text });
const cells = (page: Page, text: string) => rowWith(page, text).locator('td').allTextContents();

describe('orígenes y café verde', () => {
  const env = useServerAndBrowser();

  it('origin with two farms → green lot in Stock Actual → edit → duplicate lot → delete, with the Spanish texts', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);

    // ---- Orígenes ----
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Orígenes', exact: true }).click();
    await page.waitForURL(`${env.server.url}/cafe-origen`);
    await page.getByRole('heading', { level: 1, name: 'Gestión de Orígenes de Café', exact: true }).waitFor();
    await page.locator('.empty-text').waitFor();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay orígenes de café registrados. ¡Es hora de explorar el mundo!');
    await shot(page, 'origins-empty-desktop');

    // docs/product-guide.md#origin: the one required-fields message, before anything is sent.
    await page.getByRole('button', { name: 'Agregar Origen' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa el nombre, los kilos por saco y añade al menos un proveedor/finca.');

    await page.getByLabel('Nombre del Origen').fill('Colombia');
    await page.getByLabel('Kilos por Saco').fill('70');
    const supplierInput = page.getByLabel('Proveedores/Fincas', { exact: true });
    await supplierInput.fill('Finca La Esperanza');
    await page.getByRole('button', { name: 'Añadir proveedor/finca' }).click();
    // Trimmed, added with Enter; a blank one is ignored.
    await supplierInput.fill('   Finca El Paraíso  ');
    await supplierInput.press('Enter');
    await supplierInput.fill('   ');
    await page.getByRole('button', { name: 'Añadir proveedor/finca' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Proveedores/Fincas añadidos' }).getByRole('listitem').allTextContents())
      .toEqual(['Finca La Esperanza', 'Finca El Paraíso']);
    await page.getByLabel('Descripción (opcional)').fill('Huila, 1700 m');
    await page.getByRole('button', { name: 'Agregar Origen' }).click();
    await expect.poll(() => waitForToast(page, 'Origen agregado')).toBe('Origen agregado con éxito.');
    await rowWith(page, 'Colombia').waitFor();
    await expect.poll(() => cells(page, 'Colombia')).toEqual(['Colombia', '70.00 Kg', 'Finca La Esperanza, Finca El Paraíso', 'Huila, 1700 m', '']);
    await expect.poll(() => page.getByLabel('Nombre del Origen').inputValue()).toBe('');

    await page.getByLabel('Nombre del Origen').fill('Etiopía');
    await page.getByLabel('Kilos por Saco').fill('60');
    await supplierInput.fill('Yirgacheffe Coop');
    await supplierInput.press('Enter');
    // From the keyboard: Enter on the button saves, and focus comes back to it in the clean form
    // (it was dropped on the page's body when the form remounted).
    await page.getByRole('button', { name: 'Agregar Origen' }).focus();
    await page.keyboard.press('Enter');
    await rowWith(page, 'Etiopía').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Agregar Origen');

    // Edit loads the row and switches the form to edit mode.
    await page.getByRole('button', { name: 'Editar Colombia' }).click();
    await expect.poll(() => page.getByLabel('Kilos por Saco').inputValue()).toBe('70');
    await page.getByLabel('Kilos por Saco').fill('69.5');
    await page.getByRole('button', { name: 'Actualizar Origen' }).click();
    await expect.poll(() => waitForToast(page, 'Origen actualizado')).toBe('Origen actualizado con éxito.');
    await expect.poll(() => rowWith(page, 'Colombia').locator('td').nth(1).textContent()).toBe('69.50 Kg');
    await page.getByRole('button', { name: 'Agregar Origen' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'origins-desktop');

    // ---- Café Verde ----
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Café Verde', exact: true }).click();
    await page.waitForURL(`${env.server.url}/cafe-verde`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Verde', exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Stock Actual' }).waitFor();
    await page.locator('.empty-text').waitFor();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay café verde en el inventario...');

    await page.getByLabel('Fecha de Entrada').fill('');
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa todos los campos.');

    // Choosing an origin defaults the supplier to its first one (docs/product-guide.md#cafe-verde); the select offers only that origin's.
    await page.getByLabel('Origen', { exact: true }).selectOption({ label: 'Colombia' });
    await expect.poll(() => page.getByLabel('Proveedor/Finca').inputValue()).toBe('Finca La Esperanza');
    await expect.poll(() => page.getByLabel('Proveedor/Finca').locator('option').allTextContents())
      .toEqual(['Selecciona un proveedor/finca', 'Finca La Esperanza', 'Finca El Paraíso']);
    await page.getByLabel('Origen', { exact: true }).selectOption({ label: 'Etiopía' });
    await expect.poll(() => page.getByLabel('Proveedor/Finca').inputValue()).toBe('Yirgacheffe Coop');
    await page.getByLabel('Origen', { exact: true }).selectOption({ label: 'Colombia' });
    await page.getByLabel('Proveedor/Finca').selectOption('Finca El Paraíso');

    await expect.poll(() => page.getByLabel('Lote', { exact: true }).getAttribute('placeholder')).toBe('DD-MM-AA');
    await expect.poll(() => page.locator('#green-batch-hint').textContent())
      .toBe("Formato sugerido: DD-MM-AA, la Fecha de Entrada (por ejemplo 15-03-24); 'Generar Lote' lo escribe así.");
    // 'Generar Lote' writes the Fecha de Entrada as that hint says, and asks for a date without one.
    await page.getByLabel('Fecha de Entrada').fill('15/03/2024');
    await page.getByRole('button', { name: 'Generar Lote' }).click();
    await expect.poll(() => page.getByLabel('Lote', { exact: true }).inputValue()).toBe('15-03-24');
    await page.getByLabel('Fecha de Entrada').fill('');
    await page.getByRole('button', { name: 'Generar Lote' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, selecciona una Fecha de Entrada para generar el lote.');

    await page.getByLabel('Cantidad (Kg)').fill('abc');
    // A decimal comma, as a Spanish keypad types it: $4.25 in the table below (docs/decisions/0035-decimal-inputs-as-text.md).
    await page.getByLabel('Precio Unitario ($/Kg)').fill('4,25');
    // The date reads dd/mm/aaaa whatever the browser's language; a day the calendar lacks is refused in the form.
    await expect.poll(() => page.getByLabel('Fecha de Entrada').getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await page.getByLabel('Fecha de Entrada').fill('30/02/2024');
    await page.getByLabel('Lote', { exact: true }).fill('15-03-24');
    // docs/product-guide.md#validation-rules: a filled field that is wrong names itself, next to the
    // field and in the form's alert; the spec's text stays for empty fields only.
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe('Cantidad (Kg): escribe un número, con coma o punto decimal.');
    await expect.poll(() => page.locator('#green-quantity-error').textContent()).toBe(greenCoffeeMessages.quantityNotNumber);
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').getAttribute('aria-describedby')).toBe('green-quantity-error');
    await page.getByLabel('Cantidad (Kg)').fill('100.5');
    // Corrected, the field's message goes at once, without another save.
    await expect.poll(() => page.locator('#green-quantity-error').count()).toBe(0);
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').getAttribute('aria-invalid')).toBe(null);
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe('Fecha de Entrada: 30/02/2024 no es una fecha del calendario.');
    await expect.poll(() => page.locator('#green-date-error').textContent()).toBe(greenCoffeeMessages.invalidDate('30/02/2024'));
    await expect.poll(() => page.getByLabel('Fecha de Entrada').getAttribute('aria-describedby')).toBe('green-date-hint green-date-error');
    await page.getByLabel('Fecha de Entrada').fill('29/02/2024');
    await expect.poll(() => page.locator('#green-date-error').count()).toBe(0);
    // Data rules: the field says which days it takes (from 01/01/2000 to today, in words and in min/max),
    // and the form refuses tomorrow with the API's own message before anything is sent.
    const today = localIsoDate();
    await expect.poll(() => page.getByLabel('Fecha de Entrada').getAttribute('max')).toBe(today);
    await expect.poll(() => page.getByLabel('Fecha de Entrada').getAttribute('min')).toBe('2000-01-01');
    await expect.poll(() => page.locator('#green-date-hint').textContent()).toBe('dd/mm/aaaa, del 01/01/2000 a hoy');
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/green-coffee') posts.push(request.url());
    });
    await page.getByLabel('Fecha de Entrada').fill(formatDate(localIsoDate(new Date(year, month - 1, day + 1))));
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe(greenCoffeeMessages.futureDate);
    expect(greenCoffeeMessages.futureDate).toBe('La fecha de entrada no puede ser posterior a hoy.');
    expect(posts).toEqual([]);
    await page.getByLabel('Fecha de Entrada').fill('31/12/1999');
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe('La fecha de entrada no puede ser anterior al 01/01/2000.');
    await page.getByLabel('Fecha de Entrada').fill('15/03/2024');
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => waitForToast(page, 'Café verde agregado')).toBe('Café verde agregado con éxito.');
    await rowWith(page, '15-03-24').waitFor();
    await expect.poll(() => cells(page, '15-03-24')).toEqual([
      // Then the Historial and Ajustar links (docs/product-guide.md#reaching-new-screens) and the actions: icons only.
      '15-03-24', 'Colombia · Huila, 1700 m', 'Finca El Paraíso', '100.50', '100.50', '$4.25', '15/03/2024', '', '', '',
    ]);
    // The date column reads dd/mm/aaaa; the API keeps ISO (docs/product-guide.md#screens).
    const headers = await page.locator('table.data-table thead th').allTextContents();
    const dateCell = rowWith(page, '15-03-24').locator('td').nth(headers.indexOf('Fecha Entrada'));
    await expect.poll(() => dateCell.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const apiLots = (await (await page.request.get('/api/green-coffee')).json()) as { items: { batch_code: string; entry_date: string }[] };
    expect(apiLots.items.find((lot) => lot.batch_code === '15-03-24')?.entry_date).toBe('2024-03-15');

    // Edit: quantity and price load as text; the new received quantity moves the stock by the difference.
    await page.getByRole('button', { name: 'Editar lote 15-03-24 de Colombia' }).click();
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').inputValue()).toBe('100.5');
    // The date input holds ISO (the browser shows it in its locale, es-ES here).
    await expect.poll(() => page.getByLabel('Fecha de Entrada').inputValue()).toBe('15/03/2024');
    await expect.poll(() => page.getByLabel('Proveedor/Finca').inputValue()).toBe('Finca El Paraíso');
    await page.getByLabel('Cantidad (Kg)').fill('120');
    await page.getByRole('button', { name: 'Actualizar Café Verde' }).click();
    await expect.poll(() => waitForToast(page, 'Café verde actualizado')).toBe('Café verde actualizado con éxito.');
    await expect.poll(() => rowWith(page, '15-03-24').locator('td').nth(3).textContent()).toBe('120.00');
    await page.getByRole('button', { name: 'Agregar Café Verde' }).waitFor();

    // The same lot code for the same origin: the server's 409 with its Spanish message, shown in the form.
    await page.getByLabel('Origen', { exact: true }).selectOption({ label: 'Colombia' });
    await page.getByLabel('Cantidad (Kg)').fill('5');
    await page.getByLabel('Precio Unitario ($/Kg)').fill('4');
    await page.getByLabel('Fecha de Entrada').fill('16032024');
    await page.getByLabel('Lote', { exact: true }).fill('15-03-24');
    await page.getByRole('button', { name: 'Agregar Café Verde' }).click();
    await expect.poll(() => alertText(page)).toBe(
      'Ya existe un lote con este código para el origen seleccionado. Por favor, usa un lote diferente o edita el existente.',
    );
    await expect.poll(() => rowWith(page, '15-03-24').count()).toBe(1);
    // The server's answer goes as soon as the form changes (the code being corrected), like a field's own message.
    await page.getByLabel('Lote', { exact: true }).fill('15-03-24-B');
    await expect.poll(() => page.locator('.form-alert').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'green-coffee-desktop');

    // Phone: both screens at 390 px; table rows stack into cards, so nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await shot(page, 'green-coffee-phone');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Eliminar lote 15-03-24 de Colombia' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    // docs/product-guide.md#leaving-a-form: the form still holds the refused lot. The bar, 'Inicio'
    // and Back ask first, and staying keeps what was typed; closing the tab gets the browser's question.
    const bar = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const leave of [
      () => bar.getByRole('link', { name: 'Orígenes', exact: true }).click(),
      () => page.locator('.inicio-button').click(),
      () => page.evaluate(() => history.back()),
    ]) {
      const question = nextDialog(page, false);
      await leave();
      await expect(question).resolves.toBe('¿Salir sin guardar? Se perderán los datos escritos.');
      // Back has already moved the address when it asks; staying puts it back.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/cafe-verde');
      await expect.poll(() => page.getByLabel('Cantidad (Kg)').inputValue()).toBe('5');
    }
    expect(await page.evaluate(() => {
      const closing = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(closing);
      return closing.defaultPrevented;
    })).toBe(true);
    const leaving = nextDialog(page, true);
    await bar.getByRole('link', { name: 'Orígenes', exact: true }).click();
    await expect(leaving).resolves.toBe(commonMessages.leaveUnsaved);
    await page.waitForURL(`${env.server.url}/cafe-origen`);
    await rowWith(page, 'Colombia').waitFor();
    // An untouched form lets the tab go without asking.
    expect(await page.evaluate(() => {
      const closing = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(closing);
      return closing.defaultPrevented;
    })).toBe(false);
    await shot(page, 'origins-phone');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);

    // An origin that green coffee uses cannot go: the foreign key refuses, the red full-page message of docs/product-guide.md#origin.
    const originDialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar Colombia' }).click();
    await expect(originDialog).resolves.toBe(originMessages.deleteConfirm);
    await page.locator('.page-error').waitFor();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(
      'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.',
    );
    await shot(page, 'origins-delete-in-use');
    await page.getByRole('button', { name: 'Recargar la página' }).click();
    await rowWith(page, 'Colombia').waitFor();

    // Delete the green lot: dismissing the confirmation keeps it; accepting deletes it.
    await page.goto('/cafe-verde');
    await rowWith(page, '15-03-24').waitFor();
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: 'Eliminar lote 15-03-24 de Colombia' }).click();
    await expect(dismissed).resolves.toBe('¿Estás seguro de que quieres eliminar este café verde?');
    await expect.poll(() => rowWith(page, '15-03-24').count()).toBe(1);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar lote 15-03-24 de Colombia' }).click();
    await expect(accepted).resolves.toBe(greenCoffeeMessages.deleteConfirm);
    await expect.poll(() => waitForToast(page, 'Café verde eliminado')).toBe('Café verde eliminado con éxito.');
    await page.locator('.empty-text').waitFor();

    // Now the origin is free to go.
    await page.goto('/cafe-origen');
    await rowWith(page, 'Colombia').waitFor();
    const freeDialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar Colombia' }).click();
    await freeDialog;
    await expect.poll(() => waitForToast(page, 'Origen eliminado')).toBe('Origen eliminado con éxito.');
    await expect.poll(() => rowWith(page, 'Colombia').count()).toBe(0);

    // The console error a failed save logs (docs/product-guide.md#screens) is the only one.
    expect(problems.filter((p) => !p.includes(originMessages.deleteInUse))).toEqual([]);
    await context.close();

    // Every receipt, adjustment and write-off went through the ledger.
    const handle = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(handle.db, ['green'])).toEqual([]);
      const movements = await handle.db.selectFrom('stock_movements').select(['delta_g', 'reason']).orderBy('id').execute();
      expect(movements).toEqual([
        { delta_g: 100500, reason: 'receipt' },
        { delta_g: 19500, reason: 'adjustment' },
        { delta_g: -120000, reason: 'adjustment' },
      ]);
    } finally {
      await handle.close();
    }
  });
  it('failed loads and saves show their Spanish message full page and log it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const broken = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) };

    // Green lots fail to load.
    await page.route('**/api/green-coffee?**', (route) => route.fulfill(broken));
    await page.goto('/cafe-verde');
    await page.locator('.page-error').waitFor();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe('Error al cargar el café verde.');
    await page.unroute('**/api/green-coffee?**');

    // Origins fail to load, on their own screen.
    await page.route('**/api/coffee-origins?**', (route) => route.fulfill(broken));
    await page.goto('/cafe-origen');
    await page.locator('.page-error').waitFor();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe('Error al cargar los orígenes.');
    await page.unroute('**/api/coffee-origins?**');

    // A save that fails for a reason the user cannot fix (here a 500).
    await page.goto('/cafe-origen');
    await page.route('**/api/coffee-origins', (route) => (route.request().method() === 'POST' ? route.fulfill(broken) : route.fallback()));
    await page.getByLabel('Nombre del Origen').fill('Kenia');
    await page.getByLabel('Kilos por Saco').fill('60');
    await page.getByLabel('Proveedores/Fincas', { exact: true }).fill('Nyeri');
    await page.getByLabel('Proveedores/Fincas', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Agregar Origen' }).click();
    await page.locator('.page-error').waitFor();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(originMessages.addError);
    await shot(page, 'origins-save-failed');

    for (const message of ['Error al cargar el café verde.', 'Error al cargar los orígenes.', 'Error al agregar el origen.']) {
      expect(problems.some((problem) => problem.includes(message))).toBe(true);
    }
    await context.close();
  });
});
