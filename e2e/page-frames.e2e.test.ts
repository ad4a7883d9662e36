import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FRAME_ID } from '#web/lib/page-frame-element.js';
import { SCREENS } from '#web/lib/screens.js';
import { expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';

// Every screen with a frame (all but home), so a new one is checked without being named here.
const FRAMED = SCREENS.filter((screen) => screen.path !== '/').map((screen) => screen.path);

interface ShiftLog {
  shifts: number[];
}

/** The text of the page frame's <h1> in a page's HTML as served. */
function frameTitleIn(html: string): string | undefined {
  const frame = html.slice(html.indexOf(`<div id="${PAGE_FRAME_ID}">`));
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(frame)?.[1];
}

/**
 * Each screen's page paints its frame (docs/decisions/0034-page-frames.md) before any
 * JavaScript runs, and the app replaces it with the screen without anything moving.
 */
describe('page frames', () => {
  const env = useServerAndBrowser();
  let page: Page;
  let problems: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await newPage(env.browser, env.server.url, PHONE);
    ({ page, problems } = opened);
    close = () => opened.context.close();
    await signIn(page, 'admin', env.server.adminPassword);
    await page.addInitScript(() => {
      const log = window as unknown as ShiftLog;
      log.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) log.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });
  afterAll(() => close?.());

  it('without JavaScript, a screen\'s page already shows the header, its title, «Cargando...» and the bar with the screen marked, and no button that would do nothing', async () => {
    await page.route('**/*.js', (route) => route.abort());
    try {
      await page.goto('/cafe-tostado');
      await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado', exact: true }).waitFor();
      expect(await page.getByRole('status').textContent()).toBe('Cargando...');
      expect(await page.locator('.app-header').getByText('Sistema de Gestión de Café').isVisible()).toBe(true);
      expect(await page.getByRole('button').count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
      expect(await page.locator('nav[aria-label="Navegación principal"] a[aria-current="page"]').getAttribute('href')).toBe('/cafe-tostado');
    } finally {
      await page.unroute('**/*.js');
    }
  });

  it.each(FRAMED)('%s: the frame has the screen\'s own title, and the screen replaces it with no layout shift', async (route) => {
    const served = await (await page.goto(route))!.text();
    const title = frameTitleIn(served);
    expect(title).toBeTruthy();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.loading-text').count()).toBe(0);
    expect(await page.locator(`#${PAGE_FRAME_ID}`).count()).toBe(0);
    expect(await page.locator('h1').allTextContents()).toEqual([title]);
    expect(await page.evaluate(() => (window as unknown as ShiftLog).shifts)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a page with a session that has ended shows the login in place of the frame', async () => {
    const { context, page: stale, problems: staleProblems } = await newPage(env.browser, env.server.url, PHONE);
    try {
      await context.addCookies([{ name: 'cafe_sesion', value: 'una-sesion-que-ya-no-existe', url: env.server.url }]);
      const served = await (await stale.goto('/cafe-verde'))!.text();
      expect(frameTitleIn(served)).toBe('Inventario de Café Verde');
      await stale.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
      expect(await stale.locator(`#${PAGE_FRAME_ID}`).count()).toBe(0);
      expect(await stale.getByRole('navigation', { name: 'Navegación principal' }).count()).toBe(0);
      expect(staleProblems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
