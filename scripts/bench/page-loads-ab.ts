// Two or more builds of the web app side by side, each screen loaded again and
// again in real Chromium with a slow phone's CPU and network, in alternating
// rounds (A, B, B, A…): what a person on that phone sees, measured by the
// browser itself (docs/performance.md, Lighthouse (P4)). Lighthouse simulates
// the slow device from one fast load (its "lantern" model), which on these
// machines moves by several points between identical runs; these are real
// loads under DevTools' CPU throttling and network emulation, and the median
// of many.
//
//   PAGE_AB_APPS=/tmp/antes,/tmp/despues npx tsx scripts/bench/page-loads-ab.ts
//
// Each app folder is a copy of package.json + dist/ with a node_modules link,
// as BENCH_APP_DIR in scripts/bench.ts. Variables: PAGE_AB_ROUTES (/ventas),
// PAGE_AB_ROUNDS (8), PAGE_AB_CPU (CPU slowdown, 4), PAGE_AB_SALES (the bench's
// data set, 1000), BENCH_DATA_DIR. Network: 150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up (Lighthouse's mobile profile). Per load: first
// contentful paint, largest contentful paint, when the screen is complete (no
// page frame, no loading text) and the long tasks' blocking time (their time
// over 50 ms, from the load on), all from the page's own performance entries.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '#support/browser.js';
import { BENCH_ADMIN } from '#support/bench/generate.js';
import { sessionCookie } from '#support/lighthouse.js';
import { startServer, type RunningServer } from '#support/start-server.js';
import { PAGE_FRAME_ID } from '#web/lib/page-frame-element.js';
import { databaseUrlOf, datasetTarget, ensureDataset, scratchDataset } from './datasets.js';
import { median } from './measure.js';

const APPS = (process.env.PAGE_AB_APPS ?? '').split(',').filter(Boolean);
if (APPS.length < 1) throw new Error('PAGE_AB_APPS: una o más carpetas de compilación separadas por comas');
const ROUTES = (process.env.PAGE_AB_ROUTES ?? '/ventas').split(',');
const ROUNDS = Number(process.env.PAGE_AB_ROUNDS ?? 8);
const CPU = Number(process.env.PAGE_AB_CPU ?? 4);
const SALES = Number(process.env.PAGE_AB_SALES ?? 1000);

interface Load {
  fcp: number;
  lcp: number;
  complete: number;
  blocking: number;
}

interface Side {
  name: string;
  server: RunningServer;
  cookie: string;
  loads: Map<string, Load[]>;
}

/** One cold load of `route` (a new context: no cache), throttled; its figures from the page's performance entries. */
async function load(browser: Browser, side: Side, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'es-ES' });
  try {
    const [name, value] = side.cookie.split(';')[0]!.split('=') as [string, string];
    await context.addCookies([{ name, value, url: side.server.url }]);
    await context.addInitScript((frameId) => {
      const figures = { fcp: 0, lcp: 0, complete: 0, blocking: 0 };
      (window as unknown as { figures: typeof figures }).figures = figures;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.blocking += Math.max(0, entry.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
      const timer = setInterval(() => {
        if (document.querySelector('#root .app-main') && !document.getElementById(frameId) && !document.querySelector('.loading-text')) {
          figures.complete = performance.now();
          clearInterval(timer);
        }
      }, 10);
    }, PAGE_FRAME_ID);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await page.goto(side.server.url + route);
    await page.waitForFunction(() => (window as unknown as { figures: Load }).figures.complete > 0, undefined, { timeout: 60_000 });
    // Long tasks and a later, larger paint may still come in after the screen is complete.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => (window as unknown as { figures: Load }).figures);
  } finally {
    await context.close();
  }
}


const source = datasetTarget('sqlite', String(SALES));
await ensureDataset(source, SALES);
const sides: Side[] = [];
const browser = await launchBrowser();
try {
  for (const [i, app] of APPS.entries()) {
    // A copy each: the servers write their sessions.
    const copy = datasetTarget('sqlite', `paginas_ab${i}`);
    await scratchDataset(source, copy, SALES);
    const server = await startServer({ DATABASE_URL: databaseUrlOf(copy) }, { appDir: app });
    sides.push({ name: path.basename(app), server, cookie: await sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password), loads: new Map() });
  }
  for (const route of ROUTES) {
    // One load each, not counted: the server's first answers and Chromium's first start of each page are slower.
    for (const side of sides) await load(browser, side, route);
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const figures = await load(browser, side, route);
        side.loads.set(route, [...(side.loads.get(route) ?? []), figures]);
        console.log(`${route} ronda ${round + 1} ${side.name}: FCP ${figures.fcp.toFixed(0)} ms, LCP ${figures.lcp.toFixed(0)} ms, completa ${figures.complete.toFixed(0)} ms, bloqueo ${figures.blocking.toFixed(0)} ms`);
      }
    }
  }
  console.log(`\nCPU ${CPU}×, 150 ms y 1,6 Mbit/s, ${ROUNDS} cargas por pantalla y compilación, ${SALES} ventas; medianas:`);
  for (const route of ROUTES) {
    for (const side of sides) {
      const loads = side.loads.get(route)!;
      const of = (key: keyof Load) => `${median(loads.map((figures) => figures[key])).toFixed(0)} ms`;
      console.log(`${route.padEnd(16)} ${side.name.padEnd(12)} FCP ${of('fcp')}  LCP ${of('lcp')}  completa ${of('complete')}  bloqueo ${of('blocking')}`);
    }
  }
} finally {
  await browser.close();
  for (const side of sides) await side.server.stop();
}
