import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

/**
 * 'Perfil de referencia' on a phone (docs/decisions/0053-reference-profile.md): two roasts of
 * one product imported from Artisan, a weight-loss tolerance, the first marked as the reference
 * from its curve dialog, and the second flagged in Café Tostado's table, naming the figure.
 */

const shot = shooter('roast-reference');
const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, `../tests/fixtures/artisan/${name}`));
const roastRow = (page: Page, code: string) => page.getByRole('table', { name: 'Stock de Café Tostado' }).locator('tbody tr', { hasText: code });

async function seed(page: Page): Promise<{ reference: string; other: string }> {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Costa Rica', kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Pastora', quantity_kg: 30, unit_price: 6, entry_date: '2010-01-01', batch_code: 'V-CR' });
  const importFile = async (name: string, query: string) => {
    const response = await page.request.post(`/api/roasted-coffee/import-artisan?green_coffee_id=${green.id}&roast_type=Medio${query}`, {
      headers: { 'content-type': 'application/octet-stream' },
      data: fixture(name),
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { batch_code: string }).batch_code;
  };
  // 0.998 Kg in, 0.848 out: 15.03 % lost. The other: 1.5 in, 1.2 out, 20 % lost.
  const reference = await importFile('python-literal-lb.alog', '');
  const other = await importFile('out-weight-zero.alog', '&resultant_kg=1.2');
  const settings = await page.request.put('/api/settings', { data: { tolerance_weight_loss_pct: 2 } });
  expect(settings.status(), await settings.text()).toBe(200);
  return { reference, other };
}

describe('perfil de referencia', () => {
  const env = useServerAndBrowser();

  it('a reference marked from its curve on a phone flags the roast outside the weight-loss tolerance', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const { reference, other } = await seed(page);
    await page.goto(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await roastRow(page, other).waitFor();
    // No reference yet: nothing is flagged.
    expect(await roastRow(page, other).textContent()).not.toContain('Fuera de tolerancia');

    await roastRow(page, reference).getByRole('button', { name: `Curva del lote ${reference}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Perfil de referencia' }).waitFor();
    await dialog.getByText('Su origen y tipo de tueste no tienen perfil de referencia.').waitFor();
    await dialog.getByRole('button', { name: 'Marcar como perfil de referencia' }).click();
    await waitForToast(page, `${reference} es ahora el perfil de referencia de su origen y tipo de tueste.`);
    await dialog.getByText('Este tueste es el perfil de referencia de su origen y tipo de tueste.').waitFor();
    await dialog.getByRole('button', { name: 'Quitar perfil de referencia' }).waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    await expect.poll(() => roastRow(page, reference).textContent()).toContain('Perfil de referencia');
    await expect.poll(() => roastRow(page, other).textContent()).toContain('Fuera de tolerancia: pérdida de peso');
    await expectNoSidewaysScroll(page);
    await shot(page, 'phone-flagged');

    // The flagged roast's comparison: its weight loss 4.97 points over the reference's, outside ±2.
    await roastRow(page, other).getByRole('button', { name: `Curva del lote ${other}` }).click();
    const comparison = page.getByRole('table', { name: `Diferencias de ${other} con el perfil de referencia ${reference}` });
    await expect.poll(() => comparison.locator('tr', { hasText: 'Pérdida de peso' }).textContent()).toMatch(/\+4\.97 puntos.*fuera de tolerancia.*±2 puntos/);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'phone-comparison');
    expect(problems).toEqual([]);
    await context.close();
  });
});
