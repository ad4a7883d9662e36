import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { connectionMessages } from '#shared/messages.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, shooter, waitForToast } from './helpers/screen.js';

// Retry-safe writes in the browser (docs/architecture.md#the-web-side): a sale whose answer is lost is sent again
// with the same Idempotency-Key and recorded once; a reload while it is pending offers to send it again.

const shot = shooter('retry-safe-writes');
const SALES_POST = (url: URL) => url.pathname === '/api/sales';
const idempotencyKey = (request: Request) => request.headers()['idempotency-key'];

/** A roasted lot with 10 kg, through the API (each test its own codes). */
async function seedRoast(page: Page, code: string): Promise<void> {
  const post = apiPost(page);
  const origin = await post('/api/coffee-origins', { name: `Origen ${code}`, kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', {
    origin_id: origin.id,
    supplier_finca: 'Finca La Esperanza',
    quantity_kg: 50,
    unit_price: 5,
    entry_date: '2024-03-01',
    batch_code: `V-${code}`,
  });
  await post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Medio', roast_date: '2024-03-10', batch_code: code });
}

/** Opens /ventas and fills a sale of `kg` from the lot `code`, ready to send. */
async function fillSale(page: Page, code: string, kg: string): Promise<void> {
  await page.goto('/ventas');
  await page.getByRole('heading', { level: 1, name: m.title, exact: true }).waitFor();
  const picker = page.getByRole('combobox', { name: 'Producto' });
  await picker.fill(code);
  await page.locator('ul[role="listbox"][aria-label="Productos"]').getByRole('option').filter({ hasText: `Lote ${code}` }).click();
  await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe(code);
  await page.getByLabel('Cantidad (Kg)').fill(kg);
}

/** The sales of lot `code` the server holds, and the lot's stock, read through the API. */
async function recorded(page: Page, code: string): Promise<{ sales: number; stockKg: number | undefined }> {
  const sales = (await (await page.request.get('/api/sales?limit=100&offset=0')).json()) as { items: { batch_code_sold: string }[] };
  const lots = (await (await page.request.get('/api/roasted-coffee?limit=100&offset=0')).json()) as { items: { batch_code: string; stock_kg: number }[] };
  return { sales: sales.items.filter((sale) => sale.batch_code_sold === code).length, stockKg: lots.items.find((lot) => lot.batch_code === code)?.stock_kg };
}

describe('retry-safe writes', () => {
  const env = useServerAndBrowser();

  it('the connection drops after the server received the sale: the app sends it again with the same key and the sale is recorded once', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedRoast(page, 'T-CORTE');
    await fillSale(page, 'T-CORTE', '2.5');

    // The first POST reaches the server and is recorded there; its answer is then thrown away, as a
    // dropped wifi would. Every later attempt goes through untouched.
    const keys: (string | undefined)[] = [];
    let cut = false;
    await page.route(SALES_POST, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(idempotencyKey(route.request()));
      if (cut) return route.continue();
      cut = true;
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      return route.abort('connectionreset');
    });
    const notice = page.getByText('Sin conexión: reintentando…').waitFor();
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await notice;
    await shot(page, 'retrying');

    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(new Set(keys).size).toBe(1);
    // One sale in the list and on the server, and the stock taken once (10 − 2.5).
    await expect.poll(() => page.getByRole('table', { name: m.historyTitle }).locator('tbody tr', { hasText: 'T-CORTE' }).count()).toBe(1);
    expect(await recorded(page, 'T-CORTE')).toEqual({ sales: 1, stockKg: 7.5 });
    await expect.poll(() => page.getByText(connectionMessages.retrying).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    const check = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(check.db, ['green', 'roasted', 'blend'])).toEqual([]);
      expect(await findAggregateMismatches(check.db)).toEqual([]);
    } finally {
      await check.close();
    }
  });

  it('no answer at all: after the retries the form keeps what was typed and says sending again is safe; sending again records it once', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedRoast(page, 'T-SINRED');
    await fillSale(page, 'T-SINRED', '1.25');

    const keys: (string | undefined)[] = [];
    let offline = true;
    await page.route(SALES_POST, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(idempotencyKey(route.request()));
      return offline ? route.abort('internetdisconnected') : route.continue();
    });
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    // Five attempts over about 7.5 s, then the sale's own words, in the form.
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toBe('No se pudo confirmar si la venta se registró. Puedes volver a enviarla sin riesgo de duplicarla.');
    expect(keys).toHaveLength(5);
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').inputValue()).toBe('1.25');
    await expect.poll(() => page.getByLabel('Lote Vendido').inputValue()).toBe('T-SINRED');
    await shot(page, 'unconfirmed');

    offline = false;
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(1);
    expect(await recorded(page, 'T-SINRED')).toEqual({ sales: 1, stockKg: 8.75 });

    // The next sale is another record: another key.
    await fillSale(page, 'T-SINRED', '0.5');
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    expect(keys).toHaveLength(7);
    expect(keys[6]).not.toBe(keys[0]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the browser knows it is offline (a phone off the wifi): the sale is still sent, the notice shows, and it is recorded once when the connection returns', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedRoast(page, 'T-AVION');
    await fillSale(page, 'T-AVION', '');
    // Typed key by key with a decimal comma, as on a Spanish keypad: 1,5 kg, not 15 (docs/decisions/0035-decimal-inputs-as-text.md).
    await page.getByLabel('Cantidad (Kg)').pressSequentially('1,5');
    await expect.poll(() => page.getByLabel('Cantidad (Kg)').inputValue()).toBe('1,5');

    const keys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (SALES_POST(new URL(request.url())) && request.method() === 'POST') keys.push(idempotencyKey(request));
    });
    await context.setOffline(true);
    const notice = page.getByText(connectionMessages.retrying).waitFor();
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    // Before the fix the write waited, paused and silent, for the browser to come back online.
    await notice;
    await context.setOffline(false);
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await recorded(page, 'T-AVION')).toEqual({ sales: 1, stockKg: 8.5 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a reload while a sale is pending offers to send it again with the same key: Reenviar venta records it once, Descartar forgets it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedRoast(page, 'T-RECARGA');
    await fillSale(page, 'T-RECARGA', '3');

    // The sale's request hangs (no answer ever comes) and the person reloads the page.
    const keys: (string | undefined)[] = [];
    let hang = true;
    await page.route(SALES_POST, async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(idempotencyKey(route.request()));
      if (!hang) return route.continue();
    });
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => keys.length).toBe(1);
    hang = false;
    await page.reload();

    const banner = page.getByRole('region', { name: 'Venta sin confirmar' });
    await banner.waitFor();
    expect(await banner.locator('p').first().textContent()).toBe(
      'Hay una venta sin confirmar de antes de recargar la página (Lote T-RECARGA · 3.00 Kg · ' +
        (await page.getByLabel('Fecha Venta').inputValue()) +
        '). Si ya se registró, reenviarla no la duplicará.',
    );
    await shot(page, 'pending-after-reload');
    await banner.getByRole('button', { name: 'Reenviar venta' }).click();
    await expect.poll(() => waitForToast(page, 'Venta registrada')).toBe(m.added);
    await expect.poll(() => banner.count()).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await recorded(page, 'T-RECARGA')).toEqual({ sales: 1, stockKg: 7 });

    // Answered: nothing is offered after the next reload.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: m.historyTitle }).waitFor();
    expect(await banner.count()).toBe(0);

    // Descartar: the pending sale is forgotten, here and after a reload, and nothing is sent.
    await fillSale(page, 'T-RECARGA', '1');
    hang = true;
    await page.getByRole('button', { name: 'Registrar Venta', exact: true }).click();
    await expect.poll(() => keys.length).toBe(3);
    hang = false;
    await page.reload();
    await banner.getByRole('button', { name: 'Descartar' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: m.historyTitle }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(keys).toHaveLength(3);
    expect(await recorded(page, 'T-RECARGA')).toEqual({ sales: 1, stockKg: 7 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
