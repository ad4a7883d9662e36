import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '#web/lib/screens.js';
import { SIGNED_OUT_META } from '#web/lib/signed-out-page.js';
import { newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';

interface RouteFallbackFlag {
  routeFallbackShown: boolean;
}

// Every screen of the list, so a new one (/inventario…) is checked without being named here.
const ROUTES = SCREENS.map((screen) => screen.path);

/**
 * Each screen's HTML preloads (docs/decisions/0019-web-chunk-groups-and-route-preloads.md) the API answers the screen asks for
 * when it opens (vite.config.ts, routeRequests). A preload whose URL or
 * request differs from the app's fetch by one byte is not reused: the answer
 * is downloaded twice and the screen still waits for the second one.
 */
describe('preloaded API answers', () => {
  const env = useServerAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const warnings: string[] = [];

  beforeAll(async () => {
    ({ context, page, problems } = await newPage(env.browser, env.server.url, PHONE));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, 'admin', env.server.adminPassword);
    await page.waitForLoadState('networkidle'); // the home the sign-in opened has asked for its data
    // Whether the router's Suspense fallback (routes.tsx, LazyOutlet: the loading text right under <main>)
    // was ever put on the page: a screen opened from its URL renders with its code already in
    // (app.tsx, preloadFirstScreen), or React holds the screen back for 300 ms behind it (lib/lazy-named.ts).
    await page.addInitScript(() => {
      const flags = window as unknown as RouteFallbackFlag;
      flags.routeFallbackShown = false;
      new MutationObserver(() => {
        if (document.querySelector('main.app-main > .loading-text')) flags.routeFallbackShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
  });
  afterAll(() => context?.close());

  it.each(ROUTES)('%s asks the API once for each URL its page preloaded, and for nothing else; its stylesheets are on the page; it never waits behind the router\'s loading text', async (route) => {
    const requested: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    warnings.length = 0;
    const served = await (await page.goto(route))!.text();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.loading-text').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as RouteFallbackFlag).routeFallbackShown)).toBe(false);
    // The screen's stylesheets come with its page (vite.config.ts): its code, once loaded, adds none (nor waits for one).
    const stylesheets = await page.$$eval('link[rel="stylesheet"]', (links) => links.map((link) => link.getAttribute('href')));
    expect(stylesheets.filter((href) => !served.includes(`href="${href}"`))).toEqual([]);
    // Chromium warns about a preload nothing used 3 s after the load event.
    await page.waitForTimeout(3_500);
    page.off('request', onRequest);
    const preloaded = await page.$$eval('link[rel="preload"][as="fetch"]', (links) => links.map((link) => link.getAttribute('href')));
    // A reused preload is one request, the preload's: the app's own fetch of it never reaches the network.
    expect(requested.sort()).toEqual(preloaded.sort());
    expect(warnings.filter((warning) => warning.includes('preload'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a page asked for by its file name is still the one for the session cookie: /index.html does not sign the app out', async () => {
    await page.goto('/index.html');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    expect(await page.locator(`meta[name="${SIGNED_OUT_META}"]`).count()).toBe(0);
  });

  it('a browser without a session cookie gets the login at once, without asking the API anything and with nothing in the console', async () => {
    const { context: signedOut, page: loginPage } = await newPage(env.browser, env.server.url, PHONE);
    try {
      const requested: string[] = [];
      const consoleMessages: string[] = [];
      loginPage.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) requested.push(request.url());
      });
      // Stricter than newPage's problems: a 401 from /api/auth/me is the "Failed to load resource" error it lets through.
      loginPage.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
      await loginPage.goto('/cafe-verde');
      await loginPage.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
      await loginPage.waitForLoadState('networkidle');
      expect(requested).toEqual([]);
      expect(consoleMessages).toEqual([]);

      // Signing in from there opens the screen of the URL, as before.
      await loginPage.getByLabel('Usuario').fill('admin');
      await loginPage.getByLabel('Contraseña').fill(env.server.adminPassword);
      await loginPage.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await loginPage.getByRole('heading', { level: 1, name: 'Inventario de Café Verde', exact: true }).waitFor();
      expect(requested.some((url) => url.endsWith('/api/auth/me'))).toBe(false);
    } finally {
      await signedOut.close();
    }
  });
});
