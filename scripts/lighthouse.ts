import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN } from '#support/bench/generate.js';
import { type LighthouseResult, runLighthouse, sessionCookie } from '#support/lighthouse.js';
import { LIGHTHOUSE_SCREENS } from '#support/lighthouse-screens.js';
import { type RunningServer, startServer } from '#support/start-server.js';
import { databaseUrlOf, datasetTarget, ensureDataset } from './bench/datasets.js';
import { median } from './bench/measure.js';

/**
 * `npm run lighthouse` (after `npm run build`; the npm script builds first):
 * Lighthouse (mobile, default throttling) on the login screen and every
 * screen of src/web/lib/screens.ts (support/lighthouse-screens.ts) on the
 * built server, signed in as the administrator. Target (P4 in
 * docs/performance.md): performance ≥ 95. Exits 1 below target.
 *
 * - `--only=inicio,cafe-verde` runs some of them.
 * - `--sales=N` serves the bench's data set of N sales (`npm run bench:data`'s,
 *   generated once under BENCH_DATA_DIR; the bench measures /reportes with
 *   1,000) from a private copy, instead of an empty database: with an empty
 *   one /reportes draws no chart.
 * - `--app-dir=DIR` serves a private copy of package.json + dist/ (to compare
 *   two builds in alternating runs while others rebuild dist/).
 * - `--json=DIR` keeps each screen's full Lighthouse report as DIR/<screen>.json,
 *   and the page load's Chrome trace as DIR/<screen>.trace.json (DevTools'
 *   Performance panel opens it: the long tasks and what ran in each).
 * - `--cpu-slowdown=N` simulates an N× slower CPU instead of Lighthouse's 4×:
 *   scores depend on the host (`benchmarkIndex`), and a higher N shows the
 *   margin a screen keeps for a slower one.
 * - `--runs=N` measures each screen N times and prints the median score too.
 * - `--compare-app-dir=DIR` also serves another build (`npm run bench:build --
 *   <commit>`) and measures each screen on both in alternating runs (this
 *   build, the other, the other, this build…): scores follow the machine's
 *   load, so two builds are only compared side by side. The target applies to
 *   this build alone.
 *
 * Each line ends with the machine's load average when the screen was measured:
 * on a shared machine the scores follow it.
 */
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const unknown = only?.filter((name) => !LIGHTHOUSE_SCREENS.some((screen) => screen.name === name)) ?? [];
if (unknown.length > 0) throw new Error(`--only: pantallas desconocidas: ${unknown.join(', ')} (hay: ${LIGHTHOUSE_SCREENS.map((screen) => screen.name).join(', ')})`);
const screens = only ? LIGHTHOUSE_SCREENS.filter((screen) => only.includes(screen.name)) : LIGHTHOUSE_SCREENS;
const appDir = option('app-dir');
const compareAppDir = option('compare-app-dir');
const jsonDir = option('json');
const numberOption = (name: string) => {
  const text = option(name);
  const value = text === undefined ? undefined : Number(text);
  if (value !== undefined && !(value >= 1)) throw new Error(`--${name}=N: N es un número ≥ 1`);
  return value;
};
const cpuSlowdown = numberOption('cpu-slowdown');
const sales = numberOption('sales');
const runs = numberOption('runs') ?? 1;
if (!Number.isInteger(runs)) throw new Error('--runs=N: N es un número entero');
if (sales !== undefined && !Number.isInteger(sales)) throw new Error('--sales=N: N es un número entero');
if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });

/** The bench's set, copied: the server writes sessions into its database, and the bench may be reading the cached set at the same time. */
async function benchDataCopy(count: number): Promise<{ databaseUrl: string; remove: () => void }> {
  const source = datasetTarget('sqlite', String(count));
  await ensureDataset(source, count);
  if (source.kind !== 'sqlite') throw new Error('unreachable');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-lighthouse-data-'));
  const file = path.join(dir, 'cafe.sqlite');
  for (const suffix of ['', '-wal']) if (fs.existsSync(`${source.file}${suffix}`)) fs.copyFileSync(`${source.file}${suffix}`, `${file}${suffix}`);
  return { databaseUrl: databaseUrlOf({ kind: 'sqlite', file }), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

interface Build {
  label: string;
  server: RunningServer;
  cookie: string;
  data?: { remove: () => void };
}

/** A build served on its own copy of the data (each server writes its sessions there), signed in. */
async function serve(label: string, dir: string | undefined): Promise<Build> {
  const data = sales === undefined ? undefined : await benchDataCopy(sales);
  const server = await startServer(data ? { DATABASE_URL: data.databaseUrl } : {}, dir ? { appDir: dir } : {});
  const admin = data ? BENCH_ADMIN : { username: server.adminUsername, password: server.adminPassword };
  try {
    return { label, server, cookie: await sessionCookie(server.url, admin.username, admin.password), ...(data ? { data } : {}) };
  } catch (error) {
    await server.stop();
    data?.remove();
    throw error;
  }
}

const builds: Build[] = [];
const results: (LighthouseResult & { name: string; target: number })[] = [];
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
try {
  builds.push(await serve('esta', appDir));
  if (compareAppDir) builds.push(await serve(path.basename(compareAppDir), compareAppDir));
  const label = (build: Build) => (builds.length > 1 ? `${build.label.padEnd(12)} ` : '');
  for (const screen of screens) {
    const scores = new Map(builds.map((build) => [build, [] as number[]]));
    for (let run = 0; run < runs; run++) {
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        const files = jsonDir && path.join(jsonDir, `${screen.name}${runFileSuffix(build, run)}`);
        const result = await runLighthouse(`${build.server.url}${screen.path}`, {
          ...(screen.signedIn ? { cookie: build.cookie } : {}),
          ...(files ? { reportFile: `${files}.json`, traceFile: `${files}.trace.json` } : {}),
          ...(cpuSlowdown ? { cpuSlowdown } : {}),
        });
        if (build === builds[0]) results.push({ ...result, name: screen.name, target: screen.target });
        scores.get(build)!.push(result.performance);
        console.log(
          `${label(build)}${screen.name.padEnd(16)} rendimiento ${String(result.performance).padStart(3)} (objetivo ${screen.target})  accesibilidad ${result.accessibility}  buenas prácticas ${result.bestPractices}  ` +
            `FCP ${ms(result.firstContentfulPaintMs)}  LCP ${ms(result.largestContentfulPaintMs)}  TBT ${Math.round(result.totalBlockingTimeMs)} ms  CLS ${result.cumulativeLayoutShift.toFixed(3)}  SI ${ms(result.speedIndexMs)}  ` +
            `benchmarkIndex ${Math.round(result.benchmarkIndex)}  carga ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')}`,
        );
        for (const finding of result.findings) console.log(`    · ${finding}`);
      }
    }
    if (runs > 1 || builds.length > 1) {
      console.log(`${screen.name}: mediana de rendimiento ${builds.map((build) => `${builds.length > 1 ? `${build.label} ` : ''}${median(scores.get(build)!)} (${scores.get(build)!.join(', ')})`).join(' · ')}`);
    }
  }
} finally {
  for (const build of builds) {
    await build.server.stop();
    build.data?.remove();
  }
}

/** Report file names: one per run and build when there are several. */
function runFileSuffix(build: Build, run: number): string {
  return `${builds.length > 1 ? `.${build.label}` : ''}${runs > 1 ? `.${run + 1}` : ''}`;
}

const below = results.filter((result) => result.performance < result.target);
if (below.length > 0) {
  console.error(`lighthouse: por debajo del objetivo: ${below.map((result) => `${result.name} ${result.performance} < ${result.target}`).join(', ')}`);
  process.exit(1);
}
console.log('lighthouse OK');
