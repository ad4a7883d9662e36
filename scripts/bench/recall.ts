// P14, the recall list (docs/product-guide.md#lista-de-retirada, docs/decisions/0044-recall-list-and-delivery-note.md):
// the recall of the green lot whose roasts and blends sold most, with 10,000 sales and with
// 1,000,000, the same lots (the big set's catalogue) and the same 200 sales of that lot naming one
// of 20 customers in both. Its reads must not grow with the counter sales: those come from the
// aggregates. Calls the service in-process (no HTTP), alternating the two sets, median of 15 each.
//
//   npx tsx scripts/bench/recall.ts                       # SQLite, sets in /tmp/cafe-bench/recall
//   BENCH_DATABASE_URL=postgres://…/cafe_bench npx tsx scripts/bench/recall.ts
import fs from 'node:fs';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '#server/db/database.js';
import { recall } from '#server/features/recall/service.js';
import { type DatasetTarget, generateDataset } from '#support/bench/generate.js';

const SMALL = 10_000;
const BIG = Number(process.env.BENCH_SALES ?? 1_000_000);
const CUSTOMER_SALES = 200;
const CUSTOMERS = 20;
const ROUNDS = 15;
const dir = process.env.BENCH_DATA_DIR ?? '/tmp/cafe-bench/recall';
const postgresUrl = process.env.BENCH_DATABASE_URL;

function targetOf(name: string): DatasetTarget {
  if (!postgresUrl) return { kind: 'sqlite', file: `${dir}/${name}.sqlite` };
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=recall_${name}`);
  return { kind: 'postgres', url: url.toString() };
}

const open = (target: DatasetTarget) => openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url }, { skipSqliteLock: true });

/** The green lot whose roasts sold most, in the big set (the plan gives both sets the same lots). */
async function busiestGreen(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select r.green_coffee_id as id from sales_product_totals t join roasted_coffee r on t.product_type = 'tostado' and r.id = t.product_id
    group by r.green_coffee_id order by sum(t.sale_count) desc limit 1`.execute(handle.db);
  return Number(rows[0]!.id);
}

/** 20 customers and 200 of the lot's roasts' sales naming them, the same in both sets (lowest ids). */
async function addCustomers(handle: DatabaseHandle, greenId: number): Promise<void> {
  const db = handle.db;
  await sql`update sales set customer_id = null where customer_id is not null`.execute(db);
  await sql`delete from customers`.execute(db);
  for (let index = 1; index <= CUSTOMERS; index++) {
    const name = `Cafetería ${String(index).padStart(2, '0')}`;
    const key = name.toLowerCase();
    await db.insertInto('customers').values({ name, name_sort: key, name_key: key, name_skeleton: key, search_key: key, kind: 'cafeteria', address: `Calle ${index}` }).execute();
  }
  const ids = (await db.selectFrom('customers').select('id').orderBy('id').execute()).map((row) => row.id);
  const sales = await sql<{ id: number }>`
    select s.id from sales s join roasted_coffee r on s.product_type = 'tostado' and r.id = s.product_id
    where r.green_coffee_id = ${greenId} order by s.id limit ${CUSTOMER_SALES}`.execute(db);
  for (const [index, sale] of sales.rows.entries()) {
    await db.updateTable('sales').set({ customer_id: ids[index % ids.length]! }).where('id', '=', Number(sale.id)).execute();
  }
  if (handle.dialect === 'postgres') await sql`analyze sales`.execute(db);
}

async function ensure(name: string, sales: number): Promise<DatasetTarget> {
  const target = targetOf(name);
  const marker = `${dir}/${name}${postgresUrl ? '.pg' : ''}.ready`;
  if (!fs.existsSync(marker)) {
    fs.mkdirSync(dir, { recursive: true });
    const summary = await generateDataset(sales, target, BIG);
    console.log(`${name}: ${summary.sales} ventas, ${summary.greenLots} lotes verdes, ${summary.seconds.toFixed(1)} s`);
    fs.writeFileSync(marker, '');
  }
  return target;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const big = await open(await ensure(`ventas_${BIG}`, BIG));
const small = await open(await ensure(`ventas_${SMALL}_catalogo_${BIG}`, SMALL));
try {
  const greenId = await busiestGreen(big);
  for (const handle of [big, small]) await addCustomers(handle, greenId);
  const times: [number[], number[]] = [[], []];
  let answer: Awaited<ReturnType<typeof recall>> | undefined;
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [index, handle] of [small, big].entries()) {
      const started = performance.now();
      answer = await recall(handle.db, { lot: undefined, kind: 'green', id: greenId });
      // The first round warms caches and statements: not counted.
      if (round > 0) times[index]!.push(performance.now() - started);
    }
  }
  const [atSmall, atBig] = [median(times[0]), median(times[1])];
  const { rows } = await sql<{ n: number }>`select count(*) as n from sales s join roasted_coffee r on s.product_type = 'tostado' and r.id = s.product_id where r.green_coffee_id = ${greenId}`.execute(big.db);
  console.log(`${postgresUrl ? 'PostgreSQL' : 'SQLite'}: lote verde ${greenId}, ${Number(rows[0]!.n)} ventas de sus tuestes en el conjunto grande; ` +
    `${answer!.customers.length} clientes, mostrador ${answer!.counter.sales} ventas`);
  console.log(`P14 lista de retirada: ${SMALL} ventas ${atSmall.toFixed(1)} ms, ${BIG} ventas ${atBig.toFixed(1)} ms, ${(atBig / atSmall).toFixed(2)}× (objetivo ≤ 3×)`);
} finally {
  await big.close();
  await small.close();
}
