// P10: a hostile file of the largest size, sent again and again, while a client keeps asking
// GET /api/health (docs/performance.md, docs/decisions/0040-untrusted-files-in-a-worker.md):
// the health answers' p99 while the files are read, beside their p99 at rest, and how far the
// server's RSS rises over its idle figure (VmHWM, worker threads included). Each kind of file
// gets a server of its own, started for it, so the rise counts the worker's start too.
// The files are made here: 5 MB is not worth a place in the repository.
import { startServer } from '#support/start-server.js';
import { sessionCookie } from '#support/lighthouse.js';
import { ALOG_MAX_BYTES } from '#shared/limits.js';
import { IMPORT_MAX_BYTES } from '#shared/schemas/green-import.js';
import { type Endpoint, memoryOf, resetPeak } from './measure.js';
import { type BenchRow, mib, ms } from './results.js';

/** A person's request must not wait behind someone's file: a tenth of a second at worst (p99). */
const HEALTH_TARGET_MS = 100;
/** What one file may add to the server's memory, a worker's start included (P5's ceiling is 150 MiB). */
const RSS_TARGET_MIB = 64;
/** Files sent one after another per kind, and the health client's pause between its requests. */
const RUNS = 20;
const POLL_GAP_MS = 10;
/** Health requests measured at rest, before the files. */
const REST_SAMPLES = 200;

/** 5 MB of empty dicts in lists each within the per-list limit: 1.7 million values (the Artisan reader's worst before its budget). */
export function hostileAlog(): string {
  const list = `[${'{},'.repeat(90_000)}]`;
  const lists: string[] = [];
  let size = 10;
  while (size + list.length + 1 <= ALOG_MAX_BYTES) {
    lists.push(list);
    size += list.length + 1;
  }
  return `{'a': [${lists.join(',')}]}`;
}

/** A header, then one line of 5 MB of ';': 5 million cells in one row before the cells' budget. */
export function hostileCsv(): string {
  const header = 'Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada\n';
  return header + ';'.repeat(IMPORT_MAX_BYTES - header.length);
}

const p99 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)]!;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * GET /api/health one after another, POLL_GAP_MS apart, until `stop()` says so (or `count` are
 * made). A request that fails (a kept-alive connection the server closed while its event loop
 * was blocked: ECONNRESET) counts among `failed`, not among the times.
 */
async function healthTimes(url: string, stop: () => boolean, count = Number.POSITIVE_INFINITY): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  while (!stop() && times.length < count) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - started);
      else failed++;
    } catch {
      failed++;
    }
    await pause(POLL_GAP_MS);
  }
  return { times, failed };
}

interface HostileKind {
  name: string;
  path: string;
  contentType: string;
  body: () => string;
}

const KINDS: HostileKind[] = [
  { name: '.alog de 1,7 millones de contenedores vacíos', path: '/api/artisan/preview', contentType: 'application/octet-stream', body: hostileAlog },
  { name: 'CSV de una línea de 5 MB de separadores', path: '/api/green-coffee/import?dry_run=true', contentType: 'text/csv', body: hostileCsv },
];

async function measureKind(kind: HostileKind, appDir: string | undefined, log: (text: string) => void): Promise<BenchRow[]> {
  const server = await startServer({}, appDir ? { appDir } : {});
  try {
    const endpoint: Endpoint = { url: server.url, cookie: await sessionCookie(server.url, server.adminUsername, server.adminPassword) };
    // Encoded once: the client's own work per request stays out of the health times it measures.
    const body = Buffer.from(kind.body());
    const atRest = (await healthTimes(endpoint.url, () => false, REST_SAMPLES)).times;
    const idle = memoryOf(server.pid!);
    resetPeak(server.pid!);
    const during: number[] = [];
    let failed = 0;
    const fileMs: number[] = [];
    let answer = '';
    for (let run = 0; run < RUNS; run++) {
      let done = false;
      const started = performance.now();
      const file = fetch(`${endpoint.url}${kind.path}`, { method: 'POST', headers: { cookie: endpoint.cookie, 'content-type': kind.contentType }, body })
        .then(async (response) => {
          answer = `${response.status} ${(await response.text()).slice(0, 160)}`;
          if (response.status >= 500) throw new Error(`POST ${kind.path}: ${answer}`);
          fileMs.push(performance.now() - started);
        })
        .finally(() => (done = true));
      const health = await healthTimes(endpoint.url, () => done);
      during.push(...health.times);
      failed += health.failed;
      await file;
    }
    const peak = memoryOf(server.pid!).peakMiB;
    log(`P10 ${kind.name}: respuesta ${answer}`);
    const healthP99 = p99(during);
    const rise = peak - idle.rssMiB;
    return [
      {
        name: `P10 /api/health p99 mientras se lee un ${kind.name} (${(body.length / 2 ** 20).toFixed(1)} MiB, ${RUNS} veces, ${during.length} peticiones)`,
        baseline: `${ms(p99(atRest))} en reposo`, ours: `${ms(healthP99)}${failed > 0 ? ` (${failed} fallidas)` : ''}`,
        ratio: Number.NaN, target: `≤ ${HEALTH_TARGET_MS} ms`, met: failed === 0 && healthP99 <= HEALTH_TARGET_MS,
      },
      {
        name: '  subida de RSS del servidor (pico sobre el reposo)', baseline: `${mib(idle.rssMiB)} en reposo`, ours: `+${mib(rise)} (pico ${mib(peak)})`,
        ratio: Number.NaN, target: `≤ ${RSS_TARGET_MIB} MiB`, met: rise <= RSS_TARGET_MIB,
      },
      { name: '  respuesta al archivo (mediana)', baseline: '—', ours: ms(median(fileMs)), ratio: Number.NaN, target: '—', met: null },
    ];
  } catch (error) {
    throw new Error(`P10 ${kind.name}: ${String(error)}\n${server.output().slice(-2000)}`, { cause: error });
  } finally {
    await server.stop();
  }
}

/** P10 rows for both kinds of file, each on a server of its own (the tree's build, or `appDir`'s). */
export async function hostileFileRows(appDir: string | undefined, log: (text: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of KINDS) rows.push(...(await measureKind(kind, appDir, log)));
  return rows;
}
