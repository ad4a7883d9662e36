// `npm run bench`: each performance target of docs/performance.md measured side by side
// with its baseline in the same run, on SQLite and, with BENCH_DATABASE_URL,
// PostgreSQL; prints one table per database (name, baseline, ours, ratio,
// target, met?). Figures, not a pass/fail test: absolute times on a shared
// machine vary, the ratios hold. docs/performance.md explains each row.
//
// BENCH_SALES (1000000), BENCH_SECONDS (6 per load comparison), BENCH_CONNECTIONS (10),
// BENCH_APP_DIR (a private copy of package.json + dist/ to run instead of the
// tree's), BENCH_COMPARE_APP_DIR (another build, `npm run bench:build -- <commit>`,
// whose P1 runs in the same alternating rounds), BENCH_DATA_DIR (/tmp/cafe-bench/data), BENCH_SKIP_WEB=1 (no P4),
// BENCH_ORIGINAL_PAGES (40 sampled pages for the original way; 0 = every page),
// BENCH_ONLY=P1 (only the sale writes and their CPU per sale: no big data set,
// no reads, no web; with BENCH_DATABASE_URL, PostgreSQL too), BENCH_ONLY=P9 (only
// the printed labels, on the set with the big set's lots: no big data set, no web), BENCH_ONLY=P10
// (only the hostile files, each on a fresh server: no data set, no web), BENCH_ONLY=P11 (only the
// customers' list, on scratch copies of the small set: no big data set, no web), BENCH_ONLY=P12 (only
// the orders: their list and a 20-line fulfil against a sale, on scratch copies of the small set),
// BENCH_ONLY=P13 (only the plan with 10,000 pending orders, on scratch copies of the medium set: no
// big data set, no web).
// BENCH_ONLY=P15 (only the online shop's orders: a 10,000-line Shopify export previewed and imported, on a fresh server;
// with BENCH_DATABASE_URL, on a fresh PostgreSQL schema too). BENCH_ONLY=P2 (only the reads: P2, P2b, P3, P8 and
// P5 after the reports, on the four data sets; no writes, no web).
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '#support/start-server.js';
import { sessionCookie } from '#support/lighthouse.js';
import { BENCH_ADMIN, type DatasetTarget } from '#support/bench/generate.js';
import { shopOrderRows } from './bench/shop-orders.js';
import { checkDataset } from './bench/check.js';
import { databaseUrlOf, datasetTarget, ensureDataset, scratchDataset } from './bench/datasets.js';
import { BENCH_NODE_ARGS, memoryOf, resetPeak } from './bench/measure.js';
import {
  FLAT_REPORT_PATHS, type FlatReportName, LIST_PATHS, listTimes, originalWay, PLANNING_PATHS, type PlanningName, REPORT_PATHS, reportTimes, type ListName, type ReportName,
} from './bench/reads.js';
import { type BenchRow, cpuPerSale, cpuWithSystem, mib, ms, perSecond, printTable } from './bench/results.js';
import { alternate, type Paired, rawPostgresSales, rawSqliteSales, type SaleTarget, saleTargets, serverSales } from './bench/sale-writes.js';
import { webRows } from './bench/web.js';
import { activityRows, fillActivityLog } from './bench/activity.js';
import { artisanRows } from './bench/artisan.js';
import { labelRows } from './bench/labels.js';
import { hostileFileRows } from './bench/hostile-files.js';
import { customerRows, fillCustomers } from './bench/customers.js';
import { fillOrders, fulfilRows, fulfilSetup, orderListRows } from './bench/orders.js';
import { fillPendingOrders, planOrderRows } from './bench/plan-orders.js';

const BIG = Number(process.env.BENCH_SALES ?? 1_000_000);
const MEDIUM = 10_000;
const SMALL = 1_000;
/** The activity log's sizes for P6 (BENCH_ACTIVITY_ENTRIES overrides the big one). */
const ACTIVITY_SMALL = 1_000;
const ACTIVITY_BIG = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** P1 alternates raw and ours this many times, SECONDS / ROUNDS each. */
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_DIR = process.env.BENCH_APP_DIR;
/** Another build (`npm run bench:build -- <commit>`) whose P1 runs in the same alternating rounds. */
const COMPARE_APP_DIR = process.env.BENCH_COMPARE_APP_DIR;
const ONLY_P1 = process.env.BENCH_ONLY === 'P1';
const ONLY_P9 = process.env.BENCH_ONLY === 'P9';
const ONLY_P10 = process.env.BENCH_ONLY === 'P10';
const ONLY_P11 = process.env.BENCH_ONLY === 'P11';
const ONLY_P12 = process.env.BENCH_ONLY === 'P12';
const ONLY_P13 = process.env.BENCH_ONLY === 'P13';
const ONLY_P15 = process.env.BENCH_ONLY === 'P15';
const ONLY_P2 = process.env.BENCH_ONLY === 'P2';
/** P12's numbers of orders. */
const ORDERS_SMALL = 1_000;
const ORDERS_BIG = 100_000;
/** P11's numbers of customers. */
const CUSTOMERS_SMALL = 1_000;
const CUSTOMERS_BIG = 100_000;
/** P13's pending orders. */
const PENDING_ORDERS = 10_000;
const MEMORY_TARGET_MIB = 150;
/**
 * Sign-ins at once: argon2 runs on libuv's 4 threads, so 4 is the most that
 * hash together; more in flight for one user would also meet the sign-in
 * brake (5 attempts counted before verification, docs/decisions/0008).
 */
const LOGIN_BURST = 4;

const log = (text: string) => console.log(`· ${text}`);

async function withServer<T>(target: DatasetTarget, work: (server: RunningServer, cookie: string) => Promise<T>, appDir = APP_DIR): Promise<T> {
  const server = await startServer({ DATABASE_URL: databaseUrlOf(target) }, { ...(appDir ? { appDir } : {}), nodeArgs: BENCH_NODE_ARGS });
  try {
    const cookie = await sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
    return await work(server, cookie);
  } finally {
    await server.stop();
  }
}

async function suite(dialect: 'sqlite' | 'postgres', postgresUrl?: string): Promise<BenchRow[]> {
  const medium = datasetTarget(dialect, String(MEDIUM), postgresUrl);
  if (ONLY_P1) {
    log(`${dialect}: datos de ${MEDIUM} ventas (BENCH_ONLY=P1)`);
    await ensureDataset(medium, MEDIUM);
    return (await saleWrites(dialect, medium, postgresUrl)).rows;
  }
  const rows: BenchRow[] = [];
  const big = datasetTarget(dialect, String(BIG), postgresUrl);
  // P2b: the same lots as the big set, 100× fewer sales: the two differ in sales only.
  const mediumSameLots = datasetTarget(dialect, `${MEDIUM}_catalogo_${BIG}`, postgresUrl);
  if (ONLY_P9) {
    log(`${dialect}: datos de ${MEDIUM} ventas con los lotes de ${BIG} (BENCH_ONLY=P9)`);
    await ensureDataset(mediumSameLots, MEDIUM, BIG);
    return labels(dialect, mediumSameLots);
  }
  if (ONLY_P13) {
    log(`${dialect}: datos de ${MEDIUM} ventas (BENCH_ONLY=P13)`);
    await ensureDataset(medium, MEDIUM);
    return planOrders(dialect, medium, postgresUrl);
  }
  const small = datasetTarget(dialect, String(SMALL), postgresUrl);
  if (ONLY_P11) {
    log(`${dialect}: datos de ${SMALL} ventas (BENCH_ONLY=P11)`);
    await ensureDataset(small, SMALL);
    return customers(dialect, small, postgresUrl);
  }
  if (ONLY_P12) {
    log(`${dialect}: datos de ${SMALL} ventas (BENCH_ONLY=P12)`);
    await ensureDataset(small, SMALL);
    return orders(dialect, small, postgresUrl);
  }
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
  const readRows = (): BenchRow[] => {
    const reads: BenchRow[] = [];
    for (const name of Object.keys(REPORT_PATHS) as ReportName[]) {
      const ratio = atBig.original.times[name] / atBig.reports[name];
      reads.push({ name: `P2 ${name} (${BIG} ventas) vs forma original`, baseline: ms(atBig.original.times[name]), ours: ms(atBig.reports[name]), ratio, target: '≥ 100×', met: ratio >= 100 });
    }
    for (const name of Object.keys(REPORT_PATHS) as ReportName[]) {
      const ratio = atBig.reports[name] / reportsMedium[name];
      reads.push({ name: `P2b ${name}: ${BIG} vs ${MEDIUM} ventas (mismos lotes)`, baseline: ms(reportsMedium[name]), ours: ms(atBig.reports[name]), ratio, target: '≤ 3×', met: ratio <= 3 });
    }
    // Reportes' period totals, top 5 by product, sales by customer and monthly margin (reads.ts FLAT_REPORT_PATHS): flat, no original to race.
    for (const name of Object.keys(FLAT_REPORT_PATHS) as FlatReportName[]) {
      const ratio = atBig.reports[name] / reportsMedium[name];
      reads.push({ name: `P2b ${name}: ${BIG} vs ${MEDIUM} ventas (mismos lotes)`, baseline: ms(reportsMedium[name]), ours: ms(atBig.reports[name]), ratio, target: '≤ 3×', met: ratio <= 3 });
    }
    // P8: the roast plan (docs/decisions/0028-roast-plan.md), flat in the sales held and far from summing them.
    for (const name of Object.keys(PLANNING_PATHS) as PlanningName[]) {
      const flat = atBig.reports[name] / reportsMedium[name];
      reads.push({ name: `P8 ${name}: ${BIG} vs ${MEDIUM} ventas (mismos lotes)`, baseline: ms(reportsMedium[name]), ours: ms(atBig.reports[name]), ratio: flat, target: '≤ 3×', met: flat <= 3 });
    }
    const faster = atBig.original.times.planning / atBig.reports.planning;
    reads.push({ name: `P8 planning (${BIG} ventas) vs sumar la lista de ventas`, baseline: ms(atBig.original.times.planning), ours: ms(atBig.reports.planning), ratio: faster, target: '≥ 100×', met: faster >= 100 });
    for (const name of Object.keys(LIST_PATHS) as ListName[]) {
      const ratio = atBig.lists[name] / listsSmall[name];
      reads.push({ name: `P3 1.ª página ${name}: ${BIG} vs ${SMALL}`, baseline: ms(listsSmall[name]), ours: ms(atBig.lists[name]), ratio, target: '≤ 2×', met: ratio <= 2 });
    }
    reads.push({
      name: `P5 RSS tras los reportes (${BIG} ventas)`, baseline: `${mib(atBig.idle.rssMiB)} en reposo`, ours: mib(atBig.afterReports.rssMiB),
      ratio: Number.NaN, target: `≤ ${MEMORY_TARGET_MIB} MiB`, met: atBig.afterReports.rssMiB <= MEMORY_TARGET_MIB,
    });
    return reads;
  };
  if (ONLY_P2) return readRows();

  const writes = await saleWrites(dialect, medium, postgresUrl);
  const load = writes.load;
  rows.push(...writes.rows);
  // P7: an Artisan profile of 1 MB, previewed and imported (docs/decisions/0026-artisan-alog-import.md).
  log(`${dialect}: Artisan, vista previa e importación de 1 MB (P7)`);
  const artisan = await withServer(writes.target, (server, cookie) => artisanRows({ url: server.url, cookie }));

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

  rows.push(
    ...readRows(),
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
  rows.push(
    ...activity,
    ...artisan,
    ...(await labels(dialect, mediumSameLots)),
    ...(await customers(dialect, small, postgresUrl)),
    ...(await orders(dialect, small, postgresUrl)),
    ...(await planOrders(dialect, medium, postgresUrl)),
  );
  return rows;
}

/** P12: the orders' first page with 1,000 and 100,000 orders, and a 20-line fulfil against one sale, on scratch copies of the small set. */
async function orders(dialect: 'sqlite' | 'postgres', small: DatasetTarget, postgresUrl?: string): Promise<BenchRow[]> {
  log(`${dialect}: pedidos, ${ORDERS_SMALL} y ${ORDERS_BIG}, y preparar 20 líneas (P12)`);
  const few = datasetTarget(dialect, 'pedidos-pocos', postgresUrl);
  const many = datasetTarget(dialect, 'pedidos-muchos', postgresUrl);
  await scratchDataset(small, few, SMALL);
  await scratchDataset(small, many, SMALL);
  // The server migrates a copy made before migration 0020 as it starts; fill it afterwards.
  await withServer(few, async () => undefined);
  await withServer(many, async () => undefined);
  await fillOrders(few, ORDERS_SMALL);
  await fillOrders(many, ORDERS_BIG);
  const list = await withServer(few, (fewServer, fewCookie) =>
    withServer(many, (manyServer, manyCookie) =>
      orderListRows({ url: fewServer.url, cookie: fewCookie }, { url: manyServer.url, cookie: manyCookie }, ORDERS_SMALL, ORDERS_BIG)));
  const setup = await fulfilSetup(few);
  const fulfil = await withServer(few, (server, cookie) => fulfilRows({ url: server.url, cookie }, setup));
  return [...list, ...fulfil];
}

/** P11: the customers' list with 1,000 and 100,000 customers, on scratch copies of the small set. */
async function customers(dialect: 'sqlite' | 'postgres', small: DatasetTarget, postgresUrl?: string): Promise<BenchRow[]> {
  log(`${dialect}: clientes, ${CUSTOMERS_SMALL} y ${CUSTOMERS_BIG} (P11)`);
  const few = datasetTarget(dialect, 'clientes-pocos', postgresUrl);
  const many = datasetTarget(dialect, 'clientes-muchos', postgresUrl);
  await scratchDataset(small, few, SMALL);
  await scratchDataset(small, many, SMALL);
  // The server migrates a copy made before migration 0019 as it starts; fill it afterwards.
  await withServer(few, async () => undefined);
  await withServer(many, async () => undefined);
  await fillCustomers(few, CUSTOMERS_SMALL);
  await fillCustomers(many, CUSTOMERS_BIG);
  return withServer(few, (fewServer, fewCookie) =>
    withServer(many, (manyServer, manyCookie) =>
      customerRows({ url: fewServer.url, cookie: fewCookie }, { url: manyServer.url, cookie: manyCookie }, CUSTOMERS_SMALL, CUSTOMERS_BIG)));
}

/**
 * P13: the roast plan with 10,000 pending orders against none (docs/decisions/0045-plan-from-orders.md),
 * on scratch copies of the medium set: none, spread over a year, all within the horizon.
 */
async function planOrders(dialect: 'sqlite' | 'postgres', medium: DatasetTarget, postgresUrl?: string): Promise<BenchRow[]> {
  log(`${dialect}: Plan de Tueste con ${PENDING_ORDERS} pedidos pendientes (P13)`);
  const copies = (['pedidos-ninguno', 'pedidos-repartidos', 'pedidos-horizonte'] as const).map((name) => datasetTarget(dialect, name, postgresUrl));
  for (const copy of copies) {
    await scratchDataset(medium, copy, MEDIUM);
    // The server migrates a copy made before migration 0020 as it starts; fill it afterwards.
    await withServer(copy, async () => undefined);
  }
  const [none, spread, dense] = copies as [DatasetTarget, DatasetTarget, DatasetTarget];
  await fillPendingOrders(spread, PENDING_ORDERS, 'year');
  await fillPendingOrders(dense, PENDING_ORDERS, 'horizon');
  return withServer(none, (noneServer, noneCookie) =>
    withServer(spread, (spreadServer, spreadCookie) =>
      withServer(dense, (denseServer, denseCookie) =>
        planOrderRows(
          { url: noneServer.url, cookie: noneCookie },
          { url: spreadServer.url, cookie: spreadCookie },
          { url: denseServer.url, cookie: denseCookie },
          PENDING_ORDERS,
        ))));
}

/** P9: 500 labels in one PDF, each format, from a set with hundreds of distinct lots (docs/decisions/0029-lot-labels-and-qr.md). */
async function labels(dialect: 'sqlite' | 'postgres', target: DatasetTarget): Promise<BenchRow[]> {
  log(`${dialect}: etiquetas, 500 en un PDF por formato (P9)`);
  return withServer(target, (server, cookie) => labelRows({ url: server.url, cookie }, server.pid));
}

/**
 * P1: sales through the API against the raw driver, on a scratch copy of the
 * medium set (the cached sets stay as generated), each with the server's CPU
 * time per sale beside it. Also what P5 reads of the server's memory meanwhile.
 */
async function saleWrites(dialect: 'sqlite' | 'postgres', medium: DatasetTarget, postgresUrl?: string) {
  const rows: BenchRow[] = [];
  const writes = datasetTarget(dialect, 'escrituras', postgresUrl);
  log(`${dialect}: escrituras (P1)`);
  await scratchDataset(medium, writes, MEDIUM);
  const targets = await saleTargets(writes, 400);
  const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const raw = (lots: SaleTarget[]) => () => (writes.kind === 'sqlite'
    ? rawSqliteSales(writes.file, lots, roundSeconds)
    : rawPostgresSales(writes.url, lots, roundSeconds, CONNECTIONS));
  // The build to compare with sells into a scratch copy of its own; the raw rounds are shared.
  const compared = COMPARE_APP_DIR ? datasetTarget(dialect, 'escrituras_comparada', postgresUrl) : undefined;
  if (compared) await scratchDataset(medium, compared, MEDIUM);
  const withCompared = <T>(work: (server?: RunningServer, cookie?: string) => Promise<T>) =>
    (compared ? withServer(compared, work, COMPARE_APP_DIR) : work());
  const load = await withServer(writes, (server, cookie) => withCompared(async (otherServer, otherCookie) => {
    const idle = memoryOf(server.pid!);
    // argon2id (m = 19 MiB) per sign-in: a burst shows what it adds to the peak.
    await Promise.all(Array.from({ length: LOGIN_BURST }, () => sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password)));
    const afterLogins = memoryOf(server.pid!);
    resetPeak(server.pid!);
    // The raw rounds write the same file or database beside the idle servers (WAL / MVCC allow it).
    const servers = (lots: SaleTarget[]) => [
      () => serverSales(server.url, server.pid!, cookie, lots, roundSeconds, CONNECTIONS),
      ...(otherServer ? [() => serverSales(otherServer.url, otherServer.pid!, otherCookie!, lots, roundSeconds, CONNECTIONS)] : []),
    ];
    const spread = await alternate(ROUNDS, raw(targets), servers(targets));
    const oneLot = writes.kind === 'postgres' ? await alternate(ROUNDS, raw(targets.slice(0, 1)), servers(targets.slice(0, 1))) : undefined;
    return { idle, afterLogins, spread, oneLot, afterLoad: memoryOf(server.pid!) };
  }));
  for (const target of compared ? [writes, compared] : [writes]) {
    const problems = await checkDataset(target);
    if (problems.length > 0) throw new Error(`tras la carga de ventas, libro o agregados incorrectos:\n${problems.slice(0, 10).join('\n')}`);
  }

  const failures = (f: number) => (f > 0 ? ` (${f} fallidas)` : '');
  const cpuName = `  CPU del servidor por venta${writes.kind === 'postgres' ? ' (referencia: solo el cliente pg)' : ''}`;
  const compareLabel = COMPARE_APP_DIR ? path.basename(COMPARE_APP_DIR) : '';
  const p1 = (name: string, { raw, ours: [ours, other] }: Paired): BenchRow[] => {
    if (!ours) throw new Error('P1: alternate() no devolvió la ronda de este servidor');
    return [
      {
        name, baseline: perSecond(raw.perSecond),
        ours: perSecond(ours.perSecond) + failures(ours.failures),
        ratio: ours.perSecond / raw.perSecond, target: '≥ 0.5×',
        met: ours.failures === 0 && ours.perSecond >= 0.5 * raw.perSecond,
      },
      // Beside the ratio, the steadier figure (docs/performance.md#cpu-per-sale): the server
      // process's user + system time per sale. The raw driver's is its own process's:
      // all of a sale's work on SQLite, only the client's side on PostgreSQL.
      {
        name: cpuName, baseline: cpuWithSystem(raw.cpuMsPerSale, raw.systemMsPerSale), ours: cpuWithSystem(ours.cpuMsPerSale, ours.systemMsPerSale),
        ratio: ours.cpuMsPerSale / raw.cpuMsPerSale, target: '—', met: null,
      },
      // The compared build in the same rounds, then this build's CPU per sale against it. Informative:
      // at full speed the faster server commits bigger groups (docs/performance.md#cpu-per-sale).
      ...(other ? [
        {
          name: `  ${compareLabel}: ventas/s`, baseline: perSecond(raw.perSecond),
          ours: perSecond(other.perSecond) + failures(other.failures), ratio: other.perSecond / raw.perSecond, target: '—', met: null,
        },
        {
          name: `  ${compareLabel}: CPU por venta`, baseline: cpuWithSystem(raw.cpuMsPerSale, raw.systemMsPerSale),
          ours: cpuWithSystem(other.cpuMsPerSale, other.systemMsPerSale),
          ratio: other.cpuMsPerSale / raw.cpuMsPerSale, target: '—', met: null,
        },
        {
          name: `  CPU por venta frente a ${compareLabel}`, baseline: cpuPerSale(other.cpuMsPerSale), ours: cpuPerSale(ours.cpuMsPerSale),
          ratio: ours.cpuMsPerSale / other.cpuMsPerSale, target: '—', met: null,
        },
      ] : []),
    ];
  };
  rows.push(...p1(`P1 ventas/s, ${CONNECTIONS} conexiones, ${targets.length} lotes`, load.spread));
  if (load.oneLot) rows.push(...p1(`P1 ventas/s, ${CONNECTIONS} conexiones, 1 lote (contención)`, load.oneLot));
  return { rows, load, target: writes };
}

const started = performance.now();
const tables: [string, BenchRow[]][] = [];
// Each table as soon as it is measured (a later failure does not lose it), all again at the end.
const done = (title: string, rows: BenchRow[]) => {
  tables.push([title, rows]);
  printTable(title, rows);
};
if (!ONLY_P10 && !ONLY_P15) {
  done('SQLite', await suite('sqlite'));
  if (process.env.BENCH_DATABASE_URL) done('PostgreSQL', await suite('postgres', process.env.BENCH_DATABASE_URL));
}
// P10: files are read in a worker whatever the database (docs/decisions/0040-untrusted-files-in-a-worker.md): once, on SQLite.
if (!ONLY_P1 && !ONLY_P9 && !ONLY_P11 && !ONLY_P12 && !ONLY_P13 && !ONLY_P15 && !ONLY_P2) {
  log('archivos hostiles mientras se consulta /api/health (P10)');
  done('Archivos hostiles (P10)', await hostileFileRows(APP_DIR, log));
}
// P15: the shop's file is read in the worker, and written in one transaction of each database's own kind.
if (!ONLY_P1 && !ONLY_P9 && !ONLY_P10 && !ONLY_P11 && !ONLY_P12 && !ONLY_P13 && !ONLY_P2) {
  log('pedidos de la tienda online: vista previa e importación de 10000 líneas (P15)');
  done('Pedidos de la tienda (P15), SQLite', await shopOrderRows(APP_DIR, log));
  if (process.env.BENCH_DATABASE_URL) done('Pedidos de la tienda (P15), PostgreSQL', await shopOrderRows(APP_DIR, log, process.env.BENCH_DATABASE_URL));
}
if (process.env.BENCH_SKIP_WEB !== '1' && !ONLY_P1 && !ONLY_P9 && !ONLY_P10 && !ONLY_P11 && !ONLY_P12 && !ONLY_P13 && !ONLY_P15 && !ONLY_P2) {
  log('web: peso y Lighthouse (P4)');
  done('Web (P4)', await withServer(datasetTarget('sqlite', String(SMALL)), (server) => webRows(server.url, BENCH_ADMIN, APP_DIR)));
}
console.log('\n## Resumen');
for (const [title, rows] of tables) printTable(title, rows);
const missed = tables.flatMap(([title, rows]) => rows.filter((r) => r.met === false).map((r) => `${title}: ${r.name}`));
console.log(`\n${new Date().toISOString()} · ${(performance.now() - started) / 1000 | 0} s · ${os.cpus().length} núcleos, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · carga media de la máquina (1/5/15 min) ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} · ` +
  (missed.length === 0 ? 'todos los objetivos cumplidos' : `objetivos no cumplidos: ${missed.join('; ')}`));
