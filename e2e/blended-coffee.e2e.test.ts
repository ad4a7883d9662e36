import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('blended-coffee');
const blendsTable = (page: Page) => page.getByRole('table', { name: 'Mezclas Actuales' });
const availableTable = (page: Page) => page.getByRole('table', { name: 'Café Tostado Disponible' });
const availableKg = (page: Page, code: string) => availableTable(page).locator('tbody tr', { hasText: code }).locator('td').nth(4).textContent();
const roastedOnHand = (page: Page, code: string) =>
  page.getByRole('table', { name: 'Stock de Café Tostado' }).locator('tbody tr', { hasText: code }).locator('td').nth(5).textContent();
const progress = (page: Page, index: number) => page.locator('.blend-component__progress').nth(index).textContent();
const drawInput = (page: Page, index: number, code: string) => page.locator('.blend-component').nth(index).getByLabel(code);

/** Origins, roasted lots and a recipe, created through the API with the page's session. */
async function seed(page: Page): Promise<void> {
  const post = apiPost(page);
  const colombia = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  const green = async (originId: number, finca: string, code: string) =>
    post('/api/green-coffee', { origin_id: originId, supplier_finca: finca, quantity_kg: 100, unit_price: 5, entry_date: '2024-03-01', batch_code: code });
  const greenCo = await green(colombia.id, 'Finca La Esperanza', 'V-COL');
  const greenEt = await green(etiopia.id, 'Yirgacheffe Coop', 'V-ETI');
  const roast = (greenId: number, kg: number, date: string, code: string) =>
    post('/api/roasted-coffee', { green_coffee_id: greenId, quantity_green_kg: kg + 1, resultant_kg: kg, roast_type: 'Medio', roast_date: date, batch_code: code });
  // Two Colombian lots: the older one (2 kg) goes first in the FIFO fill.
  await roast(greenCo.id, 2, '2024-03-01', 'T-CO-VIEJO');
  await roast(greenCo.id, 10, '2024-03-10', 'T-CO-NUEVO');
  await roast(greenEt.id, 10, '2024-03-05', 'T-ET');
  await post('/api/blend-recipes', {
    name: 'Casa Especial',
    components: [
      { origin_id: colombia.id, percentage: 60 },
      { origin_id: etiopia.id, percentage: 40 },
    ],
  });
}

describe('café mezcla', () => {
  const env = useServerAndBrowser();

  it('recipe → blend from it (FIFO fill) → roasted stock falls on Café Tostado → edit → delete → stock comes back', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Café Mezcla', exact: true }).click();
    await page.waitForURL(`${env.server.url}/cafe-mezcla`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Mezcla', exact: true }).waitFor();
    await availableTable(page).waitFor();
    await expect.poll(() => availableKg(page, 'T-CO-VIEJO')).toBe('2.00');
    await expect.poll(() => page.locator('.empty-text').textContent()).toBe(m.empty);

    // docs/product-guide.md#blend: the first rule before anything is sent; the lot-code button's own rule.
    await page.getByRole('button', { name: 'Crear Mezcla', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa todos los campos y añade al menos un componente.');
    await page.getByRole('button', { name: 'Generar Lote' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, selecciona una Receta y una Fecha de Creación para generar el lote.');

    // Choosing a recipe fills the name (read-only) and the components (docs/product-guide.md#cafe-mezcla).
    await page.getByLabel('Receta').selectOption({ label: 'Casa Especial' });
    const name = page.getByLabel('Nombre de la Mezcla');
    await expect.poll(() => name.inputValue()).toBe('Casa Especial');
    await expect.poll(() => name.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => page.locator('.blend-component').count()).toBe(2);
    await expect.poll(() => page.getByLabel('Porcentaje (%)').nth(0).inputValue()).toBe('60');
    await expect.poll(() => page.getByLabel('Origen', { exact: true }).nth(1).inputValue()).toBe('Etiopía');

    // The required kg per component as the user types, to the gram.
    await page.getByLabel('Cantidad Total (Kg)').fill('5');
    await expect.poll(() => progress(page, 0)).toBe('Necesario: 3.00 Kg. Usado: 0.00 Kg de 3.00 Kg necesarios');
    await page.getByLabel('Fecha de Creación').fill('02/04/2024');

    // FIFO: Colombia takes the older lot's 2 kg, then 1 kg of the newer one.
    await page.getByRole('button', { name: 'Rellenar lotes (más antiguos primero)' }).click();
    await expect.poll(() => drawInput(page, 0, 'T-CO-VIEJO').inputValue()).toBe('2');
    await expect.poll(() => drawInput(page, 0, 'T-CO-NUEVO').inputValue()).toBe('1');
    await expect.poll(() => drawInput(page, 1, 'T-ET').inputValue()).toBe('2');
    await expect.poll(() => progress(page, 0)).toBe('Necesario: 3.00 Kg. Usado: 3.00 Kg de 3.00 Kg necesarios');

    // The user can change a draw; a wrong sum names used and required kg.
    await drawInput(page, 1, 'T-ET').fill('1.5');
    await page.getByRole('button', { name: 'Crear Mezcla', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(m.drawMismatch('Etiopía', '1.5', '2'));
    await drawInput(page, 1, 'T-ET').fill('2');

    await page.getByRole('button', { name: 'Generar Lote' }).click();
    const code = await page.getByLabel('Lote', { exact: true }).inputValue();
    expect(code).toMatch(/^CA-MZ-020424-[1-9]\d{3}$/);
    await shot(page, 'form-filled-desktop');
    await page.getByRole('button', { name: 'Crear Mezcla', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Mezcla agregada')).toBe('Mezcla agregada con éxito.');
    // The new blend's label is offered under the form (docs/product-guide.md#imprimir-desde-las-tablas).
    await expect.poll(() => page.locator('.labels-offer p').textContent()).toBe(`Lote nuevo: ${code}.`);
    const row = blendsTable(page).locator('tbody tr', { hasText: code });
    await row.waitFor();
    await expect.poll(() => row.locator('td').allTextContents()).toEqual([
      // Coste ($/Kg) (docs/decisions/0011-cost-per-kg-and-margins.md): (2 kg × 7.50 + 1 kg × 5.50 + 2 kg × 5.50) / 5 kg; then the Historial and Ajustar links and the actions.
      'Casa Especial', code, '5.00', '5.00', '$6.30', expect.stringMatching(/^02\/04\/2024Edad: \d+ días · Pasado de frescura$/),
      'Colombia 60% (T-CO-VIEJO 2.00 Kg, T-CO-NUEVO 1.00 Kg); Etiopía 40% (T-ET 2.00 Kg)', '', '', '',
    ]);
    await expect.poll(() => availableTable(page).locator('tbody tr', { hasText: 'T-CO-VIEJO' }).count()).toBe(0);
    await expect.poll(() => availableKg(page, 'T-CO-NUEVO')).toBe('9.00');

    // Café Tostado shows the roasted stock that went into the blend.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Café Tostado', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await expect.poll(() => roastedOnHand(page, 'T-CO-VIEJO')).toBe('0.00');
    await expect.poll(() => roastedOnHand(page, 'T-CO-NUEVO')).toBe('9.00');
    await expect.poll(() => roastedOnHand(page, 'T-ET')).toBe('8.00');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Café Mezcla', exact: true }).click();
    await row.waitFor();

    // Edit: 10 kg; the blend's own lots offer what they have plus what the edit gives back.
    await page.getByRole('button', { name: `Editar mezcla ${code}` }).click();
    await page.getByRole('button', { name: 'Actualizar Mezcla' }).waitFor();
    await expect.poll(() => page.getByLabel('Cantidad Total (Kg)').inputValue()).toBe('5');
    await expect.poll(() => drawInput(page, 0, 'T-CO-VIEJO').inputValue()).toBe('2');
    await page.getByLabel('Cantidad Total (Kg)').fill('10');
    await page.getByRole('button', { name: 'Rellenar lotes (más antiguos primero)' }).click();
    await expect.poll(() => drawInput(page, 0, 'T-CO-NUEVO').inputValue()).toBe('4');
    await expect.poll(() => drawInput(page, 1, 'T-ET').inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Actualizar Mezcla' }).click();
    await expect.poll(() => waitForToast(page, 'Mezcla actualizada')).toBe('Mezcla actualizada con éxito.');
    // An edit makes no new lot: the offer goes.
    await expect.poll(() => page.locator('.labels-offer').count()).toBe(0);
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('10.00');
    await expect.poll(() => availableKg(page, 'T-CO-NUEVO')).toBe('6.00');
    await expect.poll(() => availableKg(page, 'T-ET')).toBe('6.00');
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'desktop');

    // Phone: nothing scrolls sideways; the form and the rows stay usable.
    await page.setViewportSize(PHONE);
    await page.getByLabel('Receta').selectOption({ label: 'Casa Especial' });
    await page.getByLabel('Cantidad Total (Kg)').fill('1');
    await shot(page, 'phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/shots/blended-coffee/phone-form.png' });
    await expectNoSidewaysScroll(page);
    await expect.poll(() => page.getByRole('button', { name: `Eliminar mezcla ${code}` }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(DESKTOP);

    // Clearing the recipe empties the name and the components (docs/product-guide.md#cafe-mezcla).
    await page.getByLabel('Receta').selectOption({ label: 'Sin receta' });
    await expect.poll(() => name.inputValue()).toBe('');
    await expect.poll(() => page.locator('.blend-component').count()).toBe(0);

    // Delete: the confirmation adds that the roasted coffee returns; the stock comes back.
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: `Eliminar mezcla ${code}` }).click();
    await expect(dismissed).resolves.toBe(m.deleteConfirm);
    await expect.poll(() => row.count()).toBe(1);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: `Eliminar mezcla ${code}` }).click();
    await accepted;
    await expect.poll(() => waitForToast(page, 'Mezcla eliminada')).toBe('Mezcla eliminada con éxito.');
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => availableKg(page, 'T-CO-VIEJO')).toBe('2.00');
    await expect.poll(() => availableKg(page, 'T-CO-NUEVO')).toBe('10.00');
    await expect.poll(() => availableKg(page, 'T-ET')).toBe('10.00');

    expect(problems).toEqual([]);
    await context.close();

    const check = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(check.db, ['green', 'roasted', 'blend'])).toEqual([]);
      expect(await check.db.selectFrom('blended_coffee').selectAll().execute()).toEqual([]);
    } finally {
      await check.close();
    }
  });

  it.each([
    ['/api/blended-coffee?*', 'Error al cargar las mezclas de café.'],
    ['/api/roasted-coffee?*', 'Error al cargar el café tostado para componentes.'],
    ['/api/blend-recipes?*', 'Error al cargar las recetas.'],
  ])('a failed load of %s shows its full-page red message', async (url, message) => {
    const { context, page } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.route(`**${url}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.goto(`${env.server.url}/cafe-mezcla`);
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(message);
    await context.close();
  });
});
