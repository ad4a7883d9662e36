import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { salesMessages as m } from '#shared/sales-messages.js';
import { expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

/** A customer on a sale, optional (docs/product-guide.md#ventas), at 390 px. */

const shot = shooter('sales');
const customerBox = (page: Page) => page.getByRole('combobox', { name: 'Cliente' });
const customerOptions = (page: Page) => page.locator('ul[role="listbox"][aria-label="Clientes"]').getByRole('option');
const saleRow = (page: Page, code: string) => page.getByRole('table', { name: 'Historial de Ventas' }).locator('tbody tr', { hasText: code });

async function chooseProduct(page: Page, code: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Producto' });
  await picker.fill(code);
  await page.locator('ul[role="listbox"][aria-label="Productos"]').getByRole('option').filter({ hasText: `Lote ${code}` }).waitFor();
  await picker.press('Enter');
  await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe(code);
}

describe('ventas con cliente', () => {
  const env = useServerAndBrowser();

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
    await chooseProduct(page, 'T-GUA');
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
});
