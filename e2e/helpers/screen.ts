import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Small steps every area test repeats: screenshots under /tmp/shots/<area>/
 * (for a person to look at), the form's alert, the toast, the browser confirmation and the
 * no-sideways-scroll check at phone width.
 */
export const shooter = (area: string) => async (page: Page, name: string): Promise<void> => {
  const dir = `/tmp/shots/${area}`;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

/** The text of the form's <FormAlert>. */
export const alertText = (page: Page) => page.locator('.form-alert').first().textContent();

/** Waits for the green toast holding `text` and returns its whole text. */
export async function waitForToast(page: Page, text: string): Promise<string | null> {
  await page.locator('.toast', { hasText: text }).waitFor();
  return page.locator('.toast').textContent();
}

/** Answers the next browser dialog (accept or dismiss) and returns its text. */
export const nextDialog = (page: Page, accept: boolean) =>
  new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });

/** At 390 px nothing scrolls sideways, neither the page nor a table inside its card. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('.table-wrap')].map((el) => el.scrollWidth - el.clientWidth));
  expect(overflow.every((extra) => extra <= 0)).toBe(true);
}

/** At 1280 px a lot table's columns all fit its card: the scroll container around it has nothing to scroll sideways. */
export async function expectTableFitsItsCard(table: Locator): Promise<void> {
  const widths = await table.evaluate((element) => {
    const wrap = element.closest('.table-wrap')!;
    return { scroll: wrap.scrollWidth, client: wrap.clientWidth };
  });
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
