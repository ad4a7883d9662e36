import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium with the flags a container on a closed network needs (no sandbox or GPU, nothing fetched in the background),
 * and `extraArgs` (a fake camera: e2e/scan-labels.e2e.test.ts). The e2e suites, the icon script and the
 * page-load bench (scripts/bench/page-loads-ab.ts) launch it here.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}
