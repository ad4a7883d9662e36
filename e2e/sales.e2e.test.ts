import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, PHONE_WITH_KEYBOARD, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('sales');
const salesTable = (page: Page) => page.getByRole('table', { name: 'Historial de Ventas' });
/** The product picker's options (the page has other selects, e.g. the CSV export's). */
const productOptions = (page: Page) =>
  page.locator('ul[role="listbox"][aria-label="Productos"]').getByRole('option');
/** A sale row's first six cells as text; 'Total ($)' without its muted margin line (docs/decisions/0011-cost-per-kg-and-margins.md). */
const saleCells = async (row: Locator) =>
  Promise.all((await row.locator('td').all()).slice(0, 6).map((td, i) => (i === 4 ? td.locator('.sale-total-cell__amount') : td).textContent()));
const saleTotal = (row: Locator) => row.locator('td[data-label="Total ($)"] .sale-total-cell__amount').textContent();
const saleMargin = (row: Locator) => row.locator('td[data-label="Total ($)"] .sale-total-cell__margin').textContent();
const saleRow = (page: Page, code: string) => salesTable(page).locator('tbody tr', { hasText: code });
const customerBox = (page: Page) => page.getByRole('combobox', { name: 'Cliente' });
const customerOptions = (page: Page) => page.locator('ul[role="listbox"][aria-label="Clientes"]').getByRole('option');
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name, exact: true }).click();
const roastedOnHand = (page: Page, code: string) =>
  page.getByRole('table', { name: 'Stock de Café Tostado' }).locator('tbody tr', { hasText: code }).locator('td').nth(5).textContent();
const blendOnHand = (page: Page, code: string) =>
  page.getByRole('table', { name: 'Mezclas Actuales' }).locator('tbody tr', { hasText: code }).locator('td').nth(3).textContent();

/** A Colombian roasted lot (10 kg), an Ethiopian one and a 4 kg blend drawn from it, through the API. */
async function seed(page: Page): Promise<void> {
  const post = apiPost(page);
  const colombia = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  const green = (originId: number, finca: string, code: string) =>
    post('/api/green-coffee', { origin_id: originId, supplier_finca: finca, quantity_kg: 50, unit_price: 5, entry_date: '2024-03-01', batch_code: code });
  const greenCo = await green(colombia.id, 'Finca La Esperanza', 'V-COL');
  const greenEt = await green(etiopia.id, 'Yirgacheffe Coop', 'V-ETI');
  await post('/api/roasted-coffee', { green_coffee_id: greenCo.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-10', batch_code: 'T-CO' });
  const et = await post('/api/roasted-coffee', { green_coffee_id: greenEt.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Claro', roast_date: '2024-03-05', batch_code: 'T-ET' });
  await post('/api/blended-coffee', {
    name: 'Mezcla de la Casa',
    total_quantity_kg: 4,
    creation_date: '2024-03-20',
    recipe_id: null,
    batch_code: 'BL-CASA',
    components: [{ origin_id: etiopia.id, percentage: 100, selected_roasted_batches: [{ id: et.id, quantity_used: 4 }] }],
  });
}

/** Types into the product picker and chooses the option holding `code`, with the keyboard. */
async function chooseProduct(page: Page, search: string, code: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Producto' });
  await picker.fill(search);
  const option = productOptions(page).filter({ hasText: `Lote ${code}` });
  await option.waitFor();
  // ↓ until the option holding the code is the active one, then Enter.
  for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe(code);
}

describe('ventas', () => {
  const env = useServerAndBrowser();

  it('sell from a roasted lot and a blend → stock falls on their screens → edit → delete → stock comes back', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page);
    const today = formatDate(localIsoDate());

    await nav(page, 'Ventas');
    await page.waitForURL(`${env.server.url}/ventas`);
    await page.getByRole('heading', { level: 1, name: 'Registro de Ventas', exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Historial de Ventas', exact: true }).waitFor();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe('No hay ventas registradas. ¡A vender café se ha dicho!');
    await expect.poll(() => page.getByLabel('Fecha Venta').inputValue()).toBe(formatDate(localIsoDate()));

    // The required fields first (our message: the original app gave none).
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(m.required);

    // The picker searches by name without accents and shows roast date, lot code and on-hand kg; choosing fills type, lot and price.
    const picker = page.getByRole('combobox', { name: 'Producto' });
    await picker.fill('colom');
    await expect.poll(() => productOptions(page).allTextContents()).toEqual([expect.stringMatching(/^Colombia · MedioTostado el 10\/03\/2024 · Lote T-CO · 10\.00 Kg disponiblesEdad: \d+ días · Pasado de frescura$/)]);
    // Keyboard only: Escape closes the list, ↓ opens it again on the first option, Enter chooses it.
    await picker.press('Escape');
    await expect.poll(() => page.getByRole('listbox', { name: 'Productos' }).isVisible()).toBe(false);
    await picker.press('ArrowDown');
    await expect.poll(() => picker.getAttribute('aria-activedescendant')).toBe('sale-product-option-0');
    await picker.press('Enter');
    await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe('T-CO');
    await expect.poll(() => page.getByLabel('Tipo de Producto').inputValue()).toBe('Café Tostado');
    await expect.poll(() => page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toBe('15.00');
    await expect.poll(() => picker.inputValue()).toBe('Colombia · Medio · T-CO');

    // docs/product-guide.md#sale rules in the form: quantity above zero, then the stock.
    await page.getByLabel('Cantidad (Kg)').fill('0');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('La cantidad a vender debe ser mayor que cero.');
    await page.getByLabel('Cantidad (Kg)').fill('10.5');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('No hay suficiente café tostado disponible. Solo tienes 10 Kg.');

    // The line total live, exact to the cent.
    await page.getByLabel('Cantidad (Kg)').fill('2.5');
    await page.getByLabel('Precio Unitario ($/Kg)').fill('15.99');
    await expect.poll(() => page.locator('#sale-total').textContent()).toBe('$39.98');
    await shot(page, 'form-filled-desktop');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe('Venta registrada con éxito.');
    const roastedSale = saleRow(page, 'T-CO');
    // The columns of docs/product-guide.md#ventas, exactly and in order (the margin and trace link live inside 'Total ($)' and 'Acciones').
    const headers = await salesTable(page).locator('th').allTextContents();
    expect(headers).toEqual(['Producto', 'Lote Vendido', 'Cantidad (Kg)', 'Precio Unitario ($/Kg)', 'Total ($)', 'Fecha Venta', 'Acciones']);
    await expect.poll(() => saleCells(roastedSale)).toEqual(['Colombia · Medio', 'T-CO', '2.50', '$15.99', '$39.98', today]);
    await expect.poll(() => saleMargin(roastedSale)).toMatch(/^Margen (\$-?\d+\.\d{2}( \(-?\d+\.\d{2} %\))?|—)$/);
    await roastedSale.locator('td[data-label="Acciones"]').getByRole('link', { name: /^Trazabilidad de la venta de Colombia · Medio \(T-CO\)/ }).waitFor();

    // A blend: its default price is the blend one.
    await chooseProduct(page, 'casa', 'BL-CASA');
    await expect.poll(() => page.getByLabel('Tipo de Producto').inputValue()).toBe('Café Mezcla');
    await expect.poll(() => page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toBe('25.00');
    await page.getByLabel('Cantidad (Kg)').fill('1.5');
    await expect.poll(() => page.locator('#sale-total').textContent()).toBe('$37.50');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe('Venta registrada con éxito.');
    const blendSale = saleRow(page, 'BL-CASA');
    await expect.poll(() => saleCells(blendSale)).toEqual(['Mezcla de la Casa', 'BL-CASA', '1.50', '$25.00', '$37.50', today]);

    // The stock fell on Café Tostado and Café Mezcla.
    await nav(page, 'Café Tostado');
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await expect.poll(() => roastedOnHand(page, 'T-CO')).toBe('7.50');
    await nav(page, 'Café Mezcla');
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Mezcla' }).waitFor();
    await expect.poll(() => blendOnHand(page, 'BL-CASA')).toBe('2.50');
    await nav(page, 'Ventas');
    await roastedSale.waitFor();

    // Edit: quantity and price load as text; the sale's own kg count as available (7.5 + 2.5 = 10).
    await page.getByRole('button', { name: `Editar venta de Colombia · Medio (T-CO) del ${today}` }).click();
    await page.getByRole('button', { name: 'Actualizar Venta', exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').inputValue()).toBe('2.5');
    await expect.poll(() => page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toBe('15.99');
    await page.getByLabel('Cantidad (Kg)').fill('10.001');
    await page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(m.notEnoughStock('tostado', '10'));
    await page.getByLabel('Cantidad (Kg)').fill('4');
    await page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta actualizada')).toBe('Venta actualizada con éxito.');
    await expect.poll(() => saleTotal(roastedSale)).toBe('$63.96');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'desktop');

    // Phone: the rows stack into cards, nothing scrolls sideways, the picker still works.
    await page.setViewportSize(PHONE);
    await page.getByRole('combobox', { name: 'Producto' }).fill('t-');
    await productOptions(page).first().waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/shots/sales/phone-picker.png' });
    await page.getByRole('combobox', { name: 'Producto' }).press('Escape');
    await shot(page, 'phone');
    await expectNoSidewaysScroll(page);
    await expect.poll(() => page.getByRole('button', { name: `Eliminar venta de Mezcla de la Casa (BL-CASA) del ${today}` }).isVisible()).toBe(true);

    // A sale fits one screen above the keyboard (docs/product-guide.md#ventas): with the keyboard up, the whole form,
    // its title to 'Registrar Venta', is on the screen at once (it was 868 px tall, the fields one a row).
    await page.setViewportSize(PHONE_WITH_KEYBOARD);
    const form = page.getByRole('form', { name: 'Nueva Venta' });
    await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    expect((await form.boundingBox())!.height).toBeLessThanOrEqual(PHONE_WITH_KEYBOARD.height);
    const submit = (await page.getByRole('button', { name: 'Registrar Venta', exact: true }).boundingBox())!;
    expect(submit.y + submit.height).toBeLessThanOrEqual(PHONE_WITH_KEYBOARD.height);
    // Two fields a row, their boxes level even where one label takes two lines ('Precio Unitario ($/Kg)').
    const boxOf = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!;
    for (const [left, right] of [['Tipo de Producto', 'Lote Vendido'], ['Cantidad (Kg)', 'Precio Unitario ($/Kg)'], ['Fecha Venta', 'Total ($)']]) {
      const [a, b] = [await boxOf(left!), await boxOf(right!)];
      expect(b.y, `${left} | ${right}`).toBe(a.y);
      expect(b.x, `${left} | ${right}`).toBeGreaterThan(a.x + a.width);
    }
    await shot(page, 'phone-keyboard');
    await page.setViewportSize(PHONE);
    await page.setViewportSize(DESKTOP);

    // Delete: the browser confirmation; dismissed changes nothing, accepted returns the kg.
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: `Eliminar venta de Colombia · Medio (T-CO) del ${today}` }).click();
    await expect(dismissed).resolves.toBe('¿Estás seguro de que quieres eliminar esta venta? Esto devolverá el producto al inventario.');
    await expect.poll(() => roastedSale.count()).toBe(1);
    for (const product of ['Colombia · Medio (T-CO)', 'Mezcla de la Casa (BL-CASA)']) {
      const accepted = nextDialog(page, true);
      await page.getByRole('button', { name: `Eliminar venta de ${product} del ${today}` }).click();
      await accepted;
      await expect.poll(() => waitForToast(page, 'Venta eliminada')).toBe('Venta eliminada con éxito.');
    }
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe(m.empty);

    // The stock came back on both screens.
    await nav(page, 'Café Tostado');
    await expect.poll(() => roastedOnHand(page, 'T-CO')).toBe('10.00');
    await nav(page, 'Café Mezcla');
    await expect.poll(() => blendOnHand(page, 'BL-CASA')).toBe('4.00');

    expect(problems).toEqual([]);
    await context.close();

    const check = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(check.db, ['green', 'roasted', 'blend'])).toEqual([]);
      expect(await findAggregateMismatches(check.db)).toEqual([]);
      expect(await check.db.selectFrom('sales').selectAll().execute()).toEqual([]);
    } finally {
      await check.close();
    }
  });

  it('the picker offers exactly what a lot holds: 0.999 Kg, never "1.00 Kg disponibles" that a sale of 1 Kg is then refused', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Nyeri'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Nyeri', quantity_kg: 2, unit_price: 5, entry_date: '2024-03-01', batch_code: 'V-KEN' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 1.2, resultant_kg: 0.999, roast_type: 'Claro', roast_date: '2024-03-10', batch_code: 'T-KEN' });

    await page.goto(`${env.server.url}/ventas`);
    await page.getByRole('heading', { level: 1, name: 'Registro de Ventas', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Producto' }).fill('kenia');
    await expect.poll(() => productOptions(page).allTextContents()).toEqual([expect.stringMatching(/^Kenia · ClaroTostado el 10\/03\/2024 · Lote T-KEN · 0\.999 Kg disponiblesEdad: \d+ días · Pasado de frescura$/)]);
    await chooseProduct(page, 'kenia', 'T-KEN');
    await page.getByLabel('Cantidad (Kg)').fill('1');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('No hay suficiente café tostado disponible. Solo tienes 0.999 Kg.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Configuración's price per product fills the sale form before its type's default; the picker lists the oldest lot first, with its date", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Cerrado'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Cerrado', quantity_kg: 20, unit_price: 5, entry_date: '2024-01-10', batch_code: 'V-BRA' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 6, resultant_kg: 5, roast_type: 'Medio', roast_date: '2024-03-01', batch_code: 'T-BR-NUEVO' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 6, resultant_kg: 5, roast_type: 'Medio', roast_date: '2024-02-01', batch_code: 'T-BR-VIEJO' });

    // Configuración: 'Precios por producto', the form then the table.
    await page.goto(`${env.server.url}/configuracion`);
    const form = page.getByRole('form', { name: 'Precios por Producto' });
    await form.getByRole('button', { name: 'Agregar Precio', exact: true }).click();
    await expect.poll(() => form.locator('.form-alert').textContent()).toBe('Por favor, elige el producto e indica su precio.');
    await form.getByLabel('Tipo de Producto').selectOption('tostado');
    await form.getByLabel('Origen').selectOption({ label: 'Brasil' });
    await form.getByLabel('Tipo de Tueste').selectOption('Medio');
    await form.getByLabel('Precio ($/Kg)').fill('19,5');
    await form.getByRole('button', { name: 'Agregar Precio', exact: true }).click();
    await waitForToast(page, 'Precio agregado con éxito.');
    const prices = page.getByRole('table', { name: 'Precios por producto' });
    await expect.poll(() => prices.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['Brasil · Medio', 'Café Tostado', '$19.50', '']);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'configuracion-precios-por-producto');

    await page.goto(`${env.server.url}/ventas`);
    await page.getByRole('combobox', { name: 'Producto' }).fill('brasil');
    await expect.poll(() => productOptions(page).allTextContents()).toEqual([
      expect.stringMatching(/^Brasil · MedioTostado el 01\/02\/2024 · Lote T-BR-VIEJO · 5\.00 Kg disponiblesEdad: \d+ días · Pasado de frescura$/),
      expect.stringMatching(/^Brasil · MedioTostado el 01\/03\/2024 · Lote T-BR-NUEVO · 5\.00 Kg disponiblesEdad: \d+ días · Pasado de frescura$/),
    ]);
    await chooseProduct(page, 'brasil', 'T-BR-NUEVO');
    await expect.poll(() => page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toBe('19.50');
    expect(problems).toEqual([]);
    await context.close();

    // On a phone the section fits the screen.
    const phone = await newPage(env.browser, env.server.url, PHONE);
    await signIn(phone.page, env.server.adminUsername, env.server.adminPassword);
    await phone.page.goto(`${env.server.url}/configuracion`);
    await phone.page.getByRole('table', { name: 'Precios por producto' }).waitFor();
    await expectNoSidewaysScroll(phone.page);
    await shot(phone.page, 'configuracion-precios-por-producto-movil');
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  // A customer on a sale, optional (docs/product-guide.md#ventas), at 390 px.
  it('on a phone: a sale for a chosen active customer shows it under the product; text never chosen is refused; an edit clears it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Guatemala', kilos_per_bag: 69, suppliers_fincas: ['Antigua'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Antigua', quantity_kg: 20, unit_price: 5, entry_date: '2024-03-01', batch_code: 'V-GUA' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-10', batch_code: 'T-GUA' });
    await post('/api/customers', { name: 'Cafetería Sol', kind: 'cafeteria', tax_id: 'B12345678' });
    await post('/api/customers', { name: 'Solera Cerrada', kind: 'tienda', active: false });

    await page.goto(`${env.server.url}/ventas`);
    await chooseProduct(page, 'T-GUA', 'T-GUA');
    await page.getByLabel('Cantidad (Kg)').fill('2');

    // Text typed and never chosen is not dropped: the form names the field.
    await customerBox(page).fill('Nadie');
    await customerBox(page).press('Escape');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(m.invalidCustomer);

    // Only active customers are offered.
    await customerBox(page).fill('sol');
    await expect.poll(() => customerOptions(page).allTextContents()).toEqual(['Cafetería SolB12345678']);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'phone-customer-picker');
    await customerBox(page).press('ArrowDown');
    await customerBox(page).press('Enter');
    await expect.poll(() => customerBox(page).inputValue()).toBe('Cafetería Sol');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    await expect.poll(() => saleRow(page, 'T-GUA').locator('.sale-product-cell__customer').textContent()).toBe('Cliente: Cafetería Sol');
    // The form starts again as a counter sale.
    await expect.poll(() => customerBox(page).inputValue()).toBe('');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'phone-sale-with-customer');

    // Editing shows the customer; emptying the box makes it a counter sale.
    await saleRow(page, 'T-GUA').getByRole('button', { name: /^Editar venta/ }).click();
    await expect.poll(() => customerBox(page).inputValue()).toBe('Cafetería Sol');
    await customerBox(page).fill('');
    await page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta actualizada')).toBe(m.updated);
    await expect.poll(() => saleRow(page, 'T-GUA').locator('.sale-product-cell__customer').count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['/api/sales?*', 'Error al cargar las ventas.'],
  ])('a failed load of %s shows its full-page red message', async (url, message) => {
    const { context, page } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.route(`**${url}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.goto(`${env.server.url}/ventas`);
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(message);
    await context.close();
  });
});
