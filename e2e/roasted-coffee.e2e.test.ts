import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findLedgerMismatches, moveStock } from '#server/ledger/ledger.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, expectTableFitsItsCard, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('roasted-coffee');
const greenTable = (page: Page) => page.getByRole('table', { name: 'Café Verde Disponible' });
const roastedTable = (page: Page) => page.getByRole('table', { name: 'Stock de Café Tostado' });
const greenCells = (page: Page, code: string) => greenTable(page).locator('tbody tr', { hasText: code }).locator('td').allTextContents();
const roastRow = (page: Page, code: string) => roastedTable(page).locator('tbody tr', { hasText: code });
const lotSelect = (page: Page) => page.getByLabel('Origen del Café Verde', { exact: true });
const lotOptions = (page: Page) => lotSelect(page).locator('option').allTextContents();

/** What the roast needs, created through the API with the page's session (the test does not depend on the other screens). */
async function seedGreenLots(page: Page): Promise<void> {
  const post = apiPost(page);
  const colombia = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  const lot = { unit_price: 5, entry_date: '2024-03-01' };
  await post('/api/green-coffee', { ...lot, origin_id: colombia.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, batch_code: 'V-COL' });
  await post('/api/green-coffee', { ...lot, origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop', quantity_kg: 50, batch_code: 'V-ETI' });
}

describe('café tostado', () => {
  const env = useServerAndBrowser();

  it('filter → pick a lot → quantities and shrinkage → generate the code → save → both tables → edit → delete', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedGreenLots(page);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Café Tostado', exact: true }).click();
    await page.waitForURL(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado', exact: true }).waitFor();
    await greenTable(page).waitFor();
    await expect.poll(() => greenCells(page, 'V-COL')).toEqual(['V-COL', 'Colombia', 'Finca La Esperanza', '100.00', '01/03/2024']);
    await expect.poll(() => greenCells(page, 'V-ETI')).toEqual(['V-ETI', 'Etiopía', 'Yirgacheffe Coop', '50.00', '01/03/2024']);
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe(m.empty);
    await shot(page, 'empty-desktop');

    // docs/product-guide.md#roasted-lot: the first rule, before anything is sent; then the lot-code button's own rule.
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa todos los campos obligatorios.');
    await page.getByRole('button', { name: 'Generar Lote' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, selecciona un Origen del Café Verde y una Fecha de Tostado para generar el lote.');

    // The origin filter narrows the lot select; changing it clears the chosen lot (docs/product-guide.md#cafe-tostado).
    await expect.poll(() => lotOptions(page)).toEqual([
      // The green list's order: entry date, newest first (the later lot first on the same day).
      'Selecciona un lote de café verde',
      'V-ETI · Etiopía · 50.00 Kg disponibles',
      'V-COL · Colombia · 100.00 Kg disponibles',
    ]);
    await page.getByLabel('Filtrar por Origen').selectOption({ label: 'Etiopía' });
    await expect.poll(() => lotOptions(page)).toEqual(['Selecciona un lote de café verde', 'V-ETI · Etiopía · 50.00 Kg disponibles']);
    await lotSelect(page).selectOption({ label: 'V-ETI · Etiopía · 50.00 Kg disponibles' });
    await page.getByLabel('Filtrar por Origen').selectOption({ label: 'Colombia' });
    await expect.poll(() => lotSelect(page).inputValue()).toBe('');
    await expect.poll(() => lotOptions(page)).toEqual(['Selecciona un lote de café verde', 'V-COL · Colombia · 100.00 Kg disponibles']);
    await lotSelect(page).selectOption({ label: 'V-COL · Colombia · 100.00 Kg disponibles' });

    // Shrinkage follows every change of either quantity, 2 decimals, read-only.
    const shrinkage = page.getByLabel('Merma (Kg)');
    await expect.poll(() => shrinkage.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('12.5');
    await expect.poll(() => shrinkage.inputValue()).toBe('');
    await page.getByLabel('Kilos Resultantes').fill('13');
    await expect.poll(() => shrinkage.inputValue()).toBe('-0.50');
    await page.getByLabel('Tipo de Tueste').selectOption('Medio');
    await page.getByLabel('Fecha de Tostado').fill('15/03/2024');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => alertText(page)).toBe('Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.');
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('150');
    await page.getByLabel('Kilos Resultantes').fill('120');
    await expect.poll(() => shrinkage.inputValue()).toBe('30.00');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => alertText(page)).toBe('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 100.00 Kg.');
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('12.5');
    await page.getByLabel('Kilos Resultantes').fill('10.25');
    await expect.poll(() => shrinkage.inputValue()).toBe('2.25');

    // 'Generar Lote': first two letters of the origin, DDMMYY of the roast date, 1000–9999.
    await page.getByRole('button', { name: 'Generar Lote' }).click();
    const code = await page.getByLabel('Lote', { exact: true }).inputValue();
    expect(code).toMatch(/^CO-150324-[1-9]\d{3}$/);
    await expect.poll(() => page.locator('.form-alert').count()).toBe(0);
    await shot(page, 'form-filled-desktop');

    // Data rules: a roast dated before its green lot entered (01/03/2024) is refused by the server, its message in the form.
    await page.getByLabel('Fecha de Tostado').fill('29/02/2024');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => alertText(page)).toBe(m.beforeGreenEntry('V-COL', '2024-03-01'));
    expect(m.beforeGreenEntry('V-COL', '2024-03-01')).toBe('La fecha de tostado no puede ser anterior a la entrada del lote de café verde V-COL (01/03/2024).');
    await page.getByLabel('Fecha de Tostado').fill('15/03/2024');

    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => waitForToast(page, 'Café tostado agregado')).toBe('Café tostado agregado con éxito.');
    await roastRow(page, code).waitFor();
    await expect.poll(() => roastRow(page, code).locator('td').allTextContents()).toEqual([
      // Coste ($/Kg) (docs/decisions/0011-cost-per-kg-and-margins.md): 12.5 kg × 5 $/Kg / 10.25 kg = 6.097…; then the Curva cell (empty: typed, not imported from Artisan), the Historial and Ajustar links and the actions.
      code, 'V-COL · Colombia', 'Medio', '12.50', '10.25', '10.25', '2.25', '$6.10', expect.stringMatching(/^15\/03\/2024Edad: \d+ días · Pasado de frescura$/), '', '', '', '',
    ]);
    await expect.poll(() => greenCells(page, 'V-COL')).toEqual(['V-COL', 'Colombia', 'Finca La Esperanza', '87.50', '01/03/2024']);
    // A successful save resets the form (docs/product-guide.md#screens).
    await expect.poll(() => lotSelect(page).inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Lote', { exact: true }).inputValue()).toBe('');

    // Edit: the row loads as text; its own lot offers what it has plus what this roast gives back.
    await page.getByRole('button', { name: `Editar café tostado ${code}` }).click();
    await page.getByRole('button', { name: 'Actualizar Café Tostado' }).waitFor();
    await expect.poll(() => page.getByLabel('Cantidad de Café Verde (Kg)').inputValue()).toBe('12.5');
    await expect.poll(() => shrinkage.inputValue()).toBe('2.25');
    await expect.poll(() => lotSelect(page).locator('option:checked').textContent()).toBe('V-COL · Colombia · 100.00 Kg disponibles');
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('20');
    await page.getByLabel('Kilos Resultantes').fill('16');
    await expect.poll(() => shrinkage.inputValue()).toBe('4.00');
    await page.getByLabel('Tipo de Tueste').selectOption('Oscuro');
    await page.getByRole('button', { name: 'Actualizar Café Tostado' }).click();
    await expect.poll(() => waitForToast(page, 'Café tostado actualizado')).toBe('Café tostado actualizado con éxito.');
    await expect.poll(() => roastRow(page, code).locator('td').allTextContents()).toEqual([
      code, 'V-COL · Colombia', 'Oscuro', '20.00', '16.00', '16.00', '4.00', '$6.25', expect.stringMatching(/^15\/03\/2024Edad: \d+ días · Pasado de frescura$/), '', '', '', '',
    ]);
    await expect.poll(() => greenCells(page, 'V-COL')).toEqual(['V-COL', 'Colombia', 'Finca La Esperanza', '80.00', '01/03/2024']);
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).waitFor();

    // A typed code that another roast has: the server's 409, shown in the form; nothing saved.
    await lotSelect(page).selectOption({ label: 'V-ETI · Etiopía · 50.00 Kg disponibles' });
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('5');
    await page.getByLabel('Kilos Resultantes').fill('4');
    await page.getByLabel('Tipo de Tueste').selectOption('Claro');
    await page.getByLabel('Lote', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => alertText(page)).toBe(m.duplicateBatch);
    await expect.poll(() => roastedTable(page).locator('tbody tr').count()).toBe(1);
    // Left empty, the server makes the code.
    await page.getByLabel('Lote', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => waitForToast(page, 'Café tostado agregado')).toBe(m.added);
    await expect.poll(() => roastedTable(page).locator('tbody tr').count()).toBe(2);
    const etiopianCode = (await roastedTable(page).locator('tbody tr', { hasText: 'V-ETI' }).locator('td').first().textContent()) ?? '';
    expect(etiopianCode).toMatch(/^ET-\d{6}-[1-9]\d{3}$/);
    // At 1280 px its 14 columns (the label checkbox and four icon columns among them) fit the card, with a generated code as long as the demo's.
    await expectTableFitsItsCard(roastedTable(page));
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'desktop');

    // Phone: rows stack into cards; nothing scrolls sideways; every action reachable.
    await page.setViewportSize(PHONE);
    await shot(page, 'phone');
    // The form as a phone shows it (the full-page shot above is taller than any screen).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/shots/roasted-coffee/phone-form.png' });
    await expectNoSidewaysScroll(page);
    await expect.poll(() => page.getByRole('button', { name: `Eliminar café tostado ${code}` }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);

    // Delete: dismissing the confirmation keeps the roast; accepting returns its green kg.
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: `Eliminar café tostado ${code}` }).click();
    await expect(dismissed).resolves.toBe('¿Estás seguro de que quieres eliminar este café tostado?');
    await expect.poll(() => roastRow(page, code).count()).toBe(1);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: `Eliminar café tostado ${code}` }).click();
    await expect(accepted).resolves.toBe(m.deleteConfirm);
    await expect.poll(() => waitForToast(page, 'Café tostado eliminado')).toBe('Café tostado eliminado con éxito.');
    await expect.poll(() => roastRow(page, code).count()).toBe(0);
    await expect.poll(() => greenCells(page, 'V-COL')).toEqual(['V-COL', 'Colombia', 'Finca La Esperanza', '100.00', '01/03/2024']);

    // A roast whose coffee was used (here a sale written straight into the ledger, as the sales area will) cannot go.
    const handle = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      const used = await handle.db.selectFrom('roasted_coffee').select('id').where('batch_code', '=', etiopianCode).executeTakeFirstOrThrow();
      await handle.db.transaction().execute((trx) =>
        moveStock(trx, { lotKind: 'roasted', lotId: used.id, deltaG: -1000, reason: 'sale', userId: null, refKind: 'sale', refId: 1 }));
    } finally {
      await handle.close();
    }
    await page.reload();
    const inUse = nextDialog(page, true);
    await page.getByRole('button', { name: `Eliminar café tostado ${etiopianCode}` }).click();
    await inUse;
    await page.locator('.page-error').waitFor();
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(
      'Error al eliminar el café tostado. Asegúrate de que no esté asociado a mezclas o ventas.',
    );
    await shot(page, 'delete-in-use');

    // The console error a failed save logs (docs/product-guide.md#screens) is the only one.
    expect(problems.filter((problem) => !problem.includes(m.deleteInUse))).toEqual([]);
    await context.close();

    const check = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(check.db, ['green', 'roasted'])).toEqual([]);
      expect(await check.db.selectFrom('roasted_coffee').select(['batch_code', 'stock_g']).execute()).toEqual([
        { batch_code: etiopianCode, stock_g: 3000 },
      ]);
    } finally {
      await check.close();
    }
  });

  it('failed loads and saves show their Spanish message full page and log it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const broken = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) };
    const expectPageError = async (message: string) => {
      await page.locator('.page-error').waitFor();
      await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(message);
    };

    await page.route('**/api/roasted-coffee?**', (route) => route.fulfill(broken));
    await page.goto('/cafe-tostado');
    await expectPageError('Error al cargar el café tostado.');
    await page.unroute('**/api/roasted-coffee?**');

    await page.route('**/api/green-coffee?**', (route) => route.fulfill(broken));
    await page.goto('/cafe-tostado');
    await expectPageError('Error al cargar el café verde disponible.');
    await page.unroute('**/api/green-coffee?**');

    await page.route('**/api/coffee-origins?**', (route) => route.fulfill(broken));
    await page.goto('/cafe-tostado');
    await expectPageError('Error al cargar todos los orígenes.');
    await page.unroute('**/api/coffee-origins?**');

    // A save that fails for a reason the user cannot fix (here a 500).
    await page.goto('/cafe-tostado');
    await page.route('**/api/roasted-coffee', (route) => (route.request().method() === 'POST' ? route.fulfill(broken) : route.fallback()));
    await lotSelect(page).selectOption({ label: 'V-COL · Colombia · 100.00 Kg disponibles' });
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('5');
    await page.getByLabel('Kilos Resultantes').fill('4');
    await page.getByLabel('Tipo de Tueste').selectOption('Claro');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expectPageError('Error al agregar el café tostado.');
    await shot(page, 'save-failed');

    for (const message of [m.loadError, m.greenLoadError, m.originsLoadError, m.addError]) {
      expect(problems.some((problem) => problem.includes(message))).toBe(true);
    }
    await context.close();
  });
});
