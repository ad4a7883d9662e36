import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import { expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('stock-counts');

/** One lot of each kind: VERDE-A 30 kg left at 8 $/Kg, CO-R1 11.5 kg (9.70 $/Kg), CA-MZ-1 5 kg. */
async function seed(page: Page) {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 50, unit_price: 8, entry_date: '2024-03-01', batch_code: 'VERDE-A' });
  const roast = await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 20, resultant_kg: 16.5, roast_type: 'Medio', roast_date: '2024-03-05', batch_code: 'CO-R1' });
  await post('/api/blended-coffee', {
    name: 'Casa',
    total_quantity_kg: 5,
    creation_date: '2024-03-10',
    batch_code: 'CA-MZ-1',
    recipe_id: null,
    components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roast.id, quantity_used: 5 }] }],
  });
  return { roast };
}

/** Answers the next browser dialogs in turn (accept or dismiss each) and resolves with their texts. */
const answerDialogs = (page: Page, answers: readonly boolean[]) =>
  new Promise<string[]>((resolve) => {
    const messages: string[] = [];
    const onDialog = (dialog: Dialog) => {
      messages.push(dialog.message());
      const accept = answers[messages.length - 1];
      if (messages.length === answers.length) {
        page.off('dialog', onDialog);
        resolve(messages);
      }
      void (accept ? dialog.accept() : dialog.dismiss());
    };
    page.on('dialog', onDialog);
  });

const sheetRow = (page: Page, code: string) => page.getByRole('table', { name: m.sheetTitle }).locator('tbody tr', { hasText: code });
const cell = (page: Page, code: string, label: string) => sheetRow(page, code).locator(`td[data-label="${label}"]`).textContent();

// docs/product-guide.md#recuento-de-inventario, at a phone's width: standing at the shelf.
describe('recuento de inventario', () => {
  const env = useServerAndBrowser();

  it('counts three lots on a phone, corrects one from its row, and shows the counts in the lot history', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const { roast } = await seed(page);

    // Home: the row of tools, beside 'Trazabilidad de lotes' (docs/decisions/0025); the bar keeps its 8 entries.
    await page.goto('/');
    const tools = page.getByRole('navigation', { name: 'Herramientas' });
    await tools.getByRole('link').first().waitFor();
    // An administrator also sees the administrators-only 'Registro de actividad'.
    expect(await tools.getByRole('link').allTextContents()).toEqual([' Trazabilidad de lotes', ' Recuento de inventario', ' Plan de tueste', ' Clientes', ' Pedidos', ' Registro de actividad']);
    await tools.getByRole('link', { name: 'Recuento de inventario' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recuento de Inventario' }).waitFor();
    expect(await cell(page, 'VERDE-A', 'Esperado (Kg)')).toBe('30.00');
    expect(await cell(page, 'CO-R1', 'Esperado (Kg)')).toBe('11.50');

    // A decimal comma, a point, and a lot that matches: its difference is 0 and nothing moves.
    await page.getByLabel('Kg contados del lote VERDE-A').fill('29,5');
    await page.getByLabel('Kg contados del lote CO-R1').fill('11.25');
    await page.getByLabel('Kg contados del lote CA-MZ-1').fill('5');
    expect(await cell(page, 'VERDE-A', 'Diferencia (Kg)')).toBe('-0.50');
    expect(await cell(page, 'VERDE-A', 'Valor ($)')).toBe('-$4.00');
    // 250 g at 160 $ / 16.5 kg = 9.6969… $/Kg shown as 9.70: 2.425 → $2.43.
    expect(await cell(page, 'CO-R1', 'Valor ($)')).toBe('-$2.43');
    expect(await cell(page, 'CA-MZ-1', 'Diferencia (Kg)')).toBe('0.00');
    expect(await page.locator('.count-sheet__totals').textContent()).toBe('Lotes contados: 3 · Con diferencia: 2 · Valor de la diferencia: -$6.43');
    await page.getByLabel('Motivo').selectOption({ label: 'Merma' });
    await page.getByLabel('Nota').fill('Saco roto');
    await expectNoSidewaysScroll(page);
    await shot(page, 'sheet-phone');

    const dialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    expect(await dialog).toBe('¿Confirmas el recuento de 3 lotes? Se ajustará el stock de 2 lotes.');
    await waitForToast(page, 'Recuento registrado con éxito.');
    await expect.poll(() => cell(page, 'VERDE-A', 'Esperado (Kg)')).toBe('29.50');
    expect(await page.getByLabel('Kg contados del lote VERDE-A').inputValue()).toBe('');
    const counted = page.getByRole('table', { name: 'Recuentos anteriores' }).locator('tbody tr').first();
    expect(await counted.locator('td[data-label="Motivo"]').textContent()).toBe('Merma');
    expect(await counted.locator('td[data-label="Nota"]').textContent()).toBe('Saco roto');
    expect(await counted.locator('td[data-label="Ajustados"]').textContent()).toBe('2');
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'counted-phone');

    // A sale lands while CO-R1 is being counted: 409, the lot is marked and its expected kg reloaded.
    await page.getByLabel('Kg contados del lote CO-R1').fill('11');
    const sale = await page.request.post('/api/sales', {
      data: { product_id: roast.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: '2024-04-01', batch_code_sold: 'CO-R1' },
    });
    expect(sale.status()).toBe(201);
    await page.getByLabel('Motivo').selectOption({ label: 'Recuento' });
    const refused = nextDialog(page, true);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    await refused;
    await expect
      .poll(() => page.locator('.form-alert').textContent())
      .toBe(`${m.stockChanged(['CO-R1'])} Vuelve a contar los lotes marcados: su stock esperado se ha actualizado.`);
    expect(await sheetRow(page, 'CO-R1').locator('.count-sheet__badge').textContent()).toBe('Volver a contar');
    expect(await cell(page, 'CO-R1', 'Esperado (Kg)')).toBe('10.25');
    expect(await page.getByLabel('Kg contados del lote CO-R1').inputValue()).toBe('');
    await shot(page, 'recount-phone');

    // 'Ajustar' on the lot's row in Café Tostado: the sheet with that lot alone.
    await page.goto('/cafe-tostado');
    await page.getByRole('link', { name: 'Ajustar el stock del lote CO-R1' }).click();
    await page.getByRole('heading', { name: 'Ajustar el lote CO-R1' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Kg contados del lote CO-R1');
    await page.getByLabel('Kg contados del lote CO-R1').fill('10');
    await page.getByLabel('Motivo').selectOption({ label: 'Muestra' });
    await page.getByLabel('Nota').fill('Catación');
    const single = nextDialog(page, true);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    expect(await single).toBe('¿Confirmas el recuento de 1 lote? Se ajustará el stock de 1 lote.');
    await waitForToast(page, 'Recuento registrado con éxito.');

    // The lot's history: each count with its reason in Spanish, its note, who and when.
    await page.goto(`/trazabilidad?tipo=roasted&id=${roast.id}`);
    const history = page.getByRole('table', { name: 'Historial del lote' });
    await history.waitFor();
    const rows = history.locator('tbody tr');
    await expect.poll(() => rows.first().locator('td[data-label="Movimiento"]').textContent()).toBe('Ajuste de inventario: Muestra');
    expect(await rows.first().locator('td[data-label="Nota"]').textContent()).toBe('Catación');
    expect(await rows.first().locator('td[data-label="Cambio (Kg)"]').textContent()).toBe('-0.25');
    expect(await rows.first().locator('td[data-label="Usuario"]').textContent()).not.toBe('—');
    expect(await rows.first().locator('td[data-label="Fecha y Hora"]').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    const merma = history.locator('tbody tr', { hasText: 'Ajuste de inventario: Merma' });
    expect(await merma.locator('td[data-label="Nota"]').textContent()).toBe('Saco roto');
    await expectNoSidewaysScroll(page);
    await shot(page, 'history-phone');

    // The activity log names each count, who made it, and each lot it changed, before → after (docs/decisions/0024).
    await page.goto('/actividad?area=stock-counts');
    const entries = page.locator('.activity-entry', { hasText: 'registró el recuento' });
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain(`${env.server.adminUsername} registró el recuento`);
    expect(await entries.first().textContent()).toContain('(Muestra)');
    await shot(page, 'activity-phone');

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('asks again before a large difference, refuses a count above what entered the lot, and shows the expected kilos to the gram', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost<{ id: number; batch_code: string }>(page);
    const origin = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Yirgacheffe', quantity_kg: 10, unit_price: 8, entry_date: '2024-03-01', batch_code: 'VERDE-E' });
    await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 1.2, resultant_kg: 0.999, roast_type: 'Claro', roast_date: '2024-03-05', batch_code: 'ET-R1' });

    await page.goto('/inventario');
    await page.getByRole('heading', { level: 1, name: 'Recuento de Inventario' }).waitFor();
    // 0.999 Kg, not '1.00': the count is decided from it.
    await expect.poll(() => cell(page, 'ET-R1', 'Esperado (Kg)')).toBe('0.999');
    expect(await cell(page, 'VERDE-E', 'Esperado (Kg)')).toBe('8.80');
    await page.getByLabel('Kg contados del lote ET-R1').fill('1');
    expect(await cell(page, 'ET-R1', 'Diferencia (Kg)')).toBe('+0.001');

    // A typo: 999999 for 9.99. The second question names the lot; dismissed, nothing is sent.
    await page.getByLabel('Kg contados del lote ET-R1').fill('');
    await page.getByLabel('Kg contados del lote VERDE-E').fill('999999');
    await page.getByLabel('Motivo').selectOption({ label: 'Recuento' });
    const history = page.getByRole('table', { name: 'Recuentos anteriores' }).locator('tbody tr');
    const countsBefore = await history.count();
    const dismissed = answerDialogs(page, [true, false]);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    expect(await dismissed).toEqual([
      '¿Confirmas el recuento de 1 lote? Se ajustará el stock de 1 lote.',
      'Este lote cambia más del 10 % o más de 5 Kg: VERDE-E (esperado 8.80 Kg, contado 999999.00 Kg). ¿Son correctos los Kg contados?',
    ]);
    expect(await page.getByLabel('Kg contados del lote VERDE-E').inputValue()).toBe('999999');

    // Confirmed twice, the server still refuses it: a lot never holds more than entered it.
    const refused = answerDialogs(page, [true, true]);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    await refused;
    await expect
      .poll(() => page.locator('.form-alert').textContent())
      .toBe('El lote VERDE-E recibió 10.00 Kg: un recuento no puede dejar más. Si entró más café, corrige la entrada del lote en Café Verde.');
    expect(await page.getByLabel('Kg contados del lote VERDE-E').inputValue()).toBe('999999');
    await shot(page, 'above-entry-phone');

    // 1.2 kg found (more than 10 % of 8.8 kg): asked twice, saved.
    await page.getByLabel('Kg contados del lote VERDE-E').fill('10');
    const saved = answerDialogs(page, [true, true]);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    expect((await saved)[1]).toBe(m.confirmLarge([{ code: 'VERDE-E', expectedKg: 8.8, countedKg: 10 }], defaultFormatter));
    await waitForToast(page, 'Recuento registrado con éxito.');
    await expect.poll(() => cell(page, 'VERDE-E', 'Esperado (Kg)')).toBe('10.00');
    await expect.poll(() => history.count()).toBe(countsBefore + 1);

    // A small difference asks once.
    await page.getByLabel('Kg contados del lote VERDE-E').fill('9,5');
    await page.getByLabel('Motivo').selectOption({ label: 'Merma' });
    const once = answerDialogs(page, [true]);
    await page.getByRole('button', { name: 'Confirmar recuento' }).click();
    expect(await once).toEqual(['¿Confirmas el recuento de 1 lote? Se ajustará el stock de 1 lote.']);
    await waitForToast(page, 'Recuento registrado con éxito.');
    await expect.poll(() => cell(page, 'VERDE-E', 'Esperado (Kg)')).toBe('9.50');

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
