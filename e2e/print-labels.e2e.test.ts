import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

/**
 * Printing lot labels from the screens (docs/product-guide.md#imprimir-desde-las-tablas): each
 * button opens GET /api/labels.pdf in a new tab. What is checked here is the address each one
 * opens (its lots, format and copies); the PDF itself is the route's own tests' business, so the
 * route is answered here by a stand-in.
 */

const shot = shooter('print-labels');

interface Seeded {
  greenCol: number;
  greenEti: number;
  roast: number;
  blend: number;
}

/** Two green lots, a roast of the first and a blend of that roast, through the API with the page's session (once per file: one server). */
async function createLots(page: Page): Promise<Seeded> {
  const post = apiPost(page);
  const colombia = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  const green = { unit_price: 5, quantity_kg: 100 };
  const greenCol = await post('/api/green-coffee', { ...green, origin_id: colombia.id, supplier_finca: 'Finca La Esperanza', entry_date: '2024-03-01', batch_code: 'V-COL' });
  const greenEti = await post('/api/green-coffee', { ...green, origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop', entry_date: '2024-03-02', batch_code: 'V-ETI' });
  const roast = await post('/api/roasted-coffee', { green_coffee_id: greenCol.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-05', batch_code: 'T-COL' });
  const blend = await post('/api/blended-coffee', {
    name: 'Casa',
    total_quantity_kg: 4,
    creation_date: '2024-03-06',
    batch_code: 'MZ-CASA',
    recipe_id: null,
    components: [{ origin_id: colombia.id, percentage: 100, selected_roasted_batches: [{ id: roast.id, quantity_used: 4 }] }],
  });
  return { greenCol: greenCol.id, greenEti: greenEti.id, roast: roast.id, blend: blend.id };
}

let seeded: Promise<Seeded> | undefined;
const seed = (page: Page) => (seeded ??= createLots(page));

/** The route stands in for the other branch's PDF: a short text page, so the new tab loads and shows its address. */
async function standInForPdf(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/labels\.pdf\?/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'PDF de etiquetas' }));
}

/** Clicks what opens the new tab and returns the query of the address it opened (then closes it). */
async function openedQuery(page: Page, click: () => Promise<void>): Promise<Record<string, string>> {
  const [tab] = await Promise.all([page.waitForEvent('popup'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  const url = new URL(tab.url());
  await tab.close();
  expect(url.pathname).toBe('/api/labels.pdf');
  return Object.fromEntries(url.searchParams);
}

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const printIn = (page: Page, dialogName: string) => () => dialogNamed(page, dialogName).getByRole('button', { name: 'Imprimir', exact: true }).click();
const copiesOf = (page: Page, dialogName: string) => dialogNamed(page, dialogName).getByLabel('Copias de cada etiqueta');

describe('imprimir etiquetas de lotes', () => {
  const env = useServerAndBrowser();

  /** A signed-in administrator's page with the stand-in PDF route and the shared lots seeded. */
  async function openSeeded(viewport: typeof DESKTOP) {
    const { context, page, problems } = await newPage(env.browser, env.server.url, viewport);
    await standInForPdf(context);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    return { context, page, problems, ids: await seed(page) };
  }

  it("'Imprimir etiqueta' of a row on each lot table, and of the lot on its trace, opens that lot's label", async () => {
    const { context, page, problems, ids } = await openSeeded(DESKTOP);

    await page.goto('/cafe-verde');
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote V-COL de Colombia' }).click();
    const greenTitle = 'Imprimir la etiqueta del lote V-COL';
    await dialogNamed(page, greenTitle).waitFor();
    // The defaults of a browser that never printed: the 62 mm roll, one copy each.
    await expect.poll(() => dialogNamed(page, greenTitle).getByLabel('Rollo de 62 mm').isChecked()).toBe(true);
    await expect.poll(() => copiesOf(page, greenTitle).inputValue()).toBe('1');
    await expect.poll(() => dialogNamed(page, greenTitle).locator('.field__hint').textContent()).toBe('En total: 1 etiqueta.');
    await expectNoSeriousAxeViolations(page);
    expect(await openedQuery(page, printIn(page, greenTitle))).toEqual({ lots: `green:${ids.greenCol}`, format: '62mm', copies: '1' });
    // The tab opened: the dialog closes itself.
    await dialogNamed(page, greenTitle).waitFor({ state: 'detached' });

    await page.goto('/cafe-tostado');
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote T-COL' }).waitFor();
    await shot(page, 'roasted-desktop');
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote T-COL' }).click();
    expect(await openedQuery(page, printIn(page, 'Imprimir la etiqueta del lote T-COL'))).toEqual({ lots: `roasted:${ids.roast}`, format: '62mm', copies: '1' });

    await page.goto('/cafe-mezcla');
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote MZ-CASA' }).click();
    expect(await openedQuery(page, printIn(page, 'Imprimir la etiqueta del lote MZ-CASA'))).toEqual({ lots: `blend:${ids.blend}`, format: '62mm', copies: '1' });

    await page.goto(`/trazabilidad?tipo=roasted&id=${ids.roast}`);
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote T-COL' }).click();
    expect(await openedQuery(page, printIn(page, 'Imprimir la etiqueta del lote T-COL'))).toEqual({ lots: `roasted:${ids.roast}`, format: '62mm', copies: '1' });
    // 'Cancelar' and Escape close it without opening anything.
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote T-COL' }).click();
    await dialogNamed(page, 'Imprimir la etiqueta del lote T-COL').getByRole('button', { name: 'Cancelar' }).click();
    await dialogNamed(page, 'Imprimir la etiqueta del lote T-COL').waitFor({ state: 'detached' });
    await shot(page, 'trace-desktop');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('a selection, or without one the whole table; the format and copies are remembered; more than 500 labels is said; a blocked tab gets a link', async () => {
    const { context, page, problems, ids } = await openSeeded(DESKTOP);
    await page.goto('/cafe-verde');
    const bar = page.getByRole('group', { name: 'Etiquetas de «Stock Actual»' });
    await bar.waitFor();

    // One lot ticked: the bar prints the selection, in a format and with copies chosen here.
    await page.getByRole('checkbox', { name: 'Seleccionar el lote V-ETI de Etiopía' }).check();
    await bar.getByRole('button', { name: 'Imprimir etiquetas (1 lote seleccionado)' }).click();
    const oneTitle = 'Imprimir la etiqueta del lote V-ETI';
    await dialogNamed(page, oneTitle).getByLabel('Hoja A4 (3 × 8 etiquetas)').check();
    await copiesOf(page, oneTitle).fill('0');
    await expect.poll(() => dialogNamed(page, oneTitle).locator('.field__error').textContent()).toBe('Las copias deben ser un número entero entre 1 y 500.');
    await expect.poll(() => dialogNamed(page, oneTitle).getByRole('button', { name: 'Imprimir', exact: true }).isDisabled()).toBe(true);
    await copiesOf(page, oneTitle).fill('3');
    // The copies' hint, after the A4 start position's.
    await expect.poll(() => dialogNamed(page, oneTitle).locator('.field__hint').last().textContent()).toBe('En total: 3 etiquetas.');
    expect(await openedQuery(page, printIn(page, oneTitle))).toEqual({ lots: `green:${ids.greenEti}`, format: 'a4', copies: '3' });

    // 'Seleccionar todos los lotes de esta página' ticks both; two lots may have at most 250 copies each.
    await bar.getByLabel('Seleccionar todos los lotes de esta página').check();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Seleccionar el lote V-COL de Colombia' }).isChecked()).toBe(true);
    await bar.getByRole('button', { name: 'Imprimir etiquetas (2 lotes seleccionados)' }).click();
    const twoTitle = 'Imprimir las etiquetas de 2 lotes';
    // Remembered from the last print.
    await expect.poll(() => dialogNamed(page, twoTitle).getByLabel('Hoja A4 (3 × 8 etiquetas)').isChecked()).toBe(true);
    await expect.poll(() => copiesOf(page, twoTitle).inputValue()).toBe('3');
    await copiesOf(page, twoTitle).fill('300');
    await expect.poll(() => dialogNamed(page, twoTitle).locator('.field__error').textContent()).toBe('Las copias deben ser un número entero entre 1 y 250.');
    await copiesOf(page, twoTitle).fill('2');
    await shot(page, 'selection-dialog-desktop');
    // In the order they were ticked.
    expect(await openedQuery(page, printIn(page, twoTitle))).toEqual({ lots: `green:${ids.greenEti},green:${ids.greenCol}`, format: 'a4', copies: '2' });

    // Nothing ticked: the whole table, in its order (newest entry first), after a reload (the choice is kept in the browser).
    await bar.getByRole('button', { name: 'Quitar la selección' }).click();
    await page.reload();
    await bar.getByRole('button', { name: 'Imprimir etiquetas de toda la tabla' }).click();
    const allTitle = 'Imprimir las etiquetas de «Stock Actual»';
    await expect.poll(() => dialogNamed(page, allTitle).locator('.labels-dialog__summary').textContent()).toBe('Todos los lotes de la tabla: 2 lotes.');
    await expect.poll(() => dialogNamed(page, allTitle).getByLabel('Hoja A4 (3 × 8 etiquetas)').isChecked()).toBe(true);
    await expect.poll(() => copiesOf(page, allTitle).inputValue()).toBe('2');
    await dialogNamed(page, allTitle).getByLabel('Etiqueta de 100 × 150 mm').check();
    expect(await openedQuery(page, printIn(page, allTitle))).toEqual({ lots: `green:${ids.greenEti},green:${ids.greenCol}`, format: '100x150', copies: '2' });

    // A PDF holds 500 labels: 300 copies leave room for the first lot only, and the dialog says so.
    await bar.getByRole('button', { name: 'Imprimir etiquetas de toda la tabla' }).click();
    await copiesOf(page, allTitle).fill('300');
    await expect.poll(() => dialogNamed(page, allTitle).locator('.labels-dialog__summary').textContent()).toBe(
      'La tabla tiene 2 lotes y un PDF lleva como máximo 500 etiquetas: se imprime solo el primero, en el orden de la tabla.',
    );
    expect(await openedQuery(page, printIn(page, allTitle))).toEqual({ lots: `green:${ids.greenEti}`, format: '100x150', copies: '300' });

    // A browser that blocks the new tab: the dialog stays, with a link to the same address.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Imprimir etiqueta del lote V-COL de Colombia' }).click();
    const colTitle = 'Imprimir la etiqueta del lote V-COL';
    await copiesOf(page, colTitle).fill('1');
    await printIn(page, colTitle)();
    const link = dialogNamed(page, colTitle).getByRole('link', { name: 'Abrir el PDF de las etiquetas' });
    await expect.poll(() => link.getAttribute('href')).toBe(`/api/labels.pdf?lots=green:${ids.greenCol}&format=100x150&copies=1`);
    await expect.poll(() => dialogNamed(page, colTitle).locator('.labels-dialog__blocked').textContent()).toContain('El navegador no ha abierto una pestaña nueva.');
    await expectNoSeriousAxeViolations(page);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('a ticked lot that is deleted leaves the selection: the count and the PDF name only the lots that remain', async () => {
    const { context, page, problems } = await openSeeded(DESKTOP);
    // Two lots of their own, so that the other tests' lots stay.
    const post = apiPost(page);
    const kenia = await post('/api/coffee-origins', { name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Nyeri Hill'] });
    const lot = { origin_id: kenia.id, supplier_finca: 'Nyeri Hill', unit_price: 6, quantity_kg: 30 };
    const kept = await post('/api/green-coffee', { ...lot, entry_date: '2024-04-01', batch_code: 'K-KEEP' });
    await post('/api/green-coffee', { ...lot, entry_date: '2024-04-02', batch_code: 'K-GONE' });

    await page.goto('/cafe-verde');
    const bar = page.getByRole('group', { name: 'Etiquetas de «Stock Actual»' });
    await page.getByRole('checkbox', { name: 'Seleccionar el lote K-KEEP de Kenia' }).check();
    await page.getByRole('checkbox', { name: 'Seleccionar el lote K-GONE de Kenia' }).check();
    await bar.getByRole('button', { name: 'Imprimir etiquetas (2 lotes seleccionados)' }).waitFor();

    const confirmed = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar lote K-GONE de Kenia' }).click();
    await confirmed;
    await expect.poll(() => waitForToast(page, 'Café verde eliminado')).toBe('Café verde eliminado con éxito.');
    await page.getByRole('checkbox', { name: 'Seleccionar el lote K-GONE de Kenia' }).waitFor({ state: 'detached' });
    // The count says 1 straight away, not only once something is clicked.
    await expect.poll(async () => (await bar.getByRole('button', { name: /^Imprimir etiquetas \(/ }).textContent())?.trim()).toBe('Imprimir etiquetas (1 lote seleccionado)');
    await bar.getByRole('button', { name: 'Imprimir etiquetas (1 lote seleccionado)' }).click();
    const title = 'Imprimir la etiqueta del lote K-KEEP';
    expect(await openedQuery(page, printIn(page, title))).toMatchObject({ lots: `green:${kept.id}` });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('right after a roast, its new lot offers its label (phone, 390 px)', async () => {
    const { context, page, problems } = await openSeeded(PHONE);
    await page.goto('/cafe-tostado');
    await page.getByLabel('Origen del Café Verde', { exact: true }).selectOption({ label: 'V-ETI · Etiopía · 100.00 Kg disponibles' });
    await page.getByLabel('Cantidad de Café Verde (Kg)').fill('5');
    await page.getByLabel('Kilos Resultantes').fill('4.2');
    await page.getByLabel('Tipo de Tueste').selectOption('Claro');
    await page.getByLabel('Fecha de Tostado').fill('10/03/2024');
    await page.getByRole('button', { name: 'Agregar Café Tostado' }).click();
    await expect.poll(() => waitForToast(page, 'Café tostado agregado')).toBe('Café tostado agregado con éxito.');

    const roasts = (await (await page.request.get('/api/roasted-coffee')).json()) as { items: { id: number; batch_code: string; origin_name: string }[] };
    const roast = roasts.items.find((item) => item.origin_name === 'Etiopía')!;
    const offer = page.locator('.labels-offer');
    await expect.poll(() => offer.locator('p').textContent()).toBe(`Lote nuevo: ${roast.batch_code}.`);
    await expectNoSidewaysScroll(page);
    await shot(page, 'roast-offer-phone');
    await offer.getByRole('button', { name: 'Imprimir etiqueta' }).click();
    const title = `Imprimir la etiqueta del lote ${roast.batch_code}`;
    await dialogNamed(page, title).waitFor();
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'roast-offer-dialog-phone');
    expect(await openedQuery(page, printIn(page, title))).toEqual({ lots: `roasted:${roast.id}`, format: '62mm', copies: '1' });
    // It stays until closed: the toast is gone by now, the offer is not.
    await offer.getByRole('button', { name: 'Cerrar' }).click();
    await offer.waitFor({ state: 'detached' });

    // The table's bar and row checkboxes fit the phone's width.
    await page.getByRole('group', { name: 'Etiquetas de «Stock de Café Tostado»' }).scrollIntoViewIfNeeded();
    await page.getByRole('checkbox', { name: `Seleccionar el lote ${roast.batch_code}` }).check();
    await expectNoSidewaysScroll(page);
    await shot(page, 'roasted-table-phone');

    // Its bags' retail labels (docs/product-guide.md#etiquetas-de-bolsa): sale format, grind, bags, and the fifth cell of an A4 sheet.
    await page.getByRole('button', { name: `Imprimir etiqueta del lote ${roast.batch_code}` }).click();
    const bagDialog = dialogNamed(page, title);
    await bagDialog.getByLabel('Etiquetas de bolsa para la venta').check();
    await bagDialog.getByLabel('Formato de venta (peso neto)').selectOption({ label: 'Bolsa 500 g' });
    await bagDialog.getByLabel('Molido').check();
    await bagDialog.getByLabel('Hoja A4 (3 × 8 etiquetas)').check();
    await bagDialog.getByLabel(/^Empezar en la etiqueta/).fill('5');
    // No more bags than its 4.20 kg fill, said under the field before any tab opens.
    await bagDialog.getByLabel('Número de bolsas').fill('9');
    await expect.poll(() => bagDialog.getByText(`El lote ${roast.batch_code} tiene 4.20 Kg: da para 8 bolsas de Bolsa 500 g como máximo; se pidieron 9.`).count()).toBe(1);
    await bagDialog.getByLabel('Número de bolsas').fill('3');
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'bag-dialog-phone');
    const formats = (await (await page.request.get('/api/sale-formats')).json()) as { items: { id: number; name: string }[] };
    const bag500 = formats.items.find((item) => item.name === 'Bolsa 500 g')!.id;
    expect(await openedQuery(page, printIn(page, title))).toEqual({ kind: 'bolsa', lots: `roasted:${roast.id}`, format: 'a4', format_id: String(bag500), grind: 'molido', copies: '3', start: '5' });

    expect(problems).toEqual([]);
    await context.close();
  });
});
