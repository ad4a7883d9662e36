import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Seeding a screen test through the API with the page's own session (its cookie and origin), so the
 * test does not depend on the other screens: returns `post(url, data)`, which sends `data` as JSON,
 * fails the test with the answer's text on anything but 201, and returns the created row as `Row`.
 */
export function apiPost<Row = { id: number }>(page: Page): (url: string, data: object) => Promise<Row> {
  return async (url, data) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Row;
  };
}
