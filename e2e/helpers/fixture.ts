import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '#support/browser.js';
import { type RunningServer, startServer } from '#support/start-server.js';

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

/**
 * What every screen test starts from: registers the beforeAll that starts the
 * built server on a fresh temporary SQLite database and launches Chromium, and
 * the afterAll that closes both. Read `server` and `browser` inside the tests
 * (they are set once beforeAll has run), not when the file loads.
 */
export function useServerAndBrowser(): ServerAndBrowser {
  const running = {} as ServerAndBrowser;
  beforeAll(async () => {
    running.server = await startServer();
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}
