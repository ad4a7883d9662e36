// P2c, 'Margen bruto' per month when months change (docs/decisions/0048-monthly-costs-kept-between-reads.md):
// all time, on the bench's sets of 10,000 sales (the big set's lots) and 1,000,000, called in-process
// (no HTTP), alternating the two sets, median of 15 calls each, in three states:
//   - kept: nothing changed since the last read (what `npm run bench` times over HTTP as P2b);
//   - one month changed: a sale of the latest month edited (its revision bumped) before each call;
//   - every month changed: a cost input edited (the cost revision bumped) before each call: the
//     first read after a green price, roast or blend edit, which costs every month as before 0048.
// Informative: the target (≤ 3×) is the kept state's; the others show what a change costs.
//
//   npx tsx scripts/bench/monthly-margin.ts                       # SQLite, the bench's sets
//   BENCH_DATABASE_URL=postgres://…/cafe_bench npx tsx scripts/bench/monthly-margin.ts
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { monthlyMargin } from '#server/features/reports/service.js';
import { datasetTarget, ensureDataset } from './datasets.js';

const SMALL = 10_000;
const BIG = Number(process.env.BENCH_SALES ?? 1_000_000);
const ROUNDS = 15;
const dialect = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';
const postgresUrl = process.env.BENCH_DATABASE_URL;

async function open(name: string, sales: number, catalogueOf: number): Promise<DatabaseHandle> {
  const target = datasetTarget(dialect, name, postgresUrl);
  await ensureDataset(target, sales, catalogueOf);
  return openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url }, { skipSqliteLock: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const STATES = {
  kept: async () => {},
  'one month changed': async (handle: DatabaseHandle) => {
    const { rows } = await sql<{ month: string }>`select max(month) as month from sales_monthly`.execute(handle.db);
    await sql`insert into sales_month_revisions (month, revision) values (${rows[0]!.month}, 1)
      on conflict (month) do update set revision = sales_month_revisions.revision + 1`.execute(handle.db);
  },
  'every month changed': async (handle: DatabaseHandle) => {
    await sql`insert into cost_revision (id, revision) values (1, 1) on conflict (id) do update set revision = cost_revision.revision + 1`.execute(handle.db);
  },
} as const;

const small = await open(`${SMALL}_catalogo_${BIG}`, SMALL, BIG);
const big = await open(String(BIG), BIG, BIG);
try {
  for (const handle of [small, big]) await monthlyMargin(handle.db, {});
  for (const [state, change] of Object.entries(STATES)) {
    const times: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, handle] of [small, big].entries()) {
        await change(handle);
        const started = performance.now();
        await monthlyMargin(handle.db, {});
        times[index]!.push(performance.now() - started);
      }
    }
    const [a, b] = times.map(median) as [number, number];
    console.log(`P2c monthly-margin, ${state} (${dialect}): ${SMALL} ${a.toFixed(1)} ms, ${BIG} ${b.toFixed(1)} ms, ${(b / a).toFixed(2)}×`);
  }
} finally {
  await small.close();
  await big.close();
}
