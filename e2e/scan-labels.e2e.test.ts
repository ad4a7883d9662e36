import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanMessages as m } from '#shared/scan-messages.js';
import { launchBrowser } from '#support/browser.js';
import { qrImage, writeY4m } from '#support/fake-camera.js';
import { newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter } from './helpers/screen.js';

const shot = shooter('scan-labels');

/** A label printed under another PUBLIC_URL: its address names our lot all the same (docs/decisions/0030-scanning-labels.md). */
const LABEL = 'https://cafe.example.com/trazabilidad?lote=TU-SCAN-01';

/**
 * A roasted lot with stock (TU-SCAN-01, 10 kg, Colombia · Medio) and one sold
 * out (TU-AGOTADO), through the API.
 */
async function seed(page: Page): Promise<void> {
  const post = apiPost<{ id: number; batch_code: string }>(page);
  const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
  const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 50, unit_price: 8, entry_date: '2024-03-01', batch_code: 'VERDE-SCAN' });
  const roast = (batch_code: string, resultant_kg: number) =>
    post('/api/roasted-coffee', { green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg, roast_type: 'Medio', roast_date: '2024-03-05', batch_code });
  await roast('TU-SCAN-01', 10);
  const soldOut = await roast('TU-AGOTADO', 2);
  await post('/api/sales', { product_id: soldOut.id, product_type: 'tostado', quantity_kg: 2, unit_price: 18, sale_date: '2024-04-02', batch_code_sold: 'TU-AGOTADO' });
}

/**
 * Chromium whose only camera films `text` as a QR code (support/fake-camera.ts),
 * with the camera allowed without asking.
 */
function launchWithCamera(videoFile: string, text: string): Promise<Browser> {
  writeY4m(videoFile, qrImage(text));
  return launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`]);
}

/** A signed-in phone page whose camera tracks are kept on `window.cameraTracks`, to check they are stopped. */
async function cameraPage(browser: Browser, url: string, env: { adminUsername: string; adminPassword: string }) {
  const opened = await newPage(browser, url, PHONE);
  await opened.context.addInitScript(() => {
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
  const requests: string[] = [];
  opened.page.on('request', (request) => requests.push(request.url()));
  await signIn(opened.page, env.adminUsername, env.adminPassword);
  return { ...opened, requests };
}

const trackStates = (page: Page) => page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((track) => track.readyState));
const scanButton = (page: Page) => page.getByRole('button', { name: m.buttonLabel });
const scanDialog = (page: Page) => page.getByRole('dialog', { name: m.title });
const isDecoder = (url: string) => /\/assets\/(zxing[-_][\w-]+\.(js|wasm))$/.test(url);

// docs/product-guide.md#scanning-labels: a label's QR code is the way into a lot.
describe('escanear etiquetas de lote', () => {
  const env = useServerAndBrowser();
  const videoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-camara-'));
  const cameras: Browser[] = [];

  beforeAll(async () => {
    const { context, page } = await newPage(env.browser, env.server.url);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page);
    await context.close();
  });
  afterAll(async () => {
    for (const camera of cameras) await camera.close();
    fs.rmSync(videoDir, { recursive: true, force: true });
  });

  it('a signed-out visitor who opens a label signs in and lands on that lot; no address takes them to another site', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await page.goto('/trazabilidad?lote=TU-SCAN-01');
    await page.getByLabel('Contraseña').waitFor();
    await page.getByLabel('Usuario').fill(env.server.adminUsername);
    await page.getByLabel('Contraseña').fill(env.server.adminPassword);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' }).waitFor();
    expect(page.url()).toBe(`${env.server.url}/trazabilidad?lote=TU-SCAN-01`);
    // An address shared before labels (?codigo=) opens the same trace under today's address.
    await page.goto('/trazabilidad?codigo=TU-SCAN-01');
    await page.waitForURL(`${env.server.url}/trazabilidad?lote=TU-SCAN-01`);
    await page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' }).waitFor();
    await context.close();

    // The login is drawn in place, at the address asked for: there is no "return to" parameter to
    // abuse, and a path that reads like another host ('//evil.example/…') stays one of ours.
    const other = await newPage(env.browser, env.server.url, PHONE);
    const visited = new Set<string>();
    other.page.on('request', (request) => visited.add(new URL(request.url()).host));
    await other.page.goto(`${env.server.url}//evil.example/trazabilidad?lote=TU-SCAN-01`);
    await other.page.getByLabel('Usuario').fill(env.server.adminUsername);
    await other.page.getByLabel('Contraseña').fill(env.server.adminPassword);
    await other.page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await other.page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    expect(new URL(other.page.url()).origin).toBe(env.server.url);
    // A scanner typing another site's label address opens our own page for the code, never that site.
    await other.page.goto('/trazabilidad');
    await other.page.getByLabel('Código de Lote').click();
    await other.page.keyboard.type('https://evil.example/trazabilidad?lote=TU-SCAN-01');
    await other.page.keyboard.press('Enter');
    await other.page.waitForURL(`${env.server.url}/trazabilidad?lote=TU-SCAN-01`);
    await other.page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' }).waitFor();
    expect([...visited].filter((host) => host !== new URL(env.server.url).host)).toEqual([]);
    expect([...problems, ...other.problems]).toEqual([]);
    await other.context.close();
  });

  it('a scanner that types a label address and Enter finds the lot on Trazabilidad, Ventas and Recuento', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);

    await page.goto('/trazabilidad');
    await page.getByLabel('Código de Lote').click();
    await page.keyboard.type(LABEL);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' }).waitFor();
    expect(new URL(page.url()).search).toBe('?lote=TU-SCAN-01');
    expect(await page.getByLabel('Código de Lote').inputValue()).toBe('TU-SCAN-01');
    // Another page's address, even with a 'lote', is not one of our labels: nothing is looked up.
    await page.getByLabel('Código de Lote').fill('https://cafe.example.com/promociones?lote=TU-SCAN-01');
    await page.getByLabel('Código de Lote').press('Enter');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('El código escaneado no corresponde a ningún lote.');

    await page.goto('/ventas');
    const picker = page.getByRole('combobox', { name: 'Producto' });
    await picker.click();
    await page.keyboard.type(LABEL);
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe('Colombia · Medio · TU-SCAN-01');
    expect(await page.getByLabel('Lote Vendido').inputValue()).toBe('TU-SCAN-01');
    expect(await page.getByLabel('Tipo de Producto').inputValue()).toBe('Café Tostado');
    // A whole code typed faster than the list follows chooses that lot, not the old list's first.
    await picker.fill('');
    await picker.click();
    await page.keyboard.type('tu-agotado');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#sale-product-error').textContent()).toBe(m.noStockToSell('TU-AGOTADO'));
    expect(await page.getByLabel('Lote Vendido').inputValue()).toBe('');
    await picker.fill('');
    await page.keyboard.type('https://cafe.example.com/trazabilidad?lote=VERDE-SCAN');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#sale-product-error').textContent()).toBe('El lote VERDE-SCAN es de café verde: en Ventas solo se venden cafés tostados y mezclas.');
    await shot(page, 'sale-typed-green-phone');

    await page.goto('/inventario');
    const search = page.getByRole('searchbox', { name: m.sheetSearch });
    await search.click();
    await page.keyboard.type(LABEL);
    await page.keyboard.press('Enter');
    const counted = page.getByLabel('Kg contados del lote TU-SCAN-01');
    await expect.poll(() => counted.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Hoja de recuento' }).locator('tbody tr').count()).toBe(1);
    await page.keyboard.type('9,5');
    await expect.poll(() => page.getByRole('table', { name: 'Hoja de recuento' }).locator('td[data-label="Diferencia (Kg)"]').textContent()).toBe('-0.50');
    await search.fill('https://cafe.example.com/trazabilidad?lote=TU-AGOTADO');
    await search.press('Enter');
    await expect.poll(() => page.locator('#count-search-error').textContent()).toBe(m.noStockToCount('TU-AGOTADO'));
    await shot(page, 'count-typed-phone');
    await expectNoSidewaysScroll(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without a camera the dialog says so, offers typing the code, and Escape closes it', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.goto('/trazabilidad');
    await scanButton(page).click();
    const dialog = scanDialog(page);
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(m.cameraUnavailable);
    // Focus starts inside the dialog, on Cerrar (not on the field, whose keyboard would cover the camera).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cerrar');
    await shot(page, 'dialog-no-camera-phone');
    await dialog.getByLabel(m.codeLabel).fill('NO-ES-UN-LOTE');
    await dialog.getByRole('button', { name: m.useCode }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(m.notOurLot);
    await dialog.getByLabel(m.codeLabel).fill('tu-scan-01');
    await dialog.getByRole('button', { name: m.useCode }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The trace comes into view, its heading at the top of the phone's screen and focused (it was under the search,
    // most of it below the first screen).
    const traceHeading = page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' });
    await traceHeading.waitFor();
    await expect.poll(async () => (await traceHeading.boundingBox())!.y).toBeLessThan(40);
    expect((await traceHeading.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await traceHeading.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await shot(page, 'trace-after-scan-phone');
    await scanButton(page).click();
    await scanDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => scanDialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(m.buttonLabel);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the camera reads a label: the lot's trace, the sale's product and the count line; the camera is off once the dialog closes", async () => {
    const camera = await launchWithCamera(path.join(videoDir, 'etiqueta.y4m'), LABEL);
    cameras.push(camera);
    const { context, page, problems, requests } = await cameraPage(camera, env.server.url, env.server);
    // Debian's headless Chromium has no BarcodeDetector: the WebAssembly decoder is what reads here.
    const native = await page.evaluate(() => 'BarcodeDetector' in window);

    await page.goto('/ventas');
    await page.getByRole('combobox', { name: 'Producto' }).waitFor();
    expect(requests.filter(isDecoder)).toEqual([]);
    await scanButton(page).click();
    // The label is read as soon as the camera is on (the dialog may be gone before it could be seen).
    await expect.poll(() => page.getByRole('combobox', { name: 'Producto' }).inputValue(), { timeout: 20_000 }).toBe('Colombia · Medio · TU-SCAN-01');
    expect(await scanDialog(page).count()).toBe(0);
    expect(await page.getByLabel('Precio Unitario ($/Kg)').inputValue()).not.toBe('');
    await expect.poll(() => trackStates(page)).toEqual(['ended']);
    // The decoder (its script and its .wasm, served by us) came only with the dialog, and only without a native detector.
    expect(requests.filter(isDecoder).map((url) => new URL(url).origin)).toEqual(native ? [] : [env.server.url, env.server.url]);
    await shot(page, 'sale-scanned-phone');

    await page.goto('/trazabilidad');
    await scanButton(page).click();
    await page.getByRole('heading', { level: 2, name: 'Café Tostado · TU-SCAN-01' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${env.server.url}/trazabilidad?lote=TU-SCAN-01`);
    await expect.poll(() => trackStates(page)).toEqual(['ended']);

    await page.goto('/inventario');
    await scanButton(page).click();
    const counted = page.getByLabel('Kg contados del lote TU-SCAN-01');
    await expect.poll(() => counted.evaluate((input) => input === document.activeElement), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => trackStates(page)).toEqual(['ended']);
    await shot(page, 'count-scanned-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a QR that is not one of our labels says so and keeps scanning until closed', async () => {
    const camera = await launchWithCamera(path.join(videoDir, 'otro.y4m'), 'WIFI:S:Tostaduria;T:WPA;P:cafe-de-especialidad;;');
    cameras.push(camera);
    const { context, page, problems } = await cameraPage(camera, env.server.url, env.server);
    await page.goto('/ventas');
    await scanButton(page).click();
    const dialog = scanDialog(page);
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 }).toBe('El código escaneado no corresponde a ningún lote.');
    expect(await trackStates(page)).toEqual(['live']);
    // What the camera films shows in the dialog (a frame of the fake camera's QR code).
    await expect.poll(() => dialog.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(640);
    await shot(page, 'dialog-foreign-phone');
    await dialog.getByRole('button', { name: m.close }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => trackStates(page)).toEqual(['ended']);
    expect(await page.getByRole('combobox', { name: 'Producto' }).inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });
});
