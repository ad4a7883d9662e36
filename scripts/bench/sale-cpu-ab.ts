// Two builds of the server side by side under the same fixed sale load, in
// alternating rounds (A, B, A, B…): the server's CPU time per sale of each
// (docs/performance.md#cpu-per-sale). A fixed rate (autocannon's overallRate)
// keeps the group commit's batches the same size on both sides, and
// alternating spreads the load of other processes over both.
//
//   CPU_AB_APPS=/tmp/antes,/tmp/despues npx tsx scripts/bench/sale-cpu-ab.ts
//
// Each app folder is a copy of package.json + dist/ with a node_modules link,
// as BENCH_APP_DIR in scripts/bench.ts. Variables: BENCH_DATABASE_URL
// (PostgreSQL; SQLite without it), CPU_AB_RATE (sales/s, 600), CPU_AB_ROUNDS
// (4), CPU_AB_SECONDS (5 per round), CPU_AB_CONNECTIONS (10), CPU_AB_NODE_ARGS
// (Node flags of the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/perfiles`),
// BENCH_DATA_DIR.
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '#support/start-server.js';
import { sessionCookie } from '#support/lighthouse.js';
import { BENCH_ADMIN } from '#support/bench/generate.js';
import { databaseUrlOf, datasetTarget, ensureDataset, scratchDataset } from './datasets.js';
import { median, memoryOf, resetPeak } from './measure.js';
import { combineRounds, saleTargets, serverSales, type ServerSales } from './sale-writes.js';

const APPS = (process.env.CPU_AB_APPS ?? '').split(',').filter(Boolean);
if (APPS.length < 1) throw new Error('CPU_AB_APPS: una o más carpetas de compilación separadas por comas');
const RATE = Number(process.env.CPU_AB_RATE ?? 600);
const ROUNDS = Number(process.env.CPU_AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.CPU_AB_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CPU_AB_CONNECTIONS ?? 10);
const NODE_ARGS = (process.env.CPU_AB_NODE_ARGS ?? '').split(' ').filter(Boolean);
const MEDIUM = 10_000;
const dialect = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';

const medium = datasetTarget(dialect, String(MEDIUM), process.env.BENCH_DATABASE_URL);
await ensureDataset(medium, MEDIUM);

interface Side {
  name: string;
  server: RunningServer;
  cookie: string;
  rounds: ServerSales[];
}

const sides: Side[] = [];
try {
  for (const [i, app] of APPS.entries()) {
    // A scratch copy each: neither server's sales land in the other's lots.
    const writes = datasetTarget(dialect, `escrituras_ab${i}`, process.env.BENCH_DATABASE_URL);
    await scratchDataset(medium, writes, MEDIUM);
    const server = await startServer({ DATABASE_URL: databaseUrlOf(writes) }, { appDir: app, nodeArgs: NODE_ARGS });
    sides.push({ name: path.basename(app), server, cookie: await sessionCookie(server.url, BENCH_ADMIN.username, BENCH_ADMIN.password), rounds: [] });
  }
  const targets = await saleTargets(datasetTarget(dialect, 'escrituras_ab0', process.env.BENCH_DATABASE_URL), 400);
  const load = (side: Side) => serverSales(side.server.url, side.server.pid!, side.cookie, targets, SECONDS, CONNECTIONS, RATE);
  // A round each, not counted: V8 compiles the request path in a fresh server's first seconds.
  for (const side of sides) await load(side);
  for (const side of sides) resetPeak(side.server.pid!);
  for (let round = 0; round < ROUNDS; round++) {
    // The order turns each round, so neither side always follows the same one.
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await load(side);
      side.rounds.push(result);
      console.log(`ronda ${round + 1} ${side.name}: ${result.cpuMsPerSale.toFixed(3)} ms de CPU por venta, ${result.perSecond.toFixed(0)} ventas/s` +
        `, p99 ${result.p99Ms} ms${result.failures ? `, ${result.failures} fallidas` : ''} · carga ${os.loadavg()[0]!.toFixed(1)}`);
    }
  }
  console.log(`\n${dialect}, ${RATE} ventas/s fijas, ${CONNECTIONS} conexiones, ${ROUNDS} rondas de ${SECONDS} s · carga media ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  const first = sides[0]!;
  for (const side of sides) {
    const { cpuMsPerSale, systemMsPerSale, created } = combineRounds(side.rounds);
    // Each round against the first side's round of the same number: the pair saw about the same load.
    const ratios = side.rounds.map((r, i) => r.cpuMsPerSale / first.rounds[i]!.cpuMsPerSale);
    const memory = memoryOf(side.server.pid!);
    console.log(`${side.name}: ${cpuMsPerSale.toFixed(3)} ms de CPU por venta (sistema ${systemMsPerSale.toFixed(3)}; ${created} ventas), frente a ${first.name} ${ratios.map((r) => r.toFixed(2)).join(' / ')} (mediana ${median(ratios).toFixed(2)})` +
      ` · RSS ${memory.rssMiB.toFixed(0)} MiB, pico ${memory.peakMiB.toFixed(0)} MiB`);
  }
} finally {
  for (const side of sides) await side.server.stop();
}
