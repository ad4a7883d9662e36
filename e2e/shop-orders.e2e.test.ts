import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { apiPost } from './helpers/api.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('pedidos-tienda');
const SHOPIFY = fileURLToPath(new URL('../tests/fixtures/shop/shopify-orders.csv', import.meta.url));
/** A WooCommerce plugin's export (BOM, semicolons, Spanish headers): two orders of one new customer under two billing names. */
const WOO_HEADERS = ['Número de pedido', 'Fecha del pedido', 'Nombre de facturación', 'Correo electrónico (facturación)', 'Teléfono (facturación)', 'SKU', 'Artículo', 'Cantidad', 'Coste de artículo', 'Estado del pedido'];
const WOO = {
  name: 'tienda-woo.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      `\uFEFF${WOO_HEADERS.join(';')}`,
      '3101;2026-12-01 10:00;Laura Gómez;laura@correo.example;+34 644 100 200;COL-250-G;Colombia 250 g;2;8,50;Completado',
      '3102;2026-12-02 09:30;Laura G.;laura@correo.example;;COL-250-G;Colombia 250 g;1;8,50;Completado',
    ].join('\r\n'),
  ),
};

/** Importar pedidos de la tienda (docs/product-guide.md#pedidos-de-la-tienda-online) at 390 px: from the file to the orders on /pedidos. */
describe('pedidos de la tienda online', () => {
  const env = useServerAndBrowser();

  it('on a phone: a Shopify export previewed, its unknown SKUs mapped, imported once, the orders on Pedidos', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost<{ id: number }>(page);
    const colombia = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
    const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
    await post('/api/blend-recipes', { name: 'Mezcla de la Casa', components: [{ origin_id: colombia.id, percentage: 100 }] });
    // Two mapped through the API beforehand; the screen maps the other two.
    await post('/api/shop-skus', { sku: 'COL-250-G', product: { kind: 'tostado', origin_id: colombia.id, roast_type: 'Medio' }, format_id: 1, grind: 'grano' });
    await post('/api/shop-skus', { sku: 'ETI-500-M', product: { kind: 'tostado', origin_id: etiopia.id, roast_type: 'Claro' }, format_id: 2, grind: 'molido' });

    await page.goto(`${env.server.url}/pedidos`);
    await page.getByRole('link', { name: m.openButton }).click();
    await page.waitForURL(`${env.server.url}/importar-pedidos`);
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    // Dropped on the drop zone, as a person dragging it from a folder would.
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'shopify-orders.csv', { type: 'text/csv' }));
      return data;
    }, readFileSync(SHOPIFY, 'utf8'));
    await page.locator('.file-drop').dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(m.withProblems(2));
    await page.getByText(m.chosenFile('shopify-orders.csv')).waitFor();
    await expect.poll(() => page.locator('form.shop-sku legend').allTextContents()).toEqual(['«BLEND-1KG»', '«TAZA-01»']);
    await expect.poll(() => page.getByRole('button', { name: m.importButton }).isDisabled()).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'preview-phone');

    // The blend by the kilo bag, and the mug ignored: each saved previews the file again.
    await page.locator('#shop-unknown-0-product').selectOption({ label: 'Mezcla de la Casa' });
    await page.locator('#shop-unknown-0-format').selectOption({ label: 'Bolsa 1 kg' });
    await page.locator('form.shop-sku').first().getByRole('button', { name: m.skuSave }).click();
    await expect.poll(() => page.locator('form.shop-sku legend').allTextContents()).toEqual(['«TAZA-01»']);
    await page.locator('#shop-unknown-0-product').selectOption({ label: m.ignore });
    await page.getByRole('button', { name: m.skuSave }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(m.ready(4));
    const preview = page.getByRole('table', { name: m.previewTitle });
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(6);
    await expect.poll(() => preview.locator('tbody tr', { hasText: '#1001' }).textContent()).toContain('Ana García (nuevo)');

    await page.getByRole('button', { name: m.importButton }).click();
    await expect.poll(() => waitForToast(page, 'importados')).toBe(m.imported(4, 2));
    await page.waitForURL(`${env.server.url}/pedidos`);
    await expect.poll(() => page.locator('table.data-table tbody tr').count()).toBe(4);
    await expect.poll(() => page.locator('table.data-table tbody').textContent()).toContain('Ana García');

    // The same file again: every order already imported or cancelled, nothing to import.
    await page.getByRole('link', { name: m.openButton }).click();
    await page.getByLabel(m.fileLabel).setInputFiles(SHOPIFY);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(m.nothingNew);
    expect(await page.getByRole('button', { name: m.importButton }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at 1280 px: the saved mappings listed, one edited with its version, one deleted, the preview read again; another shop\'s file mapped from its own headers and previewed on save', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.goto(`${env.server.url}/importar-pedidos`);
    const mappings = page.getByRole('table', { name: m.skuListTitle });
    // The four of the phone's pass: two through the API, two on the screen.
    await expect.poll(() => mappings.locator('tbody tr td:first-child').allTextContents()).toEqual(['BLEND-1KG', 'COL-250-G', 'ETI-500-M', 'TAZA-01']);
    await page.getByLabel(m.fileLabel).setInputFiles(SHOPIFY);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(m.nothingNew);

    await mappings.getByRole('button', { name: 'Editar la correspondencia COL-250-G' }).click();
    await expect.poll(() => page.getByRole('heading', { name: m.skuEditTitle('COL-250-G') }).isVisible()).toBe(true);
    await page.locator('#shop-sku-grind').selectOption({ label: m.ground });
    await page.getByRole('button', { name: m.skuUpdate }).click();
    await expect.poll(() => waitForToast(page, 'actualizada')).toBe(m.skuUpdated);
    await expect.poll(() => mappings.locator('tbody tr', { hasText: 'COL-250-G' }).textContent()).toContain(m.ground);

    const asked = nextDialog(page, true);
    await mappings.getByRole('button', { name: 'Eliminar la correspondencia TAZA-01' }).click();
    expect(await asked).toBe(m.skuDeleteConfirm);
    await expect.poll(() => mappings.locator('tbody tr').count()).toBe(3);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'mappings-desktop');

    // Another shop's file: refused as Shopify's; its headers are offered in a new column mapping,
    // and saving the mapping previews the file through it at once.
    await page.getByLabel(m.fileLabel).setInputFiles(WOO);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(m.notShopify);
    await page.getByText(m.presetNew).click();
    const form = page.getByRole('form', { name: m.presetNew });
    await expect.poll(() => form.locator('datalist option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(WOO_HEADERS);
    await expect.poll(() => form.getByLabel(m.presetFields.order).getAttribute('list')).toBe('shop-preset-headers');
    await form.getByLabel(m.presetName).fill('WooCommerce');
    const chosen = { order: 0, date: 1, customer_name: 2, email: 3, phone: 4, sku: 5, product_name: 6, quantity: 7, unit_price: 8, cancelled: 9 } as const;
    for (const [field, index] of Object.entries(chosen)) await form.getByLabel(m.presetFields[field as keyof typeof chosen], { exact: true }).fill(WOO_HEADERS[index]!);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'column-mapping-desktop');
    await form.getByRole('button', { name: m.presetSave }).click();
    await expect.poll(() => waitForToast(page, 'columnas')).toBe(m.presetSaved);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(m.ready(2));
    expect(await page.locator('#shop-preset option:checked').textContent()).toBe('WooCommerce');
    expect(await page.getByRole('button', { name: m.importButton }).isDisabled()).toBe(false);
    // One new customer for both orders, shown under the name it is saved with.
    const preview = page.getByRole('table', { name: m.previewTitle });
    await expect.poll(() => preview.locator('tbody tr', { hasText: '3102' }).textContent()).toContain('Laura Gómez (nuevo)');
    expect(problems).toEqual([]);
    await context.close();
  });
});
