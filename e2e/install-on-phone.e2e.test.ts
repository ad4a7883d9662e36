import { describe, expect, it } from 'vitest';
import { salesMessages as m } from '#shared/sales-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';

// Installing the app on a phone (README.md, «Instalar en el móvil»): the web app manifest, its icons and the iOS tags.

describe('installable on a phone', () => {
  const env = useServerAndBrowser();

  /** Width and height from a PNG's IHDR chunk (bytes 16–23). */
  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  it('the page links a Spanish manifest the browser reads, whose icons are PNGs of the sizes it names; iOS tags; no service worker', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Sistema de Gestión de Café',
      short_name: 'Café',
      start_url: '/',
      display: 'standalone',
      lang: 'es',
      theme_color: '#6f3d1e',
      background_color: '#f7f1ea',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }

    // Chromium itself fetched and parsed it (CSP manifest-src allows it), with no errors.
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(read.url).toBe(`${env.server.url}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    expect(JSON.parse(read.data ?? '{}')).toMatchObject({ short_name: 'Café' });

    // iOS reads only its own tags.
    const meta = (name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');
    expect(await meta('apple-mobile-web-app-capable')).toBe('yes');
    expect(await meta('apple-mobile-web-app-title')).toBe('Café');
    expect(await meta('apple-mobile-web-app-status-bar-style')).toBe('default');
    expect(await meta('theme-color')).toBe('#6f3d1e');
    const touchIcon = await page.request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
    expect(touchIcon.headers()['content-type']).toBe('image/png');
    expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });

    // Signed in, every screen's page (app.*.html) links it too; and no service worker caches API answers.
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.goto('/ventas');
    await page.getByRole('heading', { level: 1, name: m.title, exact: true }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("where the browser offers to install, home's row of tools on a phone has 'Instalar en el móvil', which opens the browser's dialog", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const tools = page.getByRole('navigation', { name: 'Herramientas' });
    await tools.getByRole('link').first().waitFor();
    const install = tools.getByRole('button', { name: 'Instalar en el móvil', exact: true });
    expect(await install.count()).toBe(0);

    // Chromium's offer (beforeinstallprompt) comes only after some use of the site: the test makes its own, whose
    // prompt() counts the calls, as the browser's would open its install dialog.
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            const counted = window as unknown as { installDialogs?: number };
            counted.installDialogs = (counted.installDialogs ?? 0) + 1;
            return Promise.resolve({ outcome: 'accepted' });
          },
        });
        window.dispatchEvent(event);
        // The app's button asks, so the browser's own banner is held back.
        return event.defaultPrevented;
      });
    expect(await offer()).toBe(true);
    await install.waitFor();
    const box = (await install.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual((await page.locator('.bottom-nav').boundingBox())!.y);
    await expectNoSeriousAxeViolations(page);
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { installDialogs?: number }).installDialogs)).toBe(1);
    // An offer answers once: the button goes until the browser offers again.
    await expect.poll(() => install.count()).toBe(0);

    // Once installed (appinstalled) it goes too; a desktop never shows it.
    expect(await offer()).toBe(true);
    await install.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect.poll(() => install.count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    expect(await offer()).toBe(true);
    await expect.poll(() => page.locator('.install-button').count()).toBe(1);
    expect(await page.locator('.install-button').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
