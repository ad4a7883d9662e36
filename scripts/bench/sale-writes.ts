// P1: sales per second through the whole server (POST /api/sales: session,
// validation, write transaction, lot lock, ledger, aggregates, response)
// against the raw driver doing the same statements for one sale in one
// transaction (the four aggregate upserts of sales/aggregates.ts countSale
// included), with the durability settings of src/server/db/database.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import autocannon from 'autocannon';
import pg from 'pg';
import { isoDay, DAYS } from '#support/bench/plan.js';
import type { DatasetTarget } from '#support/bench/generate.js';
import { stripeOf } from '#server/features/sales/aggregates.js';
import { withPgClient } from '#support/pg-client.js';

export interface SaleTarget {
  type: 'tostado' | 'mezcla';
  id: number;
  code: string;
}

/** Every sale is 10 g, so thousands fit in one lot's spare stock (plan.ts SPARE_G). */
const SALE_G = 10;
const PRICE_CENTS = 2850;
/** The last day of the data set: a valid, not future, sale date. */
const SALE_DATE = isoDay(DAYS - 1);

/** Up to `count` products with room for the bench's sales, roasted and blends alike. */
export async function saleTargets(target: DatasetTarget, count: number): Promise<SaleTarget[]> {
  const query = `
    select 'tostado' as type, id, batch_code as code from roasted_coffee where stock_g >= 100000
    union all
    select 'mezcla' as type, id, batch_code as code from blended_coffee where stock_g >= 100000
    order by id limit ${Number(count)}`;
  if (target.kind === 'sqlite') {
    const sqlite = new SqliteDatabase(target.file, { readonly: true });
    try {
      return sqlite.prepare(query).all() as SaleTarget[];
    } finally {
      sqlite.close();
    }
  }
  return withPgClient(target.url, async (client) => (await client.query<SaleTarget>(query)).rows);
}

const lotTable = (type: SaleTarget['type']) => (type === 'tostado' ? 'roasted_coffee' : 'blended_coffee');
const lotKind = (type: SaleTarget['type']) => (type === 'tostado' ? 'roasted' : 'blend');
const totalCents = Math.floor((SALE_G * PRICE_CENTS + 500) / 1000);

/** The statements of one sale, in the service's order (sales/service.ts createSale). */
const STATEMENTS = (forUpdate: string, p: (n: number) => string) => ({
  lock: (table: string) => `select stock_g, batch_code from ${table} where id = ${p(1)} ${forUpdate}`,
  insertSale: `insert into sales (product_id, product_type, quantity_g, unit_price_cents, sale_date, batch_code_sold, user_id, created_at, updated_at)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(8)}) returning id`,
  move: (table: string) => `update ${table} set stock_g = stock_g + ${p(1)} where id = ${p(2)} and stock_g + ${p(1)} >= 0`,
  ledger: `insert into stock_movements (created_at, user_id, lot_kind, lot_id, delta_g, reason, ref_kind, ref_id)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, 'sale', 'sale', ${p(6)})`,
  daily: `insert into sales_daily (sale_date, product_type, product_id, quantity_g, revenue_cents, sale_count)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, 1)
    on conflict (sale_date, product_type, product_id) do update set quantity_g = sales_daily.quantity_g + excluded.quantity_g,
      revenue_cents = sales_daily.revenue_cents + excluded.revenue_cents, sale_count = sales_daily.sale_count + excluded.sale_count`,
  monthly: `insert into sales_monthly (month, product_type, product_id, quantity_g, revenue_cents, sale_count)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, 1)
    on conflict (month, product_type, product_id) do update set quantity_g = sales_monthly.quantity_g + excluded.quantity_g,
      revenue_cents = sales_monthly.revenue_cents + excluded.revenue_cents, sale_count = sales_monthly.sale_count + excluded.sale_count`,
  productTotals: `insert into sales_product_totals (product_type, product_id, quantity_g, revenue_cents, sale_count)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, 1)
    on conflict (product_type, product_id) do update set quantity_g = sales_product_totals.quantity_g + excluded.quantity_g,
      revenue_cents = sales_product_totals.revenue_cents + excluded.revenue_cents, sale_count = sales_product_totals.sale_count + excluded.sale_count`,
  // Last, as countSale writes it: the (day, stripe) row other lots' sales share is held until commit.
  dailyTotals: `insert into sales_daily_totals (sale_date, stripe, quantity_g, revenue_cents, sale_count)
    values (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, 1)
    on conflict (sale_date, stripe) do update set quantity_g = sales_daily_totals.quantity_g + excluded.quantity_g,
      revenue_cents = sales_daily_totals.revenue_cents + excluded.revenue_cents, sale_count = sales_daily_totals.sale_count + excluded.sale_count`,
});

/**
 * Raw SQLite: one connection (the app has one too, and SQLite writes one
 * transaction at a time anyway), BEGIN IMMEDIATE, WAL + synchronous=FULL.
 * Returns sales per second over `seconds`.
 */
export function rawSqliteSales(file: string, targets: SaleTarget[], seconds: number, userId = 1): RawSales {
  const sqlite = new SqliteDatabase(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('temp_store = MEMORY');
    const s = STATEMENTS('', (n) => `@p${n}`);
    // better-sqlite3 binds a repeated parameter only by name.
    const named = (...values: unknown[]) => Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value]));
    const lock = { tostado: sqlite.prepare(s.lock('roasted_coffee')), mezcla: sqlite.prepare(s.lock('blended_coffee')) };
    const move = { tostado: sqlite.prepare(s.move('roasted_coffee')), mezcla: sqlite.prepare(s.move('blended_coffee')) };
    const insertSale = sqlite.prepare(s.insertSale);
    const ledger = sqlite.prepare(s.ledger);
    const daily = sqlite.prepare(s.daily);
    const monthly = sqlite.prepare(s.monthly);
    const productTotals = sqlite.prepare(s.productTotals);
    const dailyTotals = sqlite.prepare(s.dailyTotals);
    const sell = sqlite.transaction((t: SaleTarget) => {
      const lot = lock[t.type].get(named(t.id)) as { stock_g: number } | undefined;
      if (!lot || lot.stock_g < SALE_G) throw new Error(`sin stock en ${t.type} ${t.id}`);
      const now = Date.now();
      const { id } = insertSale.get(named(t.id, t.type, SALE_G, PRICE_CENTS, SALE_DATE, t.code, userId, now)) as { id: number };
      if (move[t.type].run(named(-SALE_G, t.id)).changes !== 1) throw new Error('stock');
      ledger.run(named(now, userId, lotKind(t.type), t.id, -SALE_G, id));
      daily.run(named(SALE_DATE, t.type, t.id, SALE_G, totalCents));
      monthly.run(named(SALE_DATE.slice(0, 7), t.type, t.id, SALE_G, totalCents));
      productTotals.run(named(t.type, t.id, SALE_G, totalCents));
      dailyTotals.run(named(SALE_DATE, stripeOf(t.id), SALE_G, totalCents));
    });
    let done = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const end = started + seconds * 1000;
    while (performance.now() < end) sell.immediate(targets[done++ % targets.length]!);
    return { perSecond: done / ((performance.now() - started) / 1000), ...perSale(process.cpuUsage(cpuBefore), done) };
  } finally {
    sqlite.close();
  }
}

/**
 * Raw PostgreSQL: `connections` clients (the app's pool holds 10) each
 * running the sale's statements in a READ COMMITTED transaction, the lot
 * locked first with FOR UPDATE as lockLots does. Sales per second.
 */
export async function rawPostgresSales(url: string, targets: SaleTarget[], seconds: number, connections: number, userId = 1): Promise<RawSales> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const cpuBefore = process.cpuUsage();
  const s = STATEMENTS('for update', (n) => `$${n}`);
  let done = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const t = targets[next++ % targets.length]!;
          const now = Date.now();
          await client.query('begin');
          const lot = (await client.query<{ stock_g: number }>(s.lock(lotTable(t.type)), [t.id])).rows[0];
          if (!lot || lot.stock_g < SALE_G) throw new Error(`sin stock en ${t.type} ${t.id}`);
          const sale = await client.query<{ id: number }>(s.insertSale, [t.id, t.type, SALE_G, PRICE_CENTS, SALE_DATE, t.code, userId, now]);
          await client.query(s.move(lotTable(t.type)), [-SALE_G, t.id]);
          await client.query(s.ledger, [now, userId, lotKind(t.type), t.id, -SALE_G, sale.rows[0]!.id]);
          await client.query(s.daily, [SALE_DATE, t.type, t.id, SALE_G, totalCents]);
          await client.query(s.monthly, [SALE_DATE.slice(0, 7), t.type, t.id, SALE_G, totalCents]);
          await client.query(s.productTotals, [t.type, t.id, SALE_G, totalCents]);
          await client.query(s.dailyTotals, [SALE_DATE, stripeOf(t.id), SALE_G, totalCents]);
          await client.query('commit');
          done++;
        }
      } finally {
        client.release();
      }
    }));
  } finally {
    await pool.end();
  }
  return { perSecond: done / ((performance.now() - started) / 1000), ...perSale(process.cpuUsage(cpuBefore), done) };
}

/** The raw driver's rate, and the CPU its own process spent per sale (user + system). */
export interface RawSales {
  perSecond: number;
  /** SQLite: all of a sale's work. PostgreSQL: the client's side only (the database's processes are not counted). */
  cpuMsPerSale: number;
  /**
   * The kernel's part of it (system time: sockets, fsync, locks). Printed beside the total because
   * on a slower host of the same class our CPU per sale grew twice as much as the raw driver's
   * (docs/performance.md#host-classes): this says whether
   * the kernel or our own code grew.
   */
  systemMsPerSale: number;
}

/** user + system and system alone, in ms per sale, from process.cpuUsage() (µs). */
const perSale = (usage: NodeJS.CpuUsage, sales: number) => ({
  cpuMsPerSale: (usage.user + usage.system) / 1000 / sales,
  systemMsPerSale: usage.system / 1000 / sales,
});

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux almost always). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU milliseconds (user + system, every thread: JavaScript, V8's compiler and
 * collector, libuv) that process `pid` has used since it started, from
 * /proc/<pid>/stat: the server is a child process, so process.cpuUsage() cannot see it.
 */
export function processCpuMs(pid: number): number {
  const { userMs, systemMs } = processCpuTimes(pid);
  return userMs + systemMs;
}

/** processCpuMs in its two parts: user (JavaScript, V8, SQLite) and system (the kernel's work for the process). */
export function processCpuTimes(pid: number): { userMs: number; systemMs: number } {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), here 11 and 12 (counting from the state, field 3).
  return { userMs: (Number(fields[11]) * 1000) / clockTicks(), systemMs: (Number(fields[12]) * 1000) / clockTicks() };
}

export interface ServerSales {
  perSecond: number;
  /**
   * The server process's CPU per created sale over the round (user + system):
   * steadier than the rate on a shared machine, where other processes take
   * turns on the cores but do not add to this process's CPU time.
   */
  cpuMsPerSale: number;
  /** Its system part, as in RawSales. */
  systemMsPerSale: number;
  created: number;
  /** Non-201 answers and socket errors: should be 0. */
  failures: number;
  p99Ms: number;
}

/**
 * Ours: autocannon POSTing distinct sale bodies (round-robin over `targets`),
 * each with its own Idempotency-Key, with a signed-in cookie; `pid` is the server's, whose CPU time is read before and after.
 * `overallRate`: at most that many requests a second (a fixed load, for comparing two builds: sale-cpu-ab.ts); as fast as it can without.
 */
export async function serverSales(
  baseUrl: string, pid: number, cookie: string, targets: SaleTarget[], seconds: number, connections: number, overallRate?: number,
): Promise<ServerSales> {
  let next = 0;
  const body = () => {
    const t = targets[next++ % targets.length]!;
    return JSON.stringify({ product_id: t.id, product_type: t.type, quantity_kg: SALE_G / 1000, unit_price: PRICE_CENTS / 100, sale_date: SALE_DATE, batch_code_sold: t.code });
  };
  const cpuBefore = processCpuTimes(pid);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    // Every sale with its own Idempotency-Key, as the web app sends it (docs/decisions/0023-idempotency-keys.md):
    // P1 measures the write pipeline's lookup and stored answer too.
    requests: [{
      method: 'POST',
      path: '/api/sales',
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${pid}-${next}-${Date.now()}` }, body: body() }),
    }],
  });
  const cpuAfter = processCpuTimes(pid);
  const created = result['2xx'];
  const system = cpuAfter.systemMs - cpuBefore.systemMs;
  return {
    perSecond: created / seconds,
    cpuMsPerSale: (cpuAfter.userMs - cpuBefore.userMs + system) / created,
    systemMsPerSale: system / created,
    created,
    failures: result.non2xx + result.errors + result.timeouts,
    p99Ms: result.latency.p99,
  };
}

export interface Paired {
  raw: RawSales;
  /** One per server, in the order given. */
  ours: ServerSales[];
}

/**
 * Raw and each server in alternating rounds (raw, ours, raw, ours…), averaged:
 * on a shared machine the load of other processes drifts within seconds, and
 * alternating spreads that drift over every side instead of one. With two
 * servers (a build to compare with, BENCH_COMPARE_APP_DIR) their order turns
 * each round, so neither always runs right after the raw driver. One round of
 * each first, not counted: a fresh server's request path is still being
 * compiled by V8 in its first seconds of sales (on 24/11 the first round of a
 * fresh server was the lowest of its series in 6 of 7 series), and the
 * measure is the steady rate.
 */
export async function alternate(rounds: number, raw: () => RawSales | Promise<RawSales>, servers: (() => Promise<ServerSales>)[]): Promise<Paired> {
  await raw();
  for (const server of servers) {
    const warmUp = await server();
    if (warmUp.failures > 0) throw new Error(`P1: ${warmUp.failures} ventas fallidas en la ronda de calentamiento`);
  }
  const rawTotal: RawSales = { perSecond: 0, cpuMsPerSale: 0, systemMsPerSale: 0 };
  const served: ServerSales[][] = servers.map(() => []);
  for (let i = 0; i < rounds; i++) {
    const rawRound = await raw();
    rawTotal.perSecond += rawRound.perSecond / rounds;
    rawTotal.cpuMsPerSale += rawRound.cpuMsPerSale / rounds;
    rawTotal.systemMsPerSale += rawRound.systemMsPerSale / rounds;
    const order = servers.map((_, s) => s);
    for (const s of i % 2 === 0 ? order : order.reverse()) served[s]!.push(await servers[s]!());
  }
  return { raw: rawTotal, ours: served.map(combineRounds) };
}

/**
 * A server's rounds as one: the mean rate, and the CPU per sale over all the
 * sales of the rounds (not a mean of the rounds' figures, which would weigh a
 * short, slow round like a long one). Also what sale-cpu-ab.ts prints per build.
 */
export function combineRounds(rounds: ServerSales[]): ServerSales {
  const created = rounds.reduce((sum, round) => sum + round.created, 0);
  const perSale = (figure: (round: ServerSales) => number) => rounds.reduce((sum, round) => sum + figure(round) * round.created, 0) / created;
  return {
    perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
    cpuMsPerSale: perSale((round) => round.cpuMsPerSale),
    systemMsPerSale: perSale((round) => round.systemMsPerSale),
    created,
    failures: rounds.reduce((sum, round) => sum + round.failures, 0),
    p99Ms: Math.max(...rounds.map((round) => round.p99Ms)),
  };
}
