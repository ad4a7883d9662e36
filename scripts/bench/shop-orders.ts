// P15: a Shopify orders export of 10,000 line items (docs/product-guide.md#pedidos-de-la-tienda-online,
// docs/decisions/0047-shop-orders-import.md) previewed, then imported, while a client keeps asking
// GET /api/health: the preview's and the import's times, and the health answers' p99 meanwhile,
// on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL (a fresh schema).
// The file is made here, with Shopify's 79 columns: 2,500 orders of 4 lines, each of a customer of
// its own (2,500 new customers), 8 SKUs of the plan mapped through the API beforehand.
import { startServer } from '#support/start-server.js';
import { sessionCookie } from '#support/lighthouse.js';
import { resetPostgresSchema } from '#support/bench/generate.js';
import { SHOP_IMPORT_MAX_ROWS } from '#shared/limits.js';
import { databaseUrlOf, datasetTarget } from './datasets.js';
import { BENCH_NODE_ARGS } from './measure.js';
import { type BenchRow, ms } from './results.js';

const PREVIEW_TARGET_MS = 2_000;
const IMPORT_TARGET_MS = 5_000;
const HEALTH_TARGET_MS = 100;
const LINES_PER_ORDER = 4;
const POLL_GAP_MS = 10;
const PREVIEWS = 3;

/** Shopify's orders export header, as the shop downloads it. */
const SHOPIFY_HEADER = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing', 'Currency', 'Subtotal', 'Shipping', 'Taxes', 'Total',
  'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at', 'Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem compare at price', 'Lineitem sku',
  'Lineitem requires shipping', 'Lineitem taxable', 'Lineitem fulfillment status', 'Billing Name', 'Billing Street', 'Billing Address1', 'Billing Address2', 'Billing Company',
  'Billing City', 'Billing Zip', 'Billing Province', 'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2',
  'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone', 'Notes', 'Note Attributes', 'Cancelled at', 'Payment Method',
  'Payment Reference', 'Refunded Amount', 'Vendor', 'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags', 'Risk Level', 'Source', 'Lineitem discount',
  'Tax 1 Name', 'Tax 1 Value', 'Tax 2 Name', 'Tax 2 Value', 'Tax 3 Name', 'Tax 3 Value', 'Tax 4 Name', 'Tax 4 Value', 'Tax 5 Name', 'Tax 5 Value', 'Phone', 'Receipt Number',
  'Duties', 'Billing Province Name', 'Shipping Province Name', 'Payment ID', 'Payment Terms Name', 'Next Payment Due At', 'Payment References',
];

const SKUS = ['COL-250-G', 'COL-500-M', 'COL-1K-G', 'ETI-250-G', 'ETI-500-M', 'BRA-250-G', 'BRA-1K-M', 'DESCAF-250'];

/** The export: `lines` line items, LINES_PER_ORDER to an order, the order's fields on its first row as Shopify writes them. */
export function shopifyExport(lines = SHOP_IMPORT_MAX_ROWS): string {
  const column = new Map(SHOPIFY_HEADER.map((name, index) => [name, index]));
  const rows = [SHOPIFY_HEADER.join(',')];
  for (let line = 0; line < lines; line++) {
    const order = Math.floor(line / LINES_PER_ORDER);
    const cells: string[] = Array(SHOPIFY_HEADER.length).fill('');
    const set = (name: string, value: string) => (cells[column.get(name)!] = value);
    set('Name', `#${10_000 + order}`);
    set('Lineitem quantity', String(1 + (line % 3)));
    set('Lineitem name', `"Café ${SKUS[line % SKUS.length]}, tueste medio"`);
    set('Lineitem price', (8 + (line % 5)).toFixed(2));
    set('Lineitem sku', SKUS[line % SKUS.length]!);
    set('Lineitem requires shipping', 'true');
    set('Vendor', 'Tostadores Sol');
    if (line % LINES_PER_ORDER === 0) {
      const day = String(1 + (order % 28)).padStart(2, '0');
      set('Email', `cliente${order}@example.es`);
      set('Financial Status', order % 50 === 0 ? 'refunded' : 'paid');
      set('Created at', `2026-11-${day} 10:15:22 +0100`);
      set('Currency', 'EUR');
      set('Billing Name', `Cliente Tienda ${order}`);
      set('Shipping Name', `Cliente Tienda ${order}`);
      set('Shipping Phone', `+34 600 ${String(order).padStart(6, '0')}`);
      set('Billing City', 'Madrid');
      set('Notes', order % 10 === 0 ? '"Dejar en portería,\npor favor"' : '');
    }
    rows.push(cells.join(','));
  }
  return `${rows.join('\n')}\n`;
}

const p99 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)]!;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** GET /api/health every POLL_GAP_MS until `stop()`: the times of the answers. */
async function healthWhile(url: string, stop: () => boolean): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  while (!stop()) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - started);
      else failed++;
    } catch {
      failed++;
    }
    await pause(POLL_GAP_MS);
  }
  return { times, failed };
}

/** P15 rows on a fresh server of the tree's build (or `appDir`'s), on SQLite, or on an empty schema of `postgresUrl`. */
export async function shopOrderRows(appDir: string | undefined, log: (text: string) => void, postgresUrl?: string): Promise<BenchRow[]> {
  let env = {};
  if (postgresUrl) {
    const target = datasetTarget('postgres', 'pedidos_tienda', postgresUrl);
    await resetPostgresSchema(databaseUrlOf(target));
    env = { DATABASE_URL: databaseUrlOf(target) };
  }
  const server = await startServer(env, { ...(appDir ? { appDir } : {}), nodeArgs: BENCH_NODE_ARGS });
  try {
    const cookie = await sessionCookie(server.url, server.adminUsername, server.adminPassword);
    const headers = { cookie, origin: server.url };
    const post = async (path: string, body: object) => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const origin = await post('/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] });
    // The migration's three formats: 250 g, 500 g, 1 kg.
    for (const [index, sku] of SKUS.entries()) {
      await post('/api/shop-skus', { sku, product: { kind: 'tostado', origin_id: origin.id, roast_type: 'Medio' }, format_id: 1 + (index % 3), grind: index % 2 ? 'molido' : 'grano' });
    }
    const body = Buffer.from(shopifyExport());
    const send = async (path: string) => {
      let done = false;
      const started = performance.now();
      const answer = fetch(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body }).then(async (response) => {
        const text = await response.text();
        if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
        return { text, ms: performance.now() - started };
      }).finally(() => (done = true));
      const health = await healthWhile(server.url, () => done);
      return { ...(await answer), health };
    };
    const previews = [];
    for (let run = 0; run < PREVIEWS; run++) previews.push(await send('/api/shop-orders/preview'));
    const imported = await send('/api/shop-orders/import');
    const created = (JSON.parse(imported.text) as { created: number[] }).created.length;
    const again = await send('/api/shop-orders/import');
    log(`P15: ${created} pedidos creados; reimportado: ${again.text}`);
    const slowest = (p: { health: { times: number[] } }) => ms(Math.max(0, ...p.health.times));
    log(`P15: /api/health más lenta en cada vista previa ${previews.map(slowest).join(', ')}; importación ${slowest(imported)}; reimportación ${slowest(again)}`);
    const health = [...previews.flatMap((p) => p.health.times), ...imported.health.times, ...again.health.times];
    const failed = [...previews, imported, again].reduce((total, p) => total + p.health.failed, 0);
    const previewMs = median(previews.map((p) => p.ms));
    const lines = `${SHOP_IMPORT_MAX_ROWS} líneas, ${(body.length / 2 ** 20).toFixed(1)} MiB`;
    return [
      { name: `P15 vista previa de un export de Shopify (${lines}, mediana de ${PREVIEWS})`, baseline: '—', ours: ms(previewMs), ratio: Number.NaN, target: `≤ ${PREVIEW_TARGET_MS} ms`, met: previewMs <= PREVIEW_TARGET_MS },
      { name: `  importación (${created} pedidos y sus clientes)`, baseline: '—', ours: ms(imported.ms), ratio: Number.NaN, target: `≤ ${IMPORT_TARGET_MS} ms`, met: imported.ms <= IMPORT_TARGET_MS },
      { name: '  reimportación (no crea nada)', baseline: '—', ours: ms(again.ms), ratio: Number.NaN, target: '—', met: null },
      {
        // The slowest answer too: on SQLite one waits for the import's whole transaction (docs/decisions/0047-shop-orders-import.md).
        name: `  /api/health p99 mientras tanto (${health.length} peticiones)`, baseline: '—', ours: `${ms(p99(health))} (máx ${ms(Math.max(...health))})${failed > 0 ? ` (${failed} fallidas)` : ''}`,
        ratio: Number.NaN, target: `≤ ${HEALTH_TARGET_MS} ms`, met: failed === 0 && p99(health) <= HEALTH_TARGET_MS,
      },
    ];
  } catch (error) {
    throw new Error(`P15: ${String(error)}\n${server.output().slice(-2000)}`, { cause: error });
  } finally {
    await server.stop();
  }
}
