import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settingsMessages } from '#shared/settings-messages.js';
import { readPdf } from '../tests/helpers/pdf-pages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

/**
 * Configuración › 'Formato regional' (docs/product-guide.md#configuracion,
 * docs/decisions/0042-one-regional-formatter.md): saved at '€ after, comma', every screen,
 * chart, CSV header and label follows at once; back at the defaults, the spec's look returns.
 */
const shot = shooter('formato-regional');

interface Seeded {
  greenId: number;
}

/** One green lot, a roast and a sale of 2.5 Kg at 18 per Kg (45 in all), through the API; `tag` tells one test's apart from another's. */
async function seed(page: Page, tag = 'RF'): Promise<Seeded> {
  const post = apiPost(page);
  const origin = await post('/api/coffee-origins', { name: `Colombia ${tag}`, kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', {
    origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 69.5, unit_price: 5, entry_date: '2024-01-10', batch_code: `VERDE-${tag}`,
  });
  const roast = await apiPost<{ id: number; batch_code: string }>(page)('/api/roasted-coffee', {
    green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-01-12', batch_code: `CO-${tag}-1`,
  });
  await post('/api/sales', { product_id: roast.id, product_type: 'tostado', quantity_kg: 2.5, unit_price: 18, sale_date: '2024-01-15', batch_code_sold: roast.batch_code });
  return { greenId: green.id };
}

async function saveFormat(page: Page, symbol: string, position: 'before' | 'after', separator: '.' | ',', example: string): Promise<void> {
  await page.goto('/configuracion');
  const form = page.getByRole('form', { name: 'Formato regional' });
  await form.getByLabel('Símbolo de la moneda').fill(symbol);
  await form.getByLabel('Posición del símbolo').selectOption(position);
  await form.getByLabel('Separador decimal').selectOption(separator);
  await expect.poll(() => form.locator('.regional-format__example').textContent()).toBe(example);
  await form.getByRole('button', { name: 'Guardar Formato' }).click();
  await expect.poll(() => waitForToast(page, 'Formato regional')).toBe('Formato regional actualizado con éxito.');
}

const salesRow = (page: Page) => page.getByRole('table', { name: 'Historial de Ventas' }).locator('tbody tr').first().locator('td').allTextContents();
const salesHeaders = (page: Page) => page.getByRole('table', { name: 'Historial de Ventas' }).locator('thead th').allTextContents();

async function csvHeader(page: Page): Promise<string> {
  const response = await page.request.get('/api/sales/export.csv');
  return (await response.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!;
}

async function labelNetWeight(page: Page, greenId: number): Promise<string[]> {
  const response = await page.request.get(`/api/labels.pdf?lots=green:${greenId}&format=62mm`);
  expect(response.status()).toBe(200);
  return readPdf(await response.body()).flatMap((pdfPage) => pdfPage.lines.map((line) => line.text)).filter((text) => text.startsWith('Peso neto'));
}

async function reportTexts(page: Page): Promise<{ axis: string[]; tooltip: string | null }> {
  await page.goto('/reportes');
  await page.getByRole('heading', { level: 2, name: 'Ventas Mensuales' }).waitFor();
  await page.locator('.chart__bar').first().waitFor();
  await page.locator('.chart__bar').first().hover();
  const tooltip = page.locator('section[aria-labelledby="monthly-sales-title"] .chart-tooltip');
  await expect.poll(() => tooltip.textContent()).toContain('ene 24');
  const axis = await page.locator('section[aria-labelledby="monthly-sales-title"] .chart__axis text').allTextContents();
  return { axis, tooltip: await tooltip.textContent() };
}

describe('formato regional', () => {
  const env = useServerAndBrowser();

  it("'€ after, comma' reaches ventas, reportes (axis and tooltip), the CSV header and the label PDF; the defaults bring the spec's look back", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const { greenId } = await seed(page);

    // At the defaults: the spec's look.
    await page.goto('/ventas');
    await expect.poll(() => salesRow(page)).toEqual(expect.arrayContaining(['2.50', '$18.00']));
    expect(await csvHeader(page)).toBe('"Producto";"Lote Vendido";"Cantidad (Kg)";"Precio Unitario ($/Kg)";"Total ($)";"Fecha Venta";"Cliente";"Coste ($)";"Margen ($)";"Formato";"Bolsas"');

    // A bad symbol is refused in the form, in Spanish, and nothing is lost.
    await page.goto('/configuracion');
    const form = page.getByRole('form', { name: 'Formato regional' });
    await form.getByLabel('Símbolo de la moneda').fill('EURO');
    await form.getByRole('button', { name: 'Guardar Formato' }).click();
    await expect.poll(() => form.locator('.form-alert').textContent()).toBe(settingsMessages.currencySymbolTooLong(3));
    expect(await form.getByLabel('Símbolo de la moneda').inputValue()).toBe('EURO');
    expect(await alertText(page)).not.toBeNull();

    await saveFormat(page, '€', 'after', ',', 'Ejemplo: 20,14 € · 69,50 Kg');
    await shot(page, 'configuracion-1280');
    await page.goto('/ventas');
    await expect.poll(() => salesRow(page)).toEqual(expect.arrayContaining(['2,50', '18,00 €']));
    expect(await salesHeaders(page)).toEqual(expect.arrayContaining(['Precio Unitario (€/Kg)', 'Total (€)']));
    // The sale form's labels and the price it prefills follow too.
    expect(await page.locator('label[for="sale-unit-price"], label:has-text("Precio Unitario (")').first().textContent()).toContain('Precio Unitario (€/Kg)');
    await shot(page, 'ventas-1280');

    const euro = await reportTexts(page);
    expect(euro.axis).toEqual(expect.arrayContaining(['0,00', 'ene 24']));
    expect(euro.axis.some((text) => text.includes('.'))).toBe(false);
    expect(euro.tooltip).toContain('Ventas (€) : 45,00 €');
    await shot(page, 'reportes-1280');

    expect(await csvHeader(page)).toBe('"Producto";"Lote Vendido";"Cantidad (Kg)";"Precio Unitario (€/Kg)";"Total (€)";"Fecha Venta";"Cliente";"Coste (€)";"Margen (€)";"Formato";"Bolsas"');
    expect(await labelNetWeight(page, greenId)).toEqual(['Peso neto: 57,50 Kg']);

    // Back at the defaults: everything as the spec writes it.
    await saveFormat(page, '$', 'before', '.', 'Ejemplo: $20.14 · 69.50 Kg');
    await page.goto('/ventas');
    await expect.poll(() => salesRow(page)).toEqual(expect.arrayContaining(['2.50', '$18.00']));
    expect(await salesHeaders(page)).toEqual(expect.arrayContaining(['Precio Unitario ($/Kg)', 'Total ($)']));
    const dollar = await reportTexts(page);
    expect(dollar.axis).toEqual(expect.arrayContaining(['0.00', 'ene 24']));
    expect(dollar.tooltip).toContain('Ventas ($) : $45.00');
    expect(await csvHeader(page)).toBe('"Producto";"Lote Vendido";"Cantidad (Kg)";"Precio Unitario ($/Kg)";"Total ($)";"Fecha Venta";"Cliente";"Coste ($)";"Margen ($)";"Formato";"Bolsas"');
    expect(await labelNetWeight(page, greenId)).toEqual(['Peso neto: 57.50 Kg']);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('another open tab shows a newly saved format when it comes back into view or back online, without a reload', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page, 'TAB');
    // The other tab: same browser, same session, open on Ventas at the defaults.
    const other = await context.newPage();
    await other.goto('/ventas');
    await expect.poll(() => salesRow(other)).toEqual(expect.arrayContaining(['$18.00']));

    await saveFormat(page, '€', 'after', ',', 'Ejemplo: 20,14 € · 69,50 Kg');
    // Nothing asks the other tab yet: it still shows what it loaded.
    expect(await salesRow(other)).toEqual(expect.arrayContaining(['$18.00']));
    // The tab comes back into view (what the browser fires when a person switches to it).
    await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => salesRow(other)).toEqual(expect.arrayContaining(['2,50', '18,00 €']));

    // Back online after a drop: the same.
    await saveFormat(page, '$', 'before', '.', 'Ejemplo: $20.14 · 69.50 Kg');
    await context.setOffline(true);
    await other.evaluate(() => window.dispatchEvent(new Event('offline')));
    await context.setOffline(false);
    await other.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => salesRow(other)).toEqual(expect.arrayContaining(['2.50', '$18.00']));

    // A server out of reach when the tab comes back: the screen stays as it was, no error page over it.
    let refused = 0;
    await other.route('**/api/auth/me', (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => refused, { timeout: 10_000 }).toBe(2);
    await other.waitForTimeout(300);
    expect(await salesRow(other)).toEqual(expect.arrayContaining(['2.50', '$18.00']));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the section fits a phone, reads with a keyboard and a screen reader, and a reload keeps the format with no request of its own', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await saveFormat(page, '€', 'after', ',', 'Ejemplo: 20,14 € · 69,50 Kg');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('form', { name: 'Formato regional' }).scrollIntoViewIfNeeded();
    await shot(page, 'configuracion-390');

    // After a reload the format comes with the session: no GET /api/settings on home.
    const settingsRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/settings') settingsRequests.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(settingsRequests).toEqual([]);

    await saveFormat(page, '$', 'before', '.', 'Ejemplo: $20.14 · 69.50 Kg');
    expect(problems).toEqual([]);
    await context.close();
  });
});
