import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 390, height: 844 };
/** PHONE with its on-screen keyboard up: what a 300 px keyboard leaves of the screen (the visual viewport). */
export const PHONE_WITH_KEYBOARD = { width: PHONE.width, height: PHONE.height - 300 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh context (own cookies) at the given size that fails the test on any
 * uncaught page error or console error: a test that passes with a broken page
 * proves nothing.
 */
export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'es-ES' });
  // Chromium reports a CSP violation (an eval, an inline style or script) only to DevTools' Issues
  // panel, not to the console: make each one a console error, which fails the test below.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP: ${event.violatedDirective} (${event.blockedURI}) en ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A 401/409 answer is logged by Chromium as a failed resource load; those are expected API answers.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  return { context, page, problems };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
}

/** axe must find nothing serious or critical on the page as it is now. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // The home cards fade in one after another (styles.css card-in): axe measures contrast as
  // painted, so a card still half transparent would read as a contrast failure. Check the page
  // as it settles, not mid-animation.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
