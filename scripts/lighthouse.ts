import fs from 'node:fs';
import path from 'node:path';
import { type LighthouseResult, runLighthouse, sessionCookie } from '#support/lighthouse.js';
import { startServer } from '#support/start-server.js';
import { NAV_ITEMS } from '#web/lib/nav-items.js';

/**
 * `npm run lighthouse` (after `npm run build`; the npm script builds first):
 * Lighthouse (mobile, default throttling) on the login screen, home and every
 * other screen of the built server (an empty database, signed in as the
 * administrator). Targets (P4 in docs/performance.md): performance ≥ 95, ≥ 90 on /reportes.
 * Exits 1 below target. `--only=inicio,cafe-verde` runs some of them;
 * `--app-dir=DIR` serves a private copy of package.json + dist/ (to compare two
 * builds in alternating runs while others rebuild dist/); `--json=DIR` keeps
 * each screen's full Lighthouse report as DIR/<screen>.json; `--cpu-slowdown=N`
 * simulates an N× slower CPU instead of Lighthouse's 4×: scores depend on the
 * host (`benchmarkIndex`), and a higher N shows the margin a screen keeps for
 * a slower one.
 */
const allScreens: { name: string; path: string; signedIn: boolean; target: number }[] = [
  { name: 'login', path: '/', signedIn: false, target: 95 },
  { name: 'inicio', path: '/', signedIn: true, target: 95 },
  ...NAV_ITEMS.filter((item) => item.path !== '/').map((item) => ({
    name: item.path.slice(1),
    path: item.path,
    signedIn: true,
    target: item.path === '/reportes' ? 90 : 95,
  })),
  { name: 'gestion-usuarios', path: '/gestion-usuarios', signedIn: true, target: 95 },
  { name: 'trazabilidad', path: '/trazabilidad', signedIn: true, target: 95 },
];
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const screens = only ? allScreens.filter((screen) => only.includes(screen.name)) : allScreens;
const appDir = option('app-dir');
const jsonDir = option('json');
const cpuSlowdownOption = option('cpu-slowdown');
const cpuSlowdown = cpuSlowdownOption === undefined ? undefined : Number(cpuSlowdownOption);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown=N: N es un número ≥ 1');
if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });

const server = await startServer({}, appDir ? { appDir } : {});
const results: (LighthouseResult & { name: string; target: number })[] = [];
try {
  const cookie = await sessionCookie(server.url, server.adminUsername, server.adminPassword);
  for (const screen of screens) {
    const result = await runLighthouse(`${server.url}${screen.path}`, {
      ...(screen.signedIn ? { cookie } : {}),
      ...(jsonDir ? { reportFile: path.join(jsonDir, `${screen.name}.json`) } : {}),
      ...(cpuSlowdown ? { cpuSlowdown } : {}),
    });
    results.push({ ...result, name: screen.name, target: screen.target });
    const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
    console.log(
      `${screen.name.padEnd(11)} rendimiento ${String(result.performance).padStart(3)} (objetivo ${screen.target})  accesibilidad ${result.accessibility}  buenas prácticas ${result.bestPractices}  ` +
        `FCP ${ms(result.firstContentfulPaintMs)}  LCP ${ms(result.largestContentfulPaintMs)}  TBT ${Math.round(result.totalBlockingTimeMs)} ms  CLS ${result.cumulativeLayoutShift.toFixed(3)}  SI ${ms(result.speedIndexMs)}  benchmarkIndex ${Math.round(result.benchmarkIndex)}`,
    );
    for (const finding of result.findings) console.log(`    · ${finding}`);
  }
} finally {
  await server.stop();
}
const below = results.filter((result) => result.performance < result.target);
if (below.length > 0) {
  console.error(`lighthouse: por debajo del objetivo: ${below.map((result) => `${result.name} ${result.performance} < ${result.target}`).join(', ')}`);
  process.exit(1);
}
console.log('lighthouse OK');
