// `npm run bench`: throughput, latency and memory of the built server on a fresh
// SQLite database (or PostgreSQL with BENCH_DATABASE_URL), printed as figures.
// Loads a realistic amount of data through the API first, then hammers the
// read paths staff use most with autocannon, on loopback only, for a bounded time.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '#support/start-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORIGINS = 50;
const GREEN_LOTS = 2000;
const ROASTS = 1000;

const server = await startServer(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {});
const pid = Number(server.pid);

async function call(method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
}

function memoryMiB(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const loadStart = performance.now();
  const originIds: number[] = [];
  const greenIds: number[] = [];
  for (let i = 0; i < ORIGINS; i++) {
    originIds.push((await call('POST', '/api/coffee-origins', cookie, { name: `Origen ${i}`, kilos_per_bag: 60, suppliers_fincas: [`Finca ${i}`] })).id);
  }
  for (let i = 0; i < GREEN_LOTS; i++) {
    const origin = i % ORIGINS;
    const day = String((i % 28) + 1).padStart(2, '0');
    const lot = await call('POST', '/api/green-coffee', cookie, {
      origin_id: originIds[origin], supplier_finca: `Finca ${origin}`, quantity_kg: 100.5, unit_price: 7.25,
      entry_date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${day}`, batch_code: `L-${i}`,
    });
    greenIds.push(lot.id);
  }
  const loadMs = performance.now() - loadStart;
  console.log(`Carga: ${ORIGINS} orígenes y ${GREEN_LOTS} lotes verdes por la API en ${(loadMs / 1000).toFixed(1)} s ` +
    `(${(((ORIGINS + GREEN_LOTS) / loadMs) * 1000).toFixed(0)} altas/s, cada una una transacción con su movimiento)`);

  // Roasts: each is one transaction with three ledger movements' worth of work
  // (green out, roasted in) plus a generated unique lot code.
  const roastStart = performance.now();
  for (let i = 0; i < ROASTS; i++) {
    await call('POST', '/api/roasted-coffee', cookie, {
      green_coffee_id: greenIds[i % GREEN_LOTS], quantity_green_kg: 12.5, resultant_kg: 10.375, roast_type: 'Medio', roast_date: '2026-11-20',
    });
  }
  const roastMs = performance.now() - roastStart;
  console.log(`Tuestes: ${ROASTS} por la API en ${(roastMs / 1000).toFixed(1)} s (${((ROASTS / roastMs) * 1000).toFixed(0)} tuestes/s, de uno en uno)`);

  // Contention: 50 simultaneous 10 kg roasts on one 100.5 kg lot; exactly 10 may pass (the last lot was not roasted above).
  const contended = greenIds[GREEN_LOTS - 1]!;
  const burstStart = performance.now();
  const burst = await Promise.all(Array.from({ length: 50 }, () => fetch(`${server.url}/api/roasted-coffee`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ green_coffee_id: contended, quantity_green_kg: 10, resultant_kg: 8, roast_type: 'Claro', roast_date: '2026-11-21' }),
  })));
  const burstMs = performance.now() - burstStart;
  const accepted = burst.filter((r) => r.status === 201).length;
  console.log(`Contención: 50 tuestes simultáneos de 10 kg sobre un lote con 100.5 kg (sin tostar) → ${accepted} aceptados, ` +
    `${burst.filter((r) => r.status === 409).length} rechazados por stock, en ${burstMs.toFixed(0)} ms`);
  if (accepted !== 10) throw new Error(`se esperaban 10 tuestes aceptados y hubo ${accepted}`);

  const scenarios = [
    { name: 'GET /api/health', path: '/api/health' },
    { name: 'GET /api/auth/me (sesión)', path: '/api/auth/me' },
    { name: 'GET /api/coffee-origins', path: '/api/coffee-origins?limit=100' },
    { name: `GET /api/green-coffee (100 de ${GREEN_LOTS})`, path: '/api/green-coffee?limit=100' },
    { name: 'GET /api/green-coffee (página 15)', path: '/api/green-coffee?limit=100&offset=1400' },
    { name: `GET /api/roasted-coffee (100 de ${ROASTS + 10})`, path: '/api/roasted-coffee?limit=100' },
  ];
  console.log(`\nCarga sostenida: ${SECONDS} s por escenario, 10 conexiones, loopback`);
  console.log('escenario'.padEnd(44), 'pet/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errores'.padStart(8));
  for (const scenario of scenarios) {
    const result = await autocannon({ url: `${server.url}${scenario.path}`, connections: 10, duration: SECONDS, headers: { cookie } });
    const errors = result.errors + result.non2xx;
    console.log(scenario.name.padEnd(44), result.requests.average.toFixed(0).padStart(8), String(result.latency.p50).padStart(8), String(result.latency.p99).padStart(8), String(errors).padStart(8));
  }
  const memory = memoryMiB();
  console.log(`\nMemoria del servidor: RSS ${memory.rss.toFixed(0)} MiB, pico ${memory.peak.toFixed(0)} MiB`);
} finally {
  await server.stop();
}
