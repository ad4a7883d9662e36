import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reportMessages as m } from '#shared/report-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, shooter } from './helpers/screen.js';

const shot = shooter('reports');
/** The charts' screen-reader tables: the figures the bars and slices draw. */
const tableRows = (page: Page, caption: string) =>
  page.getByRole('table', { name: caption }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));
/** Month and 'Ventas ($)' of the monthly table (the margin column comes after them). */
const monthRows = async (page: Page) => (await tableRows(page, 'Ventas Mensuales')).map((row) => row.slice(0, 2));
const tiles = (page: Page) => page.locator('.report-stock .stat').evaluateAll((items) => items.map((item) => item.textContent));
/** 'Tostado y Mezcla por edad' under the stock tiles (docs/decisions/0049-roast-age-and-public-page.md). */
const AGE_TABLE = 'Tostado y Mezcla por edad';
/** Its four rows: the first three buckets with `young`, the last (over 30 days) with `old`. */
const ageRows = (young: [string, string], old = young) => [
  ['0–7 días', ...young],
  ['8–14 días', ...young],
  ['15–30 días', ...young],
  ['Más de 30 días', ...old],
];
const totalTiles = (page: Page) => page.locator('.report-totals .stat').evaluateAll((items) => items.map((item) => item.textContent));

/** An origin, a green lot, two roasted lots and three sales, through the API with the page's session. */
async function seed(page: Page): Promise<void> {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 100, unit_price: 5, entry_date: '2023-12-01', batch_code: 'V-REP' });
  const roast = (code: string, type: string) =>
    post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 22, resultant_kg: 20, roast_type: type, roast_date: '2023-12-15', batch_code: code });
  const medio = await roast('CO-151223-1001', 'Medio');
  const oscuro = await roast('CO-151223-1002', 'Oscuro');
  const sell = (lot: { id: number; batch_code: string }, kg: number, price: number, date: string) =>
    post('/api/sales', { product_id: lot.id, product_type: 'tostado', quantity_kg: kg, unit_price: price, sale_date: date, batch_code_sold: lot.batch_code });
  await sell(medio, 2, 15, '2024-01-10'); // 30.00
  await sell(oscuro, 1.5, 21.99, '2024-02-05'); // 32.985 → 32.99
  await sell(medio, 0.5, 15, '2024-02-20'); // 7.50
}

describe('reportes', () => {
  const env = useServerAndBrowser();

  it('sin ventas: textos vacíos y stock a cero; el código de /reportes solo se descarga al abrirla', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.getByRole('heading', { level: 1, name: 'Sistema de Gestión de Café' }).waitFor();
    // Login + home: no report chunk (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
    expect(scripts.some((script) => script.includes('reports-page'))).toBe(false);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Reportes', exact: true }).click();
    await page.waitForURL(`${env.server.url}/reportes`);
    await page.getByRole('heading', { level: 1, name: 'Reportes', exact: true }).waitFor();
    expect(scripts.some((script) => script.includes('reports-page'))).toBe(true);

    await page.getByText(m.noProductsSold).first().waitFor();
    // Both top 5s, by lot and by product, say it.
    await expect.poll(() => page.getByText('No hay datos de productos vendidos.').count()).toBe(2);
    await page.getByText(m.noSales).waitFor();
    expect(await tiles(page)).toEqual(['Café Verde0.00 Kg', 'Café Tostado0.00 Kg', 'Café Mezcla0.00 Kg']);
    expect(await tableRows(page, AGE_TABLE)).toEqual(ageRows(['0.00', '$0.00']));
    expect(await totalTiles(page)).toEqual(['Cantidad vendida0.00 Kg', 'Número de ventas0', 'Ventas$0.00', 'Margen bruto$0.00']);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'sin-datos-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('con ventas: cifras, tooltip de una barra, el periodo en la URL cambia las cifras; 1280 y 390 px', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page);
    await page.goto('/reportes');
    await page.getByRole('heading', { level: 2, name: 'Ventas Mensuales' }).waitFor();

    await expect.poll(() => monthRows(page)).toEqual([
      ['ene 24', '$30.00'],
      ['feb 24', '$40.49'],
    ]);
    // 'Margen bruto ($)' beside it (docs/decisions/0011-cost-per-kg-and-margins.md): the roasts cost 22 kg × 5 $/Kg / 20 kg = 5.50 $/Kg.
    expect((await tableRows(page, 'Ventas Mensuales')).map((row) => row[2])).toEqual(['$19.00', '$29.49']);
    expect(await tableRows(page, m.topProductsTitle)).toEqual([
      ['CO-151223-1001', 'Colombia · Medio', '2.50 Kg'],
      ['CO-151223-1002', 'Colombia · Oscuro', '1.50 Kg'],
    ]);
    expect(await tiles(page)).toEqual(['Café Verde56.00 Kg', 'Café Tostado36.00 Kg', 'Café Mezcla0.00 Kg']);
    // Under them, by age (GET /api/reports/stock-by-age): both roasts of 15/12/2023, over 30 days old, 36 kg at 5.50 $/Kg.
    expect(await tableRows(page, AGE_TABLE)).toEqual(ageRows(['0.00', '$0.00'], ['36.00', '$198.00']));
    // 'Totales del Periodo': the months above added up; the margin at 5.50 $/Kg (48.49 / 70.49).
    expect(await totalTiles(page)).toEqual(['Cantidad vendida4.00 Kg', 'Número de ventas3', 'Ventas$70.49', 'Margen bruto$48.49 (68.79 %)']);
    // 'Top 5 por Producto (Kg)' beside the top 5 by lot: the two Medio sales are one product.
    expect(await tableRows(page, m.topByProductTitle)).toEqual([
      ['Colombia · Medio', 'Café Tostado', '1', '2.50 Kg'],
      ['Colombia · Oscuro', 'Café Tostado', '1', '1.50 Kg'],
    ]);
    // 'Exportar CSV' downloads what the screen shows, in the Spanish spreadsheet dialect by default.
    const exportLink = page.locator('.report-totals').getByRole('link', { name: 'Exportar CSV' });
    expect(await exportLink.getAttribute('href')).toBe('/api/reports/export.csv');
    const csv = await (await page.request.get(`${env.server.url}/api/reports/export.csv`)).text();
    expect(csv).toContain('"Totales del Periodo";"Total";"";4,000;3;70,49;48,49;68,79');
    expect(csv).toContain('"Top 5 por Producto (Kg)";"Colombia · Medio";"";2,500');
    // Both charts are drawn 300 px high (docs/product-guide.md#reportes), once their code has loaded (charts.tsx is a chunk of its own, docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
    const heights = () => page.locator('.report-chart .chart svg').evaluateAll((drawings) => drawings.map((drawing) => drawing.getBoundingClientRect().height));
    await expect.poll(heights).toEqual([300, 300]);
    // The pie's labels: name and percent.
    await page.locator('.chart__slice-label', { hasText: 'Colombia · Medio 63%' }).waitFor();
    // A white line parts the slices; a lone slice is the whole disc and is drawn without it (below).
    const sectorStrokes = () => page.locator('.chart__slice').evaluateAll((paths) => paths.map((path) => path.getAttribute('stroke')));
    expect(await sectorStrokes()).toEqual(['#fff', '#fff']);

    // Hover the January bar: the tooltip shows the month and $ with 2 decimals.
    await page.locator('.chart__bar').first().hover();
    const tooltip = page.locator('section[aria-labelledby="monthly-sales-title"] .chart-tooltip');
    await expect.poll(() => tooltip.textContent()).toContain('ene 24');
    expect(await tooltip.textContent()).toContain('Ventas ($) : $30.00');
    await shot(page, 'con-datos-tooltip-1280');
    await expectNoSeriousAxeViolations(page);
    // The axes: round ticks with 2 decimals, and every month in Spanish while they fit (docs/decisions/0010-report-ranges-and-month-labels.md).
    expect(await page.locator('section[aria-labelledby="monthly-sales-title"] .chart__axis text').allTextContents()).toEqual(['0.00', '15.00', '30.00', '45.00', '60.00', 'ene 24', 'feb 24']);
    // A slice's tooltip: its lot code and kg with 2 decimals. The top of the disc is the first slice's (slices start at 3 o'clock, anticlockwise).
    const firstSlice = page.locator('.chart__slice').first();
    const sliceBox = (await firstSlice.boundingBox())!;
    await firstSlice.hover({ position: { x: sliceBox.width / 2, y: 8 } });
    await expect.poll(() => page.locator('section[aria-labelledby="top-products-title"] .chart-tooltip').textContent()).toBe('CO-151223-1001 : 2.50 Kg');

    // A custom range cutting February: URL and figures change.
    await page.getByLabel('Periodo', { exact: true }).selectOption('personalizado');
    await page.getByLabel('Desde').fill('01/02/2024');
    await page.getByLabel('Hasta').fill('10/02/2024');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL(`${env.server.url}/reportes?periodo=personalizado&desde=2024-02-01&hasta=2024-02-10`);
    await expect.poll(() => monthRows(page)).toEqual([['feb 24', '$32.99']]);
    // Each report answers its own request: the top products may change a moment after the months.
    await expect.poll(() => tableRows(page, m.topProductsTitle)).toEqual([['CO-151223-1002', 'Colombia · Oscuro', '1.50 Kg']]);
    await expect.poll(sectorStrokes).toEqual(['none']);
    await expect.poll(() => totalTiles(page)).toEqual(['Cantidad vendida1.50 Kg', 'Número de ventas1', 'Ventas$32.99', 'Margen bruto$24.74 (74.99 %)']);
    expect(await exportLink.getAttribute('href')).toBe('/api/reports/export.csv?from=2024-02-01&to=2024-02-10');

    // The URL is the report: a reload shows the same figures.
    await page.reload();
    await expect.poll(() => monthRows(page)).toEqual([['feb 24', '$32.99']]);
    expect(await page.getByLabel('Desde').inputValue()).toBe('01/02/2024');

    // A range the wrong way round is refused in Spanish, the URL stays.
    await page.getByLabel('Desde').fill('31/02/2024');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => alertText(page)).toBe(m.fromInvalid);
    await page.getByLabel('Desde').fill('01/03/2024');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => alertText(page)).toBe(m.rangeReversed);
    expect(page.url()).toBe(`${env.server.url}/reportes?periodo=personalizado&desde=2024-02-01&hasta=2024-02-10`);

    // A preset applies at once: this month has no sales (they are all in 2024).
    await page.getByLabel('Periodo', { exact: true }).selectOption('mes');
    await page.waitForURL(`${env.server.url}/reportes?periodo=mes`);
    await page.getByText(m.noProductsSold).first().waitFor();
    await page.getByText(m.noSales).waitFor();
    await page.getByLabel('Periodo', { exact: true }).selectOption('todo');
    await page.waitForURL(`${env.server.url}/reportes`);
    await expect.poll(() => monthRows(page)).toHaveLength(2);
    await shot(page, 'con-datos-1280');

    expect(problems).toEqual([]);
    await context.close();

    // The phone: the same report, charts one under the other, nothing scrolls sideways.
    const phone = await newPage(env.browser, env.server.url, PHONE);
    await signIn(phone.page, env.server.adminUsername, env.server.adminPassword);
    await phone.page.goto('/reportes');
    await expect.poll(() => monthRows(phone.page)).toHaveLength(2);
    await phone.page.locator('.chart__bar').first().waitFor();
    // Slice labels do not fit a phone: the legend gives lot code, name and percent.
    await phone.page.locator('.chart-legend li', { hasText: 'CO-151223-1002 · Colombia · Oscuro 38%' }).waitFor();
    expect(await phone.page.locator('.chart__slice-label').first().isVisible()).toBe(false);
    await shot(phone.page, 'con-datos-390');
    await expectNoSidewaysScroll(phone.page);
    await expectNoSeriousAxeViolations(phone.page);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('el filtro no carga zod ni react-hook-form: la comprobación del rango se descarga al elegir Personalizado, y sin conexión lo dice en español', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The range's schema chunk (assets/reports-<hash>.js, not reports-page-…), and the forms chunk (zod, react-hook-form).
    const isRangeSchema = (script: string) => /\/assets\/reports-[\w-]{8}\.js$/.test(script);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.getByRole('heading', { level: 1, name: 'Sistema de Gestión de Café' }).waitFor();
    scripts.length = 0; // the login's form loads them
    await page.goto('/reportes');
    await page.getByRole('heading', { level: 2, name: m.stockSummaryTitle }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((script) => script.includes('/reports-page-'))).toBe(true);
    expect(scripts.filter((script) => isRangeSchema(script) || script.includes('/forms-'))).toEqual([]);

    // Its download fails: the form says so and sends nothing; once it can download, the range applies.
    await page.route(/\/assets\/reports-[\w-]{8}\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Periodo', { exact: true }).selectOption('personalizado');
    await expect.poll(() => scripts.filter(isRangeSchema).length).toBeGreaterThan(0);
    await page.getByLabel('Desde').fill('01/02/2024');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => alertText(page)).toBe(m.rangeCheckFailed);
    expect(page.url()).toBe(`${env.server.url}/reportes`);
    // The two dates, the button and the alert, as a screen reader meets them.
    await expectNoSeriousAxeViolations(page);
    await page.unroute(/\/assets\/reports-[\w-]{8}\.js$/);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL(`${env.server.url}/reportes?periodo=personalizado&desde=2024-02-01`);
    expect(problems.filter((problem) => !problem.includes('reports-'))).toEqual([]);
    await context.close();
  });

  // 'Margen bruto' has its own route (docs/decisions/0011-cost-per-kg-and-margins.md): a failure of either monthly route is the same red message.
  it.each(['**/api/reports/monthly-sales*', '**/api/reports/monthly-margin*'])('si falla %s: el mensaje rojo de reportes', async (url) => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.route(url, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) }));
    await page.goto('/reportes');
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(m.salesLoadError);
    expect(m.salesLoadError).toBe('Error al cargar datos de ventas para reportes.');
    expect(problems.some((problem) => problem.includes(m.salesLoadError))).toBe(true);
    await context.close();
  });

  // The stock by age has its own route (docs/decisions/0049-roast-age-and-public-page.md): its failure is the stock's red message, as the tiles'.
  it.each(['**/api/reports/stock-summary', '**/api/reports/stock-by-age'])('si falla %s: el mensaje rojo del resumen de stock', async (url) => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.route(url, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) }));
    await page.goto('/reportes');
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(m.stockLoadError);
    expect(m.stockLoadError).toBe('Error al cargar el resumen de stock.');
    expect(problems.some((problem) => problem.includes(m.stockLoadError))).toBe(true);
    await context.close();
  });

  it('el servidor envía HTML y JavaScript comprimidos (brotli), con caché larga solo para los assets', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, DESKTOP);
    const index = await page.request.get('/reportes', { headers: { 'accept-encoding': 'br' } });
    expect(index.headers()['content-encoding']).toBe('br');
    expect(index.headers()['cache-control']).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
    expect(script).toBeDefined();
    const asset = await page.request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers()['content-encoding']).toBe('gzip');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await context.close();
  });
});
