import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('roast-plan');

/** YYYY-MM-DD `days` from today (the server's date: same machine). */
const today = localIsoDate();
const shift = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Two origins, a recipe and a blend, made through the API, with these figures by hand
 * (docs/decisions/0028-roast-plan.md; thresholds 5 kg roasted and blend, the defaults):
 * - Huila · Medio: HU-R1 10 → 8.5 kg and HU-R2 10 → 8.4 kg (yield 16.9 / 20 = 84.50 %); 2 kg into the blend
 *   40 days ago (outside the 28-day window); sold 3.5 kg (27 days ago) and 8.4 kg: 3 kg left, 11.9 kg out,
 *   0.425 kg/day, 3 × 28 / 11.9 = 7.06 → 7 days.
 * - Brasil · Oscuro: BR-R1 12 → 9.6 kg (80 %), 2 kg into the blend, 4.4 kg sold: 3.2 kg left, 20 days.
 * - Receta Casa (50 % each): blend CASA-1 4 kg, 1.4 kg sold: 2.6 kg left, 52 days.
 * At 14 days: Casa needs 0.7 + 5 − 2.6 = 3.1 kg, 1.55 kg of each origin, and neither has roasted stock to
 * spare, so both go to the roast sheet as Medio (2 kg of each type drawn: a tie is Medio). Huila · Medio:
 * 5.95 + 5 − 3 = 7.95 + 1.55 = 9.5 kg, 9.5 / 0.845 = 11.2426… → 11.243 kg of green from HU-V1. Brasil · Oscuro:
 * 2.2 + 5 − 3.2 = 4 kg, 5 kg of green; Brasil · Medio (no lots): 1.55 kg, 1.94 kg of green. At 28 days
 * Huila needs 11.9 + 2 + 1.9 = 15.8 kg.
 * - Huila · Claro: HU-R0, 10 → 8 kg roasted 150 days ago and never sold: idle (no movement in 90 days), listed
 *   apart with no need; the recipe's Huila component names Medio, so its 8 kg are not spare for the blend.
 */
async function seed(page: Page) {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const huila = await post('/api/coffee-origins', { name: 'Huila', kilos_per_bag: 70, suppliers_fincas: ['Finca Alta'] });
  const brasil = await post('/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Boa'] });
  const green = (origin: { id: number }, finca: string, batch_code: string, quantity_kg: number, days: number) =>
    post('/api/green-coffee', { origin_id: origin.id, supplier_finca: finca, quantity_kg, unit_price: 8, entry_date: shift(days), batch_code });
  const huV1 = await green(huila, 'Finca Alta', 'HU-V1', 50, -60);
  await green(huila, 'Finca Alta', 'HU-V2', 20, -55);
  const brV1 = await green(brasil, 'Fazenda Boa', 'BR-V1', 30, -60);
  const huV0 = await green(huila, 'Finca Alta', 'HU-V0', 10, -200);
  const roast = (lot: { id: number }, quantity_green_kg: number, resultant_kg: number, roast_type: string, batch_code: string, days: number) =>
    post('/api/roasted-coffee', { green_coffee_id: lot.id, quantity_green_kg, resultant_kg, roast_type, roast_date: shift(days), batch_code });
  const huR1 = await roast(huV1, 10, 8.5, 'Medio', 'HU-R1', -50);
  const huR2 = await roast(huV1, 10, 8.4, 'Medio', 'HU-R2', -49);
  const brR1 = await roast(brV1, 12, 9.6, 'Oscuro', 'BR-R1', -45);
  await roast(huV0, 10, 8, 'Claro', 'HU-R0', -150);
  const recipe = await post('/api/blend-recipes', {
    name: 'Casa',
    components: [
      { origin_id: huila.id, percentage: 50, roast_type: 'Medio' },
      { origin_id: brasil.id, percentage: 50 },
    ],
  });
  const blend = await post('/api/blended-coffee', {
    name: 'Casa',
    total_quantity_kg: 4,
    creation_date: shift(-40),
    batch_code: 'CASA-1',
    recipe_id: recipe.id,
    components: [
      { origin_id: huila.id, percentage: 50, selected_roasted_batches: [{ id: huR1.id, quantity_used: 2 }] },
      { origin_id: brasil.id, percentage: 50, selected_roasted_batches: [{ id: brR1.id, quantity_used: 2 }] },
    ],
  });
  const sale = (lot: { id: number; batch_code: string }, product_type: 'tostado' | 'mezcla', quantity_kg: number, days: number) =>
    post('/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price: 20, sale_date: shift(days), batch_code_sold: lot.batch_code });
  await sale(huR1, 'tostado', 3.5, -27);
  await sale(huR2, 'tostado', 8.4, -10);
  await sale(brR1, 'tostado', 4.4, -5);
  await sale(blend, 'mezcla', 1.4, -3);
  await post('/api/users', { username: 'tostadora', password: 'tostar-cafe-2026', full_name: 'Ana Tostadora', role: 'tecnico' });
  brasilId = brasil.id;
  return { huV1 };
}

/** Brasil's origin id, for the phone test's order. */
let brasilId = 0;

const sheet = (page: Page) => page.getByRole('table', { name: m.sheetTitle });
const sheetRow = (page: Page, origin: string, type: string) =>
  sheet(page)
    .locator('tbody tr')
    .filter({ has: page.locator('td[data-label="Origen"]', { hasText: origin }) })
    .filter({ has: page.locator('td[data-label="Tueste"]', { hasText: type }) });
/** One row's cells, by column: what the sheet shows for a unit. */
const rowCells = async (page: Page, origin: string, type: string) => {
  const cells = sheetRow(page, origin, type).locator('td');
  const labels = await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-label') ?? ''));
  const texts = await cells.allTextContents();
  return Object.fromEntries(labels.map((label, index) => [label, texts[index]!.replace(/\s+/g, ' ').trim()]));
};
const riskNames = (page: Page) => page.locator('.plan-unit').evaluateAll((units) => units.map((unit) => `${unit.className.replace('plan-unit ', '')}: ${unit.querySelector('h3')?.textContent}`));

// docs/product-guide.md#roast-plan: the sheet the roaster works from, at a desk and on the phone.
describe('plan de tueste', () => {
  const env = useServerAndBrowser();

  it('shows the units at risk and the roast sheet, follows the horizon, prints alone, and fills the roast form', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    // Nothing roasted yet: the empty text.
    await page.goto('/planificacion');
    await expect.poll(() => page.locator('.plan .empty-text').textContent()).toBe(m.empty);
    expect(m.empty).toBe('Todavía no hay café tostado ni mezclas que planificar. Registra un tueste en Café Tostado para empezar.');
    const { huV1 } = await seed(page);

    // Home's row of tools (docs/decisions/0025-screens-beyond-the-original.md).
    await page.goto('/');
    const tools = page.getByRole('navigation', { name: 'Herramientas' });
    await tools.getByRole('link', { name: 'Plan de tueste' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan de Tueste' }).waitFor();
    await sheet(page).waitFor();
    expect(page.url()).toBe(`${env.server.url}/planificacion`);
    expect(await page.getByRole('radio', { name: '14 días' }).isChecked()).toBe(true);
    expect(await page.locator('.plan-summary').textContent()).toBe(
      `Calculado el ${formatDate(today)} para cubrir los próximos 14 días, al ritmo de salida de los últimos 28 días.`,
    );

    // Units at risk first: red within 14 days, amber within 28, in words as well as colour.
    expect(await riskNames(page)).toEqual(['plan-unit--urgent: Huila · Medio Urgente', 'plan-unit--soon: Brasil · Oscuro Pronto']);
    expect(await page.locator('.plan-unit--urgent .plan-unit__date').textContent()).toBe(`Se agota el ${formatDate(shift(7))}, en 7 días`);
    expect(await page.getByRole('img', { name: /^Stock previsto de Huila · Medio/ }).getAttribute('class')).toBe('plan-chart plan-chart--urgent');
    expect(await page.locator('.plan-unit--urgent title').textContent()).toBe(
      `Stock previsto de Huila · Medio: 3.00 Kg hoy, bajando a un ritmo constante hasta 0 Kg el ${formatDate(shift(7))}.`,
    );

    // The sheet, in the plan's order (soonest run-out first, a unit without pace last).
    expect(await sheet(page).locator('td[data-label="Origen"]').allTextContents()).toEqual(['Huila', 'Brasil', 'Brasil']);
    expect(await rowCells(page, 'Huila', 'Medio')).toEqual({
      Origen: 'Huila',
      Tueste: 'Medio',
      'Stock (Kg)': '3.00',
      'Kg/día': '0.43',
      Días: '7',
      'Se agota': `${formatDate(shift(7))} Urgente`,
      'Pedidos (Kg)': '—',
      'Necesidad (Kg)': '9.50',
      'Rendimiento (%)': '84.50',
      'Café verde (Kg)': '11.24',
      'Lotes de verde a usar': 'HU-V1 · 11.24 Kg Tostar',
      'Falta verde (Kg)': '0.00',
    });
    expect(await sheetRow(page, 'Huila', 'Medio').locator('.plan-badge').getAttribute('class')).toBe('plan-badge plan-badge--urgent');
    expect(await rowCells(page, 'Brasil', 'Oscuro')).toMatchObject({ Días: '20', 'Se agota': `${formatDate(shift(20))} Pronto`, 'Necesidad (Kg)': '4.00', 'Café verde (Kg)': '5.00' });
    expect(await sheetRow(page, 'Brasil', 'Oscuro').locator('.plan-badge').getAttribute('class')).toBe('plan-badge plan-badge--soon');
    expect(await rowCells(page, 'Brasil', 'Medio')).toMatchObject({ 'Stock (Kg)': '0.00', Días: '—', 'Se agota': '—', 'Necesidad (Kg)': '1.55', 'Lotes de verde a usar': 'BR-V1 · 1.94 Kg Tostar' });
    // The blend's need, split per origin as Café Mezcla splits it.
    const casa = page.getByRole('article', { name: 'Mezcla Casa' });
    expect(await casa.locator('.plan-blend__facts').textContent()).toBe(`Stock: 2.60 Kg · Kg/día: 0.05 · Necesidad: 3.10 Kg · Se agota el ${formatDate(shift(52))}, en 52 días`);
    expect(await casa.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent)))).toEqual([
      // Each origin with the roast type its shortfall is roasted as: Huila's component names Medio; Brasil's the recipe's usual type.
      ['Huila · Medio', '1.55', '0.00', '1.55'],
      ['Brasil · Medio', '1.55', '0.00', '1.55'],
    ]);
    // Huila · Claro, untouched for 150 days: apart from the sheet, with no need.
    const idle = page.getByRole('region', { name: 'Sin movimiento en 90 días' });
    expect(await idle.locator('li').allTextContents()).toEqual(['Huila · Claro · Stock: 8.00 Kg']);
    expect(await idle.locator('.plan-note').textContent()).toBe(m.idleNote(90));
    expect(await sheetRow(page, 'Huila', 'Claro').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'sheet-desktop');

    // 28 days: in the URL, other figures, Brasil now red and the blend amber.
    await page.getByRole('radio', { name: '28 días' }).check();
    await page.waitForURL(`${env.server.url}/planificacion?horizonte=28`);
    await expect.poll(async () => (await rowCells(page, 'Huila', 'Medio'))['Necesidad (Kg)']).toBe('15.80');
    expect(await riskNames(page)).toEqual(['plan-unit--urgent: Huila · Medio Urgente', 'plan-unit--urgent: Brasil · Oscuro Urgente', 'plan-unit--soon: Mezcla Casa Pronto']);
    expect(await page.locator('.plan-summary').textContent()).toContain('los próximos 28 días');
    // Reloaded, the URL keeps the horizon.
    await page.reload();
    await sheet(page).waitFor();
    expect(await page.getByRole('radio', { name: '28 días' }).isChecked()).toBe(true);
    expect((await rowCells(page, 'Huila', 'Medio'))['Necesidad (Kg)']).toBe('15.80');
    await page.getByRole('radio', { name: '14 días' }).check();
    await expect.poll(async () => (await rowCells(page, 'Huila', 'Medio'))['Necesidad (Kg)']).toBe('9.50');

    // 'Imprimir' opens the browser's print; the printed page is the sheet alone, on A4 landscape.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Imprimir' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.bottom-nav').isVisible()).toBe(false);
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    expect(await page.locator('.inicio-button').isVisible()).toBe(false);
    expect(await page.locator('.plan-controls').isVisible()).toBe(false);
    expect(await page.locator('.plan-risks').isVisible()).toBe(false);
    expect(await sheetRow(page, 'Huila', 'Medio').getByRole('link', { name: 'Tostar 11.24 Kg del lote HU-V1' }).isVisible()).toBe(false);
    expect(await sheet(page).isVisible()).toBe(true);
    expect(await casa.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Plan de Tueste' }).isVisible()).toBe(true);
    await shot(page, 'print-desktop');
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    // A4 landscape in points: 841.89 × 595.28 (297 × 210 mm).
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((box) => [Math.round(Number(box[1])), Math.round(Number(box[2]))]);
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box).toEqual([842, 595]);
    await page.emulateMedia({ media: 'screen' });

    // 'Tostar': the roast form on /cafe-tostado, filled with the lot, the kg and the type; the user completes and saves.
    await sheetRow(page, 'Huila', 'Medio').getByRole('link', { name: 'Tostar 11.24 Kg del lote HU-V1' }).click();
    await page.waitForURL(`${env.server.url}/cafe-tostado?verde=${huV1.id}&kg=11.243&tueste=Medio`);
    await page.getByRole('heading', { name: 'Tostar Café Verde' }).waitFor();
    expect(await page.locator('#roast-green-lot').inputValue()).toBe(String(huV1.id));
    expect(await page.locator('#roast-green-lot option:checked').textContent()).toBe('HU-V1 · Huila · 30.00 Kg disponibles');
    expect(await page.locator('#roast-green-kg').inputValue()).toBe('11.243');
    expect(await page.locator('#roast-type').inputValue()).toBe('Medio');
    expect(await page.locator('#roast-resultant-kg').inputValue()).toBe('');
    await shot(page, 'roast-form-prefilled');
    await page.locator('#roast-resultant-kg').fill('9');
    await page.locator('#roast-batch').fill('HU-R3');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await waitForToast(page, 'Café tostado agregado con éxito.');
    // Saved, the proposal is done: the address and the next new roast are plain again.
    await page.waitForURL(`${env.server.url}/cafe-tostado`);
    expect(await page.locator('#roast-green-kg').inputValue()).toBe('');

    // Back on the plan: Huila has 12 kg (12 × 28 / 11.9 = 28.2 → 28 days, amber), 1.05 kg beyond its own need for
    // the blend, whose 1.55 kg it now covers but for 0.5 kg: yield 25.9 / 31.243, 0.5 kg × 31.243 / 25.9 = 0.604 kg of green.
    await page.goto('/planificacion');
    await sheet(page).waitFor();
    expect(await rowCells(page, 'Huila', 'Medio')).toMatchObject({
      'Stock (Kg)': '12.00',
      Días: '28',
      'Se agota': `${formatDate(shift(28))} Pronto`,
      'Necesidad (Kg)': '0.50',
      'Rendimiento (%)': '82.90',
      'Lotes de verde a usar': 'HU-V1 · 0.60 Kg Tostar',
    });

    // 'Capacidad del tostador' in Configuración: each roast line becomes whole batches, and says how many.
    const planWithCapacity = async (capacity: string) => {
      await page.goto('/configuracion');
      await page.getByLabel('Capacidad del tostador (Kg de verde por tueste)').fill(capacity);
      await page.getByRole('button', { name: 'Guardar Capacidad' }).click();
      await waitForToast(page, 'Capacidad del tostador actualizada con éxito.');
      await page.goto('/planificacion');
      await sheet(page).waitFor();
    };
    await planWithCapacity('5');
    expect(await rowCells(page, 'Huila', 'Medio')).toMatchObject({
      'Café verde (Kg)': '5.00 1 tueste de 5.00 Kg',
      'Lotes de verde a usar': 'HU-V1 · 5.00 Kg Tostar',
    });
    await shot(page, 'sheet-batches-desktop');
    // Emptied, there is no capacity and no rounding.
    await planWithCapacity('');
    expect((await rowCells(page, 'Huila', 'Medio'))['Café verde (Kg)']).toBe('0.60');

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('works on a phone for a tecnico, from the home alerts to a sheet that does not scroll sideways', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, 'tostadora', 'tostar-cafe-2026');

    // Home's alerts: one run-out per lot, its unit's, the plan's own figure, and once what it means.
    const alerts = page.locator('.stock-alerts__list');
    await alerts.waitFor();
    expect(await alerts.locator('li', { hasText: 'HU-R2' }).textContent()).toBe(
      `HU-R2 Café Tostado · Huila: 0.00 Kg · Huila · Medio se agota el ${formatDate(shift(28))}, en 28 días`,
    );
    expect(await alerts.locator('li', { hasText: 'CASA-1' }).textContent()).toBe(
      `CASA-1 Café Mezcla · Casa: 2.60 Kg · Mezcla Casa se agota el ${formatDate(shift(52))}, en 52 días`,
    );
    expect(await page.locator('.stock-alerts__note').textContent()).toBe(
      'Fechas del Plan de Tueste: cada café con todos sus lotes (o cada receta con todas sus mezclas), al ritmo de salida de los últimos 28 días.',
    );
    expect(await page.locator('.home-orders').textContent()).toBe('Pedidos pendientes: 0 para hoy · 0 para mañana');

    // An order for tomorrow (docs/decisions/0045-plan-from-orders.md): 3.5 kg of Brasil · Oscuro, which holds 3.2 kg.
    const post = apiPost<{ id: number }>(page);
    const sol = await post('/api/customers', { name: 'Café Sol', kind: 'cafeteria' });
    const order = await post('/api/orders', {
      customer_id: sol.id,
      due_date: shift(1),
      repeat_weeks: null,
      lines: [{ product: { kind: 'tostado', origin_id: brasilId, roast_type: 'Oscuro' }, format_id: null, quantity: 3.5, unit_price: 20, grind: 'grano' }],
    });
    await page.reload();
    await expect.poll(() => page.locator('.home-orders').textContent()).toBe('Pedidos pendientes: 0 para hoy · 1 para mañana');
    expect(await page.getByRole('link', { name: '1 para mañana' }).getAttribute('href')).toBe(`/pedidos?estado=pendiente&desde=${shift(1)}&hasta=${shift(1)}`);
    await shot(page, 'home-phone');

    await page.getByRole('navigation', { name: 'Herramientas' }).getByRole('link', { name: 'Plan de tueste' }).click();
    await sheet(page).waitFor();
    expect(await rowCells(page, 'Huila', 'Medio')).toMatchObject({ 'Necesidad (Kg)': '0.50', 'Lotes de verde a usar': 'HU-V1 · 0.60 Kg Tostar' });
    // Brasil · Oscuro cannot cover it: urgent from tomorrow, first among the risks; 3.5 + 2.2 + 5 − 3.2 = 7.5 kg to roast.
    expect((await riskNames(page))[0]).toBe('plan-unit--urgent: Brasil · Oscuro Urgente');
    expect(await page.locator('.plan-unit').first().locator('.plan-unit__date').first().textContent()).toBe(
      `El stock no cubre el pedido de Café Sol del ${formatDate(shift(1))} (3.50 Kg)`,
    );
    expect(await rowCells(page, 'Brasil', 'Oscuro')).toMatchObject({
      'Se agota': `${formatDate(shift(20))} Pedido del ${formatDate(shift(1))} sin cubrir Urgente`,
      'Pedidos (Kg)': '3.50',
      'Necesidad (Kg)': '7.50',
    });
    const orders = page.getByRole('table', { name: m.ordersTitle });
    expect(await orders.locator('tbody td').allTextContents()).toEqual(['Brasil · Oscuro', 'Café Sol', formatDate(shift(1)), '3.50', 'Sin cubrir']);
    expect(await orders.getByRole('link', { name: 'Café Sol' }).getAttribute('href')).toBe(`/pedidos?pedido=${order.id}`);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'sheet-phone');

    await page.getByRole('radio', { name: '7 días' }).check();
    await page.waitForURL(/horizonte=7$/);
    await expect.poll(() => page.locator('.plan-summary').textContent()).toContain('los próximos 7 días');
    await expectNoSidewaysScroll(page);
    await shot(page, 'sheet-phone-7');
    expect(problems).toEqual([]);

    // A failed load: the red full-page message, logged to the console (docs/product-guide.md#screens).
    await page.route('**/api/planning?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) }));
    await page.goto('/planificacion');
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe('Error al cargar el plan de tueste.');
    expect(problems.some((problem) => problem.includes(m.loadError))).toBe(true);
    await context.close();
  }, 120_000);
});
