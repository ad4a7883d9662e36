import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { orderMessages } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import { recallMessages } from '#shared/recall-messages.js';
import { addDays } from '#shared/schemas/orders.js';
import { apiPost } from './helpers/api.js';
import { expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('pedidos');
const view = (page: Page) => page.locator('section.order-view');
const fact = (page: Page, label: string) => view(page).locator('.order-view__facts div', { hasText: label }).locator('dd');

/** Two roasts of one coffee (Colombia · Medio), the older first, and a café to sell to: through the API, as a shop has them. */
async function seed(page: Page) {
  const post = apiPost<{ id: number }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 40, unit_price: 8, entry_date: '2024-03-01', batch_code: 'VERDE-A' });
  const older = await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 5, resultant_kg: 4, roast_type: 'Medio', roast_date: '2024-03-05', batch_code: 'CO-R1' });
  await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-12', batch_code: 'CO-R2' });
  await post('/api/customers', { name: 'Cafetería Sol', kind: 'cafeteria', address: 'Calle Mayor 1, Madrid', phone: '+34 600 12 34 56' });
  return { older };
}

/** Pedidos (docs/product-guide.md#pedidos) at 390 px: an order of bags, prepared from two lots, printed, delivered, repeated. */
describe('pedidos', () => {
  const env = useServerAndBrowser();

  it('on a phone: a weekly order of bags, prepared from two lots after a 409, its albarán, its delivery, its lot\'s recall list, the next order edited and cancelled', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const { older } = await seed(page);

    // Home's row of tools (docs/product-guide.md#reaching-new-screens).
    await page.getByRole('navigation', { name: 'Herramientas' }).getByRole('link', { name: 'Pedidos' }).click();
    await page.waitForURL(`${env.server.url}/pedidos`);
    await page.getByRole('heading', { level: 1, name: 'Pedidos', exact: true }).waitFor();
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe(m.empty);

    // Nothing is sent while the customer, the due date or a line's product is missing.
    await page.getByRole('button', { name: m.create }).click();
    await expect.poll(() => alertText(page)).toBe(orderMessages.required);
    expect(await page.getByRole('combobox', { name: 'Cliente', exact: true }).getAttribute('aria-invalid')).toBe('true');

    // The form: a customer from the search box, today as the due date, weekly, 20 bags of 250 g, ground.
    const customer = page.getByRole('combobox', { name: 'Cliente', exact: true });
    await customer.fill('sol');
    await page.locator('#order-customer-list').getByRole('option', { name: /Cafetería Sol/ }).click();
    await page.getByLabel('Fecha de entrega').fill(formatDate(localIsoDate()));
    await page.getByLabel('Repetir').selectOption({ label: 'Cada semana' });
    await page.getByLabel('Producto').selectOption({ label: 'Colombia · Medio' });
    await page.getByLabel('Formato').selectOption({ label: 'Bolsa 250 g' });
    await page.getByLabel('Bolsas').fill('20');
    // The price per kg comes from the server's hint (Configuración's default for a roasted coffee).
    await expect.poll(() => page.getByLabel(/^Precio/).inputValue()).not.toBe('');
    await page.getByLabel('Precio ($/Kg)').fill('18');
    await page.getByLabel('Molienda').selectOption({ label: 'Molido' });
    await expect.poll(() => page.locator('#order-line-0-quantity-hint').textContent()).toBe('5.00 Kg');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'form-phone');
    await page.getByRole('button', { name: m.create }).click();
    await expect.poll(() => waitForToast(page, 'Pedido creado')).toBe(m.added);

    // The new order opens in its view, and the list has it.
    await expect.poll(() => fact(page, 'Estado').textContent()).toBe('Pendiente');
    await expect.poll(() => page.locator('table.data-table tbody tr td[data-label="Cliente"]').allTextContents()).toContain('Cafetería Sol');
    expect(await view(page).locator('td[data-label="Kilos"]').first().textContent()).toBe('5.00 Kg');
    expect(await view(page).locator('td[data-label="Total"]').first().textContent()).toBe('$90.00');

    // 'Preparar': the older lot first (4 kg), the rest from the newer one.
    await view(page).getByRole('button', { name: m.prepare }).click();
    await expect.poll(() => page.getByLabel('Kg del lote CO-R1').inputValue()).toBe('4');
    expect(await page.getByLabel('Kg del lote CO-R2').inputValue()).toBe('1');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'allocation-phone');

    // Meanwhile a counter sale takes 1 kg of the older lot: nothing is recorded, the message says why and the lots are read again.
    await apiPost(page)('/api/sales', { product_type: 'tostado', product_id: older.id, batch_code_sold: 'CO-R1', quantity_kg: 1, unit_price: 20, sale_date: localIsoDate() });
    await page.getByRole('button', { name: m.confirmPrepare }).click();
    await expect.poll(() => alertText(page)).toMatch(/^El stock del lote CO-R1 cambió mientras preparabas el pedido/);
    await expect.poll(() => page.getByLabel('Kg del lote CO-R1').inputValue()).toBe('3');
    expect(await page.getByLabel('Kg del lote CO-R2').inputValue()).toBe('2');

    // The user picks the lots: 1 kg of the older, 4 of the newer.
    await page.getByLabel('Kg del lote CO-R1').fill('1');
    await page.getByLabel('Kg del lote CO-R2').fill('4');
    await page.getByRole('button', { name: m.confirmPrepare }).click();
    await expect.poll(() => waitForToast(page, 'Pedido preparado')).toBe(m.prepared);
    await expect.poll(() => fact(page, 'Estado').textContent()).toBe('Preparado');
    const note = (await fact(page, 'Albarán').textContent()) ?? '';
    expect(note).toMatch(/^Albarán \d{4}-0001$/);

    // 'Imprimir albarán' opens the delivery note's PDF.
    const href = await view(page).getByRole('link', { name: m.printNote }).getAttribute('href');
    expect(href).toBe('/api/orders/1/delivery-note.pdf');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await shot(page, 'prepared-phone');

    // 'Entregar', after the browser's question; a weekly order links to the next one, a week later.
    const question = nextDialog(page, true);
    await view(page).getByRole('button', { name: m.deliver }).click();
    expect(await question).toBe(m.deliverConfirm);
    await expect.poll(() => waitForToast(page, 'Pedido entregado')).toBe(m.delivered);
    await expect.poll(() => fact(page, 'Estado').textContent()).toBe('Entregado');
    await view(page).getByRole('link', { name: /^Ver el siguiente pedido/ }).click();
    await expect.poll(() => fact(page, 'Estado').textContent()).toBe('Pendiente');
    expect(await fact(page, 'Fecha de entrega').textContent()).toBe(formatDate(addDays(localIsoDate(), 7)));
    expect(await fact(page, 'Repetir').textContent()).toBe('Cada semana');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'next-order-phone');

    // Trazabilidad: the recall list of a lot it took names the café and the albarán.
    await page.goto('/trazabilidad?lote=CO-R2');
    await page.getByText(recallMessages.action).click();
    const csvHref = await page.getByRole('link', { name: recallMessages.downloadCsv }).getAttribute('href');
    const csv = await (await page.request.get(csvHref!)).text();
    expect(csv).toContain('Cafetería Sol');
    expect(csv).toContain(note.replace('Albarán ', ''));
    const recallPdf = await page.request.get((await page.getByRole('link', { name: recallMessages.downloadPdf }).getAttribute('href'))!);
    expect(recallPdf.status()).toBe(200);
    expect(recallPdf.headers()['content-type']).toBe('application/pdf');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Pedidos', exact: true }).waitFor();

    // A pending order is edited in the form (with its version) and can be cancelled.
    await view(page).getByRole('button', { name: m.edit }).click();
    await page.getByRole('heading', { name: m.editTitle(2) }).waitFor();
    await expect.poll(() => page.getByLabel('Bolsas').inputValue()).toBe('20');
    await page.getByLabel('Bolsas').fill('30');
    await page.getByRole('button', { name: m.update }).click();
    await expect.poll(() => waitForToast(page, 'Pedido actualizado')).toBe(m.updated);
    await expect.poll(() => view(page).locator('td[data-label="Kilos"]').first().textContent()).toBe('7.50 Kg');
    const cancel = nextDialog(page, true);
    await view(page).getByRole('button', { name: m.cancelOrder }).click();
    expect(await cancel).toBe(m.cancelConfirm);
    await expect.poll(() => fact(page, 'Estado').textContent()).toBe('Cancelado');
    expect(await view(page).getByRole('button').allTextContents()).toEqual([m.close]);

    // A product chosen before the customer gets Configuración's price; choosing the café then gives its own last price (18).
    await page.getByLabel('Producto').selectOption({ label: 'Colombia · Medio' });
    await expect.poll(() => page.getByLabel('Precio ($/Kg)').inputValue()).not.toBe('');
    expect(await page.getByLabel('Precio ($/Kg)').inputValue()).not.toBe('18.00');
    await page.getByRole('combobox', { name: 'Cliente', exact: true }).fill('sol');
    await page.locator('#order-customer-list').getByRole('option', { name: /Cafetería Sol/ }).click();
    await expect.poll(() => page.getByLabel('Precio ($/Kg)').inputValue()).toBe('18.00');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
