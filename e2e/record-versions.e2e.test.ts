import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/format.js';
import { localIsoDate } from '#shared/local-date.js';
import { recordVersionMessages } from '#shared/messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { DESKTOP, newPage, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, waitForToast } from './helpers/screen.js';

/** A 10 kg roasted lot and a 1 kg sale of it at 15 $/Kg, today, through the API. */
async function seed(page: Page): Promise<void> {
  const post = apiPost(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 50, unit_price: 5, entry_date: '2024-03-01', batch_code: 'V-COL' });
  const roast = await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-10', batch_code: 'T-CO' });
  await post('/api/sales', { product_id: roast.id, product_type: 'tostado', quantity_kg: 1, unit_price: 15, sale_date: localIsoDate(), batch_code_sold: 'T-CO' });
}

/** Opens /ventas and the sale's edit form. */
async function editTheSale(page: Page): Promise<void> {
  await page.goto('/ventas');
  await page.getByRole('button', { name: `Editar venta de Colombia · Medio (T-CO) del ${formatDate(localIsoDate())}` }).click();
  await page.getByRole('button', { name: 'Actualizar Venta', exact: true }).waitFor();
}

describe('no se pierde una edición (docs/decisions/0038-record-versions.md)', () => {
  const env = useServerAndBrowser();

  it('two people edit the same sale: the second is told, keeps what was typed, and reloads when they choose', async () => {
    const first = await newPage(env.browser, env.server.url, DESKTOP);
    const second = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(first.page, env.server.adminUsername, env.server.adminPassword);
    await signIn(second.page, env.server.adminUsername, env.server.adminPassword);
    await seed(first.page);

    // Both open the sale's form at the same version.
    await editTheSale(first.page);
    await editTheSale(second.page);

    // The first changes the quantity and saves.
    await first.page.getByLabel('Cantidad (Kg)').fill('2');
    await first.page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    expect(await waitForToast(first.page, m.updated)).toBe(m.updated);

    // The second, from the old form, changes the price: refused, in Spanish, and what was typed stays.
    await second.page.getByLabel('Precio Unitario ($/Kg)').fill('20');
    await second.page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    await expect.poll(() => alertText(second.page)).toContain(m.editedByOther);
    expect(m.editedByOther).toBe('Otro usuario modificó esta venta mientras la editabas. Recarga para ver sus cambios.');
    expect(await second.page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toBe('20');
    expect(await second.page.getByLabel('Cantidad (Kg)').inputValue()).toMatch(/^1([.,]0*)?$/);
    await second.page.getByRole('button', { name: 'Actualizar Venta', exact: true }).waitFor();

    // 'Recargar' fills the form with the sale as it is now; saving from there keeps both changes.
    await second.page.getByRole('button', { name: recordVersionMessages.reload, exact: true }).click();
    await expect.poll(() => second.page.getByLabel('Cantidad (Kg)').inputValue()).toMatch(/^2([.,]0*)?$/);
    await expect.poll(() => second.page.getByLabel('Precio Unitario ($/Kg)').inputValue()).toMatch(/^15([.,]0*)?$/);
    expect(await second.page.locator('.form-alert').count()).toBe(0);
    await second.page.getByLabel('Precio Unitario ($/Kg)').fill('20');
    await second.page.getByRole('button', { name: 'Actualizar Venta', exact: true }).click();
    expect(await waitForToast(second.page, m.updated)).toBe(m.updated);

    const sales = await second.page.request.get('/api/sales');
    expect((await sales.json()).items).toEqual([expect.objectContaining({ quantity_kg: 2, unit_price: 20, version: 3 })]);

    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
