// `npm run bench`: each performance target of docs/performance.md measured side by side
// with its baseline in the same run, on SQLite and, with BENCH_DATABASE_URL,
// PostgreSQL; prints one table per database (name, baseline, ours, ratio,
// target, met?). Figures, not a pass/fail test: absolute times on a shared
// machine vary, the ratios hold. docs/performance.md explains each row.
//
// BENCH_SALES (1000000), BENCH_SECONDS (6 per load comparison), BENCH_CONNECTIONS (10),
// BENCH_APP_DIR (a private copy of package.json + dist/ to run instead of the
// tree's), BENCH_DATA_DIR (/tmp/cafe-bench/data), BENCH_SKIP_WEB=1 (no P4),
// BENCH_ORIGINAL_PAGES (40 sampled pages for the original way; 0 = every page).
import os from 'node:os';
import { startServer, type RunningServer } from '#support/start-server.js';
import { sessionCookie } from '#support/lighthouse.js';
import { checkDataset } from './bench/check.js';
import { databaseUrlOf, datasetTarget, ensureDataset, scratchDataset } from './bench/datasets.js';
import { BENCH_ADMIN, type DatasetTarget } from '#support/bench/generate.js';
import { memoryOf, resetPeak } from './bench/measure.js';
import {
  INFORMATIVE_REPORT_PATHS, type InformativeReportName, LIST_PATHS, listTimes, originalWay, REPORT_PATHS, reportTimes, type ListName, type ReportName,
} from './bench/reads.js';
import { type BenchRow, mib, ms, perSecond, printTable } from './bench/results.js';
import { alternate, rawPostgresSales, rawSqliteSales, type SaleTarget, saleTargets, serverSales } from './bench/sale-writes.js';
import { webRows } from './bench/web.js';
import { activityRows, fillActivityLog } from './bench/activity.js';

const BIG = Number(process.env.BENCH_SALES ?? 1_000_000);
const MEDIUM = 10_000;
const SMALL = 1_000;
/** The activity log's sizes for P5 (BENCH_ACTIVITY_ENTRIES overrides the big one). */
const ACTIVITY_SMALL = 1_000;
const ACTIVITY_BIG = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** P1 alternates raw and ours this many times, SECONDS / ROUNDS each. */
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_DIR = process.env.BENCH_APP_DIR;
const MEMORY_TARGET_MIB = 150;
/**
 * Sign-ins at once: argon2 runs on libuv's 4 threads, so 4 is the most that
 * hash together; more in flight for one user would also meet the sign-in
 * brake (5 attempts counted before verification, docs/decisions/0008).
 */
const LOGIN_BURST = 4;

const log = (text: string) => console.log(`· ${text}`);

async function withServer<T>(target: DatasetTarget, work: (server: RunningServer, cookie: string) => Promise<T>): Promise<T> {
  const server = await startServer({ DATABASE_URL: databaseUrlOf(target) }, APP_DIR ? { appDir: APP_DIR } : {});
  try {
    const cookie = await sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
    return await work(server, cookie);
  } finally {
    await server.stop();
  }
}

async function suite(dialect: 'sqlite' | 'postgres', postgresUrl?: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const big = datasetTarget(dialect, String(BIG), postgresUrl);
  const medium = datasetTarget(dialect, String(MEDIUM), postgresUrl);
  // P2b: the same lots as the big set, 100× fewer sales: the two differ in sales only.
  const mediumSameLots = datasetTarget(dialect, `${MEDIUM}_catalogo_${BIG}`, postgresUrl);
  const small = datasetTarget(dialect, String(SMALL), postgresUrl);
  const writes = datasetTarget(dialect, 'escrituras', postgresUrl);
  log(`${dialect}: datos de ${SMALL}, ${MEDIUM} y ${BIG} ventas`);
  await ensureDataset(small, SMALL);
  await ensureDataset(medium, MEDIUM);
  await ensureDataset(big, BIG);
  await ensureDataset(mediumSameLots, MEDIUM, BIG);

  // Reads: the big set's server beside the small and medium ones, requests
  // alternating between them (pairedMedianMs). The big server runs nothing
  // else before its memory is read, so those figures are about reads only.
  log(`${dialect}: lecturas con ${BIG} ventas frente a ${SMALL} (listas) y ${MEDIUM} (reportes)`);
  const atBig = await withServer(big, (server, cookie) =>
    withServer(small, (smallServer, smallCookie) =>
      withServer(mediumSameLots, async (mediumServer, mediumCookie) => {
        const bigEndpoint = { url: server.url, cookie };
        const idle = memoryOf(server.pid!);
        const [lists, listsSmall] = await listTimes([bigEndpoint, { url: smallServer.url, cookie: smallCookie }]);
        const [reports, reportsMedium] = await reportTimes([bigEndpoint, { url: mediumServer.url, cookie: mediumCookie }]);
        const afterReports = memoryOf(server.pid!);
        log(`${dialect}: la forma original (todas las ventas en páginas, sumadas en el cliente)`);
        const original = await originalWay(server.url, cookie);
        return { idle, lists: lists!, listsSmall: listsSmall!, reports: reports!, reportsMedium: reportsMedium!, afterReports, original, afterOriginal: memoryOf(server.pid!) };
      })));
  const { listsSmall, reportsMedium } = atBig;

  // P1 on a scratch copy of the medium set: the cached sets stay as generated.
  log(`${dialect}: escrituras (P1)`);
  await scratchDataset(medium, writes, MEDIUM);
  const targets = await saleTargets(writes, 400);
  const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const raw = (lots: SaleTarget[]) => () => (writes.kind === 'sqlite'
    ? rawSqliteSales(writes.file, lots, roundSeconds)
    : rawPostgresSales(writes.url, lots, roundSeconds, CONNECTIONS));
  const load = await withServer(writes, async (server, cookie) => {
    const idle = memoryOf(server.pid!);
    // argon2id (m = 19 MiB) per sign-in: a burst shows what it adds to the peak.
    await Promise.all(Array.from({ length: LOGIN_BURST }, () => sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password)));
    const afterLogins = memoryOf(server.pid!);
    resetPeak(server.pid!);
    // The raw rounds write the same file or database beside the idle server (WAL / MVCC allow it).
    const ours = (lots: SaleTarget[]) => () => serverSales(server.url, cookie, lots, roundSeconds, CONNECTIONS);
    const spread = await alternate(ROUNDS, raw(targets), ours(targets));
    const oneLot = writes.kind === 'postgres' ? await alternate(ROUNDS, raw(targets.slice(0, 1)), ours(targets.slice(0, 1))) : undefined;
    return { idle, afterLogins, spread, oneLot, afterLoad: memoryOf(server.pid!) };
  });
  const problems = await checkDataset(writes);
  if (problems.length > 0) throw new Error(`tras la carga de ventas, libro o agregados incorrectos:\n${problems.slice(0, 10).join('\n')}`);

  const failures = (f: number) => (f > 0 ? ` (${f} fallidas)` : '');
  rows.push({
    name: `P1 ventas/s, ${CONNECTIONS} conexiones, ${targets.length} lotes`, baseline: perSecond(load.spread.raw),
    ours: perSecond(load.spread.ours.perSecond) + failures(load.spread.ours.failures),
    ratio: load.spread.ours.perSecond / load.spread.raw, target: '≥ 0.5×',
    met: load.spread.ours.failures === 0 && load.spread.ours.perSecond >= 0.5 * load.spread.raw,
  });
  if (load.oneLot) {
    rows.push({
      name: `P1 ventas/s, ${CONNECTIONS} conexiones, 1 lote (contención)`, baseline: perSecond(load.oneLot.raw),
      ours: perSecond(load.oneLot.ours.perSecond) + failures(load.oneLot.ours.failures),
      ratio: load.oneLot.ours.perSecond / load.oneLot.raw, target: '≥ 0.5×',
      met: load.oneLot.ours.failures === 0 && load.oneLot.ours.perSecond >= 0.5 * load.oneLot.raw,
    });
  }
  // P6: the activity log's first page, 1,000 entries against 1,000,000, on scratch copies of the small set.
  log(`${dialect}: registro de actividad con ${ACTIVITY_SMALL} y ${ACTIVITY_BIG} entradas`);
  const logSmall = datasetTarget(dialect, 'actividad-pequena', postgresUrl);
  const logBig = datasetTarget(dialect, 'actividad-grande', postgresUrl);
  await scratchDataset(small, logSmall, SMALL);
  await scratchDataset(small, logBig, SMALL);
  await fillActivityLog(logSmall, ACTIVITY_SMALL);
  await fillActivityLog(logBig, ACTIVITY_BIG);
  const activity = await withServer(logSmall, (smallServer, smallCookie) =>
    withServer(logBig, (bigServer, bigCookie) =>
      activityRows({ url: smallServer.url, cookie: smallCookie }, { url: bigServer.url, cookie: bigCookie }, ACTIVITY_SMALL, ACTIVITY_BIG)));

  for (const name of Object.keys(REPORT_PATHS) as ReportName[]) {
    const ratio = atBig.original.times[name] / atBig.reports[name];
    rows.push({ name: `P2 ${name} (${BIG} ventas) vs forma original`, baseline: ms(atBig.original.times[name]), ours: ms(atBig.reports[name]), ratio, target: '≥ 100×', met: ratio >= 100 });
  }
  for (const name of Object.keys(REPORT_PATHS) as ReportName[]) {
    const ratio = atBig.reports[name] / reportsMedium[name];
    rows.push({ name: `P2b ${name}: ${BIG} vs ${MEDIUM} ventas (mismos lotes)`, baseline: ms(reportsMedium[name]), ours: ms(atBig.reports[name]), ratio, target: '≤ 3×', met: ratio <= 3 });
  }
  // No target (reads.ts INFORMATIVE_REPORT_PATHS): how the margin scales, shown as it is.
  for (const name of Object.keys(INFORMATIVE_REPORT_PATHS) as InformativeReportName[]) {
    const ratio = atBig.reports[name] / reportsMedium[name];
    rows.push({ name: `P2b ${name} (informativo): ${BIG} vs ${MEDIUM} ventas (mismos lotes)`, baseline: ms(reportsMedium[name]), ours: ms(atBig.reports[name]), ratio, target: '—', met: null });
  }
  for (const name of Object.keys(LIST_PATHS) as ListName[]) {
    const ratio = atBig.lists[name] / listsSmall[name];
    rows.push({ name: `P3 1.ª página ${name}: ${BIG} vs ${SMALL}`, baseline: ms(listsSmall[name]), ours: ms(atBig.lists[name]), ratio, target: '≤ 2×', met: ratio <= 2 });
  }
  rows.push(
    {
      name: `P5 RSS tras los reportes (${BIG} ventas)`, baseline: `${mib(atBig.idle.rssMiB)} en reposo`, ours: mib(atBig.afterReports.rssMiB),
      ratio: Number.NaN, target: `≤ ${MEMORY_TARGET_MIB} MiB`, met: atBig.afterReports.rssMiB <= MEMORY_TARGET_MIB,
    },
    {
      name: 'P5 pico RSS durante la carga de ventas', baseline: `${mib(load.idle.rssMiB)} en reposo`, ours: mib(load.afterLoad.peakMiB),
      ratio: Number.NaN, target: `≤ ${MEMORY_TARGET_MIB} MiB`, met: load.afterLoad.peakMiB <= MEMORY_TARGET_MIB,
    },
    {
      name: `P5 pico con ${LOGIN_BURST} inicios de sesión a la vez (argon2)`, baseline: `${mib(load.idle.rssMiB)} en reposo`,
      ours: `${mib(load.afterLogins.peakMiB)} (+${mib(load.afterLogins.peakMiB - load.idle.rssMiB)})`, ratio: Number.NaN, target: '—', met: null,
    },
  );
  log(`${dialect}: forma original: ${atBig.original.rows} ventas ${atBig.original.sampled ? '(páginas de muestra, tiempo escalado al total)' : ''} ` +
    `en ${(atBig.original.salesFetchMs / 1000).toFixed(1)} s; ` +
    `RSS del servidor después ${mib(atBig.afterOriginal.rssMiB)}, pico ${mib(atBig.afterOriginal.peakMiB)}`);
  rows.push(...activity);
  return rows;
}

const started = performance.now();
const tables: [string, BenchRow[]][] = [];
// Each table as soon as it is measured (a later failure does not lose it), all again at the end.
const done = (title: string, rows: BenchRow[]) => {
  tables.push([title, rows]);
  printTable(title, rows);
};
done('SQLite', await suite('sqlite'));
if (process.env.BENCH_DATABASE_URL) done('PostgreSQL', await suite('postgres', process.env.BENCH_DATABASE_URL));
if (process.env.BENCH_SKIP_WEB !== '1') {
  log('web: peso y Lighthouse (P4)');
  done('Web (P4)', await withServer(datasetTarget('sqlite', String(SMALL)), (server) => webRows(server.url, BENCH_ADMIN, APP_DIR)));
}
console.log('\n## Resumen');
for (const [title, rows] of tables) printTable(title, rows);
const missed = tables.flatMap(([title, rows]) => rows.filter((r) => r.met === false).map((r) => `${title}: ${r.name}`));
console.log(`\n${new Date().toISOString()} · ${(performance.now() - started) / 1000 | 0} s · ${os.cpus().length} núcleos, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · carga media de la máquina (1/5/15 min) ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} · ` +
  (missed.length === 0 ? 'todos los objetivos cumplidos' : `objetivos no cumplidos: ${missed.join('; ')}`));
