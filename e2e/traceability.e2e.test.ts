import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('traceability');

/**
 * A known trace chain (tests/helpers/trace-chain.ts has the same one for the
 * API suites): two green lots of Colombia at 8.00 and 9.50 $/Kg, three roasts,
 * a blend of 5 kg of CO-R1 and 4 kg of CO-R3, three sales.
 */
async function seed(page: Page): Promise<void> {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'] });
  const green = (batch_code: string, supplier_finca: string, quantity_kg: number, unit_price: number) =>
    post('/api/green-coffee', { origin_id: origin.id, supplier_finca, quantity_kg, unit_price, entry_date: '2024-03-01', batch_code });
  const a = await green('VERDE-01', 'Finca La Esperanza', 100, 8);
  const b = await green('VERDE-02', 'Finca El Paraíso', 60, 9.5);
  const roast = (green_coffee_id: number, quantity_green_kg: number, resultant_kg: number, batch_code: string, roast_date: string) =>
    post('/api/roasted-coffee', { green_coffee_id, quantity_green_kg, resultant_kg, roast_type: 'Medio', roast_date, batch_code });
  const r1 = await roast(a.id, 20, 16.5, 'CO-R1', '2024-03-05');
  const r2 = await roast(a.id, 12.5, 10.4, 'CO-R2', '2024-03-06');
  const r3 = await roast(b.id, 15, 12.3, 'CO-R3', '2024-03-07');
  const blend = await post('/api/blended-coffee', {
    name: 'Casa',
    total_quantity_kg: 9,
    creation_date: '2024-03-10',
    batch_code: 'CA-MZ-1',
    recipe_id: null,
    components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: r1.id, quantity_used: 5 }, { id: r3.id, quantity_used: 4 }] }],
  });
  const sale = (lot: { id: number; batch_code: string }, product_type: string, quantity_kg: number, unit_price: number, sale_date: string) =>
    post('/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price, sale_date, batch_code_sold: lot.batch_code });
  await sale(r2, 'tostado', 3.333, 18, '2024-04-02');
  await sale(blend, 'mezcla', 2.5, 28.5, '2024-04-03');
  await sale(r1, 'tostado', 1, 20, '2024-04-04');
}

/** A lot link on a phone is a touch target of at least 44 × 44 px ('.lot-link' in src/web/styles.css), not its 19 px line of text. */
async function expectTapTarget(link: Locator): Promise<void> {
  const box = await link.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

const sourcesTable = (page: Page) => page.getByRole('table', { name: 'Orígenes y fincas de origen' });
const cells = (page: Page, table: string, rowText: string) =>
  page.getByRole('table', { name: table }).locator('tbody tr', { hasText: rowText }).first().locator('td').allTextContents();

// Long walks through several screens; the shared 2-core machine can be slow, hence the explicit timeouts.
describe('trazabilidad y costes', () => {
  const env = useServerAndBrowser();

  it('from a sale row back to its green lots and farms, then forward from a green lot to its customers and back', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    // Home before any lot: the alert card says there is no stock yet, not that all of it is above the thresholds.
    await page.getByRole('heading', { name: 'Alertas de stock' }).waitFor();
    await expect.poll(() => page.locator('.stock-alerts').textContent()).toContain('Todavía no hay stock: registra café verde para empezar.');
    await seed(page);

    // Ventas: the blend's sale row → its trace.
    await page.goto(`${env.server.url}/ventas`);
    // Each sale shows its gross margin (total − kg × cost per kg).
    const blendSale = page.getByRole('table', { name: 'Historial de Ventas' }).locator('tbody tr', { hasText: 'CA-MZ-1' });
    // The sale's margin (docs/decisions/0011-cost-per-kg-and-margins.md): a muted line in 'Total ($)'; the trace link: in 'Acciones', beside edit and delete.
    await expect.poll(() => blendSale.locator('td[data-label="Total ($)"] .sale-total-cell__margin').textContent()).toBe('Margen $44.91 (63.03 %)');
    await blendSale.locator('td[data-label="Acciones"]').getByRole('link', { name: /^Trazabilidad de la venta de .*\(CA-MZ-1\)/ }).click();
    await page.waitForURL(/\/trazabilidad\?venta=\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Trazabilidad de Lotes' }).waitFor();
    await page.getByRole('heading', { name: 'Venta · CA-MZ-1' }).waitFor();
    // 2.5 kg × 28.50 = 71.25 $; cost 2.5 × 10.536… = 26.34 $; margin 44.91 $ (63.03 %).
    await expect.poll(() => page.locator('.trace-facts').textContent()).toContain('$44.91 (63.03 %)');
    await expect.poll(() => page.locator('.trace-facts').textContent()).toContain('$26.34');
    // 2500 g over draws of 5 and 4 kg: 1389 g from VERDE-01 (La Esperanza), 1111 g from VERDE-02 (El Paraíso).
    await sourcesTable(page).waitFor();
    expect(await cells(page, 'Orígenes y fincas de origen', 'VERDE-01')).toEqual(['Colombia', 'Finca La Esperanza', 'VERDE-01', '1.389 Kg']);
    expect(await cells(page, 'Orígenes y fincas de origen', 'VERDE-02')).toEqual(['Colombia', 'Finca El Paraíso', 'VERDE-02', '1.111 Kg']);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'sale-backward-desktop');

    // Forward from the green lot: its roasts, the blend that drew on CO-R1, the sales.
    await sourcesTable(page).getByRole('link', { name: 'VERDE-01' }).click();
    await page.waitForURL(/\/trazabilidad\?tipo=green&id=\d+$/);
    await page.getByRole('heading', { name: 'Café Verde · VERDE-01' }).waitFor();
    const tree = page.locator('.trace-tree');
    await expect.poll(() => tree.textContent()).toContain('Verde 20.00 Kg → Tostado 16.50 Kg · Rendimiento 82.50 % · En stock 10.50 Kg · Coste $9.70/Kg');
    await expect.poll(() => tree.textContent()).toContain('Tomó 5.00 Kg · Producido 9.00 Kg · En stock 6.50 Kg · Coste $10.54/Kg');
    await expect.poll(() => tree.textContent()).toContain('Rendimiento 83.20 %');
    await expect.poll(() => page.getByRole('table', { name: 'Ventas del lote' }).locator('tbody tr').count()).toBe(3);
    await expect.poll(() => page.locator('#trace-sales-title + p').textContent()).toBe('3 ventas · 6.83 Kg · $151.24');
    // The lot's history from the ledger: received, two roasts.
    await expect.poll(() => page.getByRole('table', { name: 'Historial del lote' }).locator('tbody tr').count()).toBe(3);
    expect((await cells(page, 'Historial del lote', 'Recepción')).slice(1)).toEqual(['Recepción', expect.any(String), '—', '+100.00', '100.00', '—']);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'green-forward-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectTapTarget(tree.getByRole('link', { name: 'CO-R1' }).first());
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'green-forward-phone');
    // 'Lista de retirada' (docs/product-guide.md#lista-de-retirada): its two downloads, for this lot.
    await page.getByText('Lista de retirada', { exact: true }).click();
    const recallCsv = page.getByRole('link', { name: 'Descargar CSV' }).last();
    const recallPdf = page.getByRole('link', { name: 'Descargar PDF' });
    await recallPdf.waitFor();
    expect(await recallCsv.getAttribute('href')).toMatch(/^\/api\/recall\.csv\?kind=green&id=\d+$/);
    expect(await recallPdf.getAttribute('href')).toMatch(/^\/api\/recall\.pdf\?kind=green&id=\d+$/);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'recall-downloads-phone');
    // No customer yet: the three sales are counter sales, 3333 g of CO-R2, 1389 g of the blend's 2500, 1000 g of CO-R1.
    const csv = await page.request.get(`${env.server.url}${await recallCsv.getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('"Venta de mostrador";"";"";"";"";"";5,722;3;"";"";""');
    const pdf = await page.request.get(`${env.server.url}${await recallPdf.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.setViewportSize(DESKTOP);

    // …and back: the blend sale's own trace link in the sales leaves.
    await page.getByRole('link', { name: /^Trazar la venta del 03\/04\/2024 del lote CA-MZ-1/ }).click();
    await page.waitForURL(/\/trazabilidad\?venta=\d+$/);
    await page.getByRole('heading', { name: 'Venta · CA-MZ-1' }).waitFor();
    await page.setViewportSize(PHONE);
    await sourcesTable(page).waitFor();
    await expectNoSidewaysScroll(page);
    await expectTapTarget(sourcesTable(page).getByRole('link', { name: 'VERDE-01' }));
    await shot(page, 'sale-backward-phone');
    await page.setViewportSize(DESKTOP);

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a lot code typed in the search, the history action of the lot tables, costs on the tables and the home alert card', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);

    await page.goto(`${env.server.url}/trazabilidad`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => page.locator('.form-alert').textContent()).toBe('Por favor, escribe el código de un lote.');
    await page.getByLabel('Código de Lote').fill('NO-EXISTE');
    await page.getByLabel('Código de Lote').press('Enter');
    await expect.poll(() => page.locator('.form-alert').textContent()).toBe('Lote no encontrado. Revisa el código e inténtalo de nuevo.');
    await page.getByLabel('Código de Lote').fill('co-r1');
    await page.getByLabel('Código de Lote').press('Enter');
    await page.getByRole('heading', { name: 'Café Tostado · CO-R1' }).waitFor();
    await expect
      .poll(async () => (await page.getByRole('table', { name: 'Historial del lote' }).locator('tbody tr td:nth-child(2)').allTextContents()).join(' | '))
      .toBe('Venta | Mezcla | Producción del tueste');
    await shot(page, 'roasted-search-desktop');

    // Café Tostado: the cost column and the row's history action.
    await page.goto(`${env.server.url}/cafe-tostado`);
    const roastRow = page.getByRole('table', { name: 'Stock de Café Tostado' }).locator('tbody tr', { hasText: 'CO-R2' });
    await expect.poll(() => roastRow.locator('td[data-label="Coste ($/Kg)"]').textContent()).toBe('$9.62');
    // Its age under the date: roasted in March 2024, past the default 30 days of freshness (docs/decisions/0049-roast-age-and-public-page.md).
    await expect.poll(() => roastRow.locator('td[data-label="Fecha Tostado"] .roast-age--pasado').textContent()).toMatch(/^Edad: \d+ días · Pasado de frescura$/);
    await roastRow.getByRole('link', { name: 'Historial y trazabilidad del lote CO-R2' }).click();
    await page.getByRole('heading', { name: 'Café Tostado · CO-R2' }).waitFor();

    // Café Mezcla: the blend's cost.
    await page.goto(`${env.server.url}/cafe-mezcla`);
    await expect
      .poll(() => page.getByRole('table', { name: 'Mezclas Actuales' }).locator('tbody tr', { hasText: 'CA-MZ-1' }).locator('td[data-label="Coste ($/Kg)"]').textContent())
      .toBe('$10.54');

    // Home: the alert card (defaults: 60 kg of green per origin, 5 kg per roasted lot or blend).
    await page.goto(`${env.server.url}/`);
    await page.getByRole('heading', { name: 'Alertas de stock' }).waitFor();
    await expect.poll(() => page.locator('.stock-alerts').textContent()).toContain('Todo el stock está por encima de los umbrales.');
    await expect.poll(() => page.locator('.home-card').count()).toBe(7);

    // Configuración: raise the thresholds; the card then lists Colombia (112.5 kg of green) and CO-R3 (8.3 kg).
    await page.goto(`${env.server.url}/configuracion`);
    await page.getByLabel('Café Verde por origen (Kg)').fill('120');
    await page.getByLabel('Lote de Café Tostado (Kg)').fill('9');
    await page.getByRole('button', { name: 'Guardar Umbrales' }).click();
    await expect.poll(() => waitForToast(page, 'Umbrales')).toBe('Umbrales de stock bajo actualizados con éxito.');
    await shot(page, 'configuracion-thresholds-desktop');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio', exact: true }).click();
    await expect.poll(() => page.locator('.stock-alerts__list').textContent()).toContain('Colombia: 112.50 Kg de café verde (umbral 120.00 Kg)');
    await expect.poll(() => page.locator('.stock-alerts__list').textContent()).toContain('CO-R3 Café Tostado · Colombia: 8.30 Kg · Colombia · Medio: sin salidas en 28 días');
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'home-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectTapTarget(page.locator('.stock-alerts__list').getByRole('link', { name: 'CO-R3' }));
    // Every lot is past freshness: 25.87 kg of roasted lots and 6.5 kg of the blend.
    await expect.poll(() => page.locator('.stock-alerts__past').textContent()).toMatch(/^Pasado de frescura: 32\.37 Kg en 4 lotes, \$[\d.]+ a coste$/);
    await shot(page, 'home-phone');

    // The coffee drinker's page, signed out on a phone: off by default, then on from Configuración.
    const drinker = await newPage(env.browser, env.server.url, PHONE);
    expect((await drinker.page.goto(`${env.server.url}/c/CO-R1`))?.status()).toBe(404);
    await page.goto(`${env.server.url}/configuracion`);
    await page.getByRole('checkbox', { name: 'Página pública de trazabilidad' }).check();
    await page.getByRole('form', { name: 'Página Pública de Trazabilidad' }).getByRole('button', { name: 'Guardar Página Pública' }).click();
    await expect.poll(() => waitForToast(page, 'Página pública')).toBe('Página pública de trazabilidad actualizada con éxito.');
    expect((await drinker.page.goto(`${env.server.url}/c/co-r1`))?.status()).toBe(200);
    await drinker.page.getByRole('heading', { level: 1, name: 'Colombia · Finca La Esperanza' }).waitFor();
    expect(await drinker.page.locator('dl').textContent()).toMatch(/^LoteCO-R1OrigenColombiaFincaFinca La EsperanzaTipo de tuesteMedioFecha de tostado05\/03\/2024Edad\d+ díasEstadoPasado de frescura/);
    await expectNoSidewaysScroll(drinker.page);
    await expectNoSeriousAxeViolations(drinker.page);
    await shot(drinker.page, 'public-page-phone');
    expect(drinker.problems).toEqual([]);
    await drinker.context.close();

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
