import { describe, expect, it } from 'vitest';
import { reportMessages } from '#shared/report-messages.js';
import { saleFormatMessages } from '#shared/sale-format-messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { expectNoSeriousAxeViolations, newPage, PHONE, PHONE_WITH_KEYBOARD, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('sale-formats');

/**
 * Sale formats (docs/product-guide.md#configuracion and #ventas) at 390 px: Configuración's
 * 'Formatos de venta' with the three defaults, a new one added; a sale of 4 × 'Bolsa 250 g' fills
 * 'Cantidad (Kg)' with 1 and shows '4 × Bolsa 250 g' under its product; Reportes shows the counter
 * sale apart in 'Ventas por Cliente'.
 */
describe('formatos de venta', () => {
  const env = useServerAndBrowser();

  it('on a phone: add a format, sell 4 × Bolsa 250 g, see it in the history and in Reportes', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Honduras', kilos_per_bag: 69, suppliers_fincas: ['Marcala'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Marcala', quantity_kg: 20, unit_price: 5, entry_date: '2024-03-01', batch_code: 'V-HON' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-10', batch_code: 'T-HON' });

    // Configuración: the three formats every new database has, by grams; add one.
    await page.goto(`${env.server.url}/configuracion`);
    const table = page.getByRole('table', { name: saleFormatMessages.title });
    await expect.poll(() => table.locator('tbody tr td:first-child').allTextContents()).toEqual(['Bolsa 250 g', 'Bolsa 500 g', 'Bolsa 1 kg']);
    const form = page.getByRole('form', { name: 'Formatos de venta' });
    await form.getByLabel('Nombre').fill('Bolsa 2 kg');
    await form.getByLabel('Gramos').fill('0');
    await form.getByRole('button', { name: 'Agregar Formato' }).click();
    await expect.poll(() => page.locator('.form-alert').first().textContent()).toBe('Gramos: el formato debe tener al menos 1 g.');
    await form.getByLabel('Gramos').fill('2000');
    await form.getByRole('button', { name: 'Agregar Formato' }).click();
    await expect.poll(() => waitForToast(page, 'Formato agregado')).toBe(saleFormatMessages.added);
    await expect.poll(() => table.locator('tbody tr td:first-child').allTextContents()).toEqual(['Bolsa 250 g', 'Bolsa 500 g', 'Bolsa 1 kg', 'Bolsa 2 kg']);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'phone-configuracion');

    // Ventas: 4 bags of 250 g fill 1 Kg, which cannot be typed over.
    await page.goto(`${env.server.url}/ventas`);
    const picker = page.getByRole('combobox', { name: 'Producto' });
    await picker.fill('T-HON');
    await page.locator('ul[role="listbox"][aria-label="Productos"]').getByRole('option').first().waitFor();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe('T-HON');
    const format = page.getByLabel('Formato', { exact: true });
    expect(await format.locator('option').allTextContents()).toEqual(['A granel', 'Bolsa 250 g', 'Bolsa 500 g', 'Bolsa 1 kg', 'Bolsa 2 kg']);
    await format.selectOption({ label: 'Bolsa 250 g' });
    await page.getByLabel('Bolsas', { exact: true }).fill('4');
    await expect.poll(() => page.getByLabel('Cantidad (Kg)', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Cantidad (Kg)', { exact: true }).getAttribute('readonly')).not.toBeNull();

    // With the keyboard up, the whole form still fits, two fields a row: 'Formato' beside 'Bolsas'.
    await page.setViewportSize(PHONE_WITH_KEYBOARD);
    const saleForm = page.getByRole('form', { name: 'Nueva Venta' });
    await saleForm.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    expect((await saleForm.boundingBox())!.height).toBeLessThanOrEqual(PHONE_WITH_KEYBOARD.height);
    const [formatBox, bagsBox] = [(await format.boundingBox())!, (await page.getByLabel('Bolsas', { exact: true }).boundingBox())!];
    expect(bagsBox.y).toBe(formatBox.y);
    await shot(page, 'phone-keyboard-bags');
    await page.setViewportSize(PHONE);

    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    const row = page.getByRole('table', { name: 'Historial de Ventas' }).locator('tbody tr', { hasText: 'T-HON' });
    await expect.poll(() => row.locator('.sale-product-cell__customer').first().textContent()).toBe('4 × Bolsa 250 g');
    // The form starts again at 'A granel', its kilos typed again.
    await expect.poll(() => format.inputValue()).toBe('');
    expect(await page.getByLabel('Cantidad (Kg)', { exact: true }).getAttribute('readonly')).toBeNull();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'phone-sale-of-bags');

    // Reportes: a counter sale, shown apart from the customers.
    await page.goto(`${env.server.url}/reportes`);
    const byCustomer = page.getByRole('table', { name: reportMessages.salesByCustomerTitle });
    await expect.poll(() => byCustomer.locator('tbody tr td:first-child').allTextContents()).toEqual(['Venta de mostrador']);
    await expectNoSidewaysScroll(page);
    await shot(page, 'phone-reportes');

    expect(problems).toEqual([]);
    await context.close();
  });
});
