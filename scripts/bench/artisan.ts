// P7: what one Artisan profile of about 1 MB costs the server to preview and to
// import (docs/product-guide.md#artisan-import, docs/decisions/0026-artisan-alog-import.md).
// Each figure is the median of sequential requests on loopback, timed from the
// request's start to the answer's last byte: the server's parse, checks and
// transaction, plus a 1 MB copy over loopback (well under a millisecond).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Endpoint, median } from './measure.js';
import { type BenchRow, ms } from './results.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../tests/fixtures/artisan/python-literal-lb.alog');
/** The size Artisan writes for about an hour of logging (the parser refuses over 5 MB). */
const TARGET_BYTES = 1024 * 1024;
/** What one import of the fixture takes from the green lot: 2.2 lb. */
export const ARTISAN_GREEN_G_PER_IMPORT = 998;
/**
 * The target, per file: a person dropping a file on 'Importar desde Artisan'
 * waits for its preview row, and the import holds the green lot's lock for
 * as long as it runs; half a second keeps both short for the longest profile
 * Artisan writes.
 */
const TARGET_MS = 500;


/** The list literal after `'key': ` in the file (flat lists of numbers only: timex, temp1, temp2). */
function listOf(text: string, key: string): { start: number; end: number; values: number[] } {
  const found = new RegExp(`'${key}': \\[([^\\]]*)\\]`).exec(text);
  if (!found) throw new Error(`el fixture no tiene '${key}'`);
  return { start: found.index, end: found.index + found[0].length, values: found[1]!.split(',').map(Number) };
}

/**
 * The fixture's profile with timex, temp1 and temp2 extended to about 1 MB:
 * the time goes on at the file's own step (one second at most), the temperatures repeat the
 * file's readings with a small drift, so every value is a plausible float
 * and the event indices (timeindex) still point into the original part.
 */
export function megabyteProfile(): { text: string; points: number } {
  const original = fs.readFileSync(FIXTURE, 'utf8');
  const timex = listOf(original, 'timex');
  const temp1 = listOf(original, 'temp1');
  const temp2 = listOf(original, 'temp2');
  // At most one second a reading (Artisan samples that fast too): about 50,000 readings at the
  // file's own step would run past the 24 hours from the recording's start that the import accepts.
  const step = Math.min(timex.values.at(-1)! - timex.values.at(-2)!, 1);
  const base = original.length - (timex.end - timex.start) - (temp1.end - temp1.start) - (temp2.end - temp2.start);
  const t: string[] = timex.values.map(String);
  const et: string[] = temp1.values.map(String);
  const bt: string[] = temp2.values.map(String);
  let bytes = base + t.join(', ').length + et.join(', ').length + bt.join(', ').length;
  for (let i = timex.values.length; bytes < TARGET_BYTES; i++) {
    const source = i % timex.values.length;
    const drift = ((i * 7) % 13) / 10;
    // -1 is Artisan's missing reading: it stays missing.
    const reading = (value: number) => (value === -1 ? '-1' : (value + drift).toFixed(1));
    const next = [String(timex.values.at(-1)! + step * (i - timex.values.length + 1)), reading(temp1.values[source]!), reading(temp2.values[source]!)];
    t.push(next[0]!);
    et.push(next[1]!);
    bt.push(next[2]!);
    bytes += next[0]!.length + next[1]!.length + next[2]!.length + 6;
  }
  // Replaced from the last list to the first, so the earlier offsets still hold.
  const lists = [
    { at: timex, values: t, key: 'timex' },
    { at: temp1, values: et, key: 'temp1' },
    { at: temp2, values: bt, key: 'temp2' },
  ].sort((a, b) => b.at.start - a.at.start);
  let text = original;
  for (const list of lists) text = `${text.slice(0, list.at.start)}'${list.key}': [${list.values.join(', ')}]${text.slice(list.at.end)}`;
  return { text, points: t.length };
}

/** The same profile under another roastUUID: each import records a new roast, not a 409. */
const withFreshUuid = (text: string) => text.replace(/'roastUUID': '[0-9a-f]{32}'/, `'roastUUID': '${randomBytes(16).toString('hex')}'`);

async function timedPost(endpoint: Endpoint, urlPath: string, body: string, expected: number): Promise<{ ms: number; answer: unknown }> {
  const started = performance.now();
  const response = await fetch(`${endpoint.url}${urlPath}`, {
    method: 'POST',
    headers: { cookie: endpoint.cookie, 'content-type': 'application/octet-stream' },
    body,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== expected) throw new Error(`POST ${urlPath}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: elapsed, answer: JSON.parse(text) };
}

/** A green lot of its own to roast from, made through the API like any other (its origin named apart from the data set's). */
async function benchGreenLot(endpoint: Endpoint, quantityKg: number): Promise<number> {
  const post = async (urlPath: string, body: object) => {
    const response = await fetch(`${endpoint.url}${urlPath}`, { method: 'POST', headers: { cookie: endpoint.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`POST ${urlPath}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return ((await response.json()) as { id: number }).id;
  };
  const tag = randomBytes(3).toString('hex');
  const originId = await post('/api/coffee-origins', { name: `Bench Artisan ${tag}`, kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] });
  return post('/api/green-coffee', {
    origin_id: originId, supplier_finca: 'Finca La Pastora', quantity_kg: quantityKg, unit_price: 6, entry_date: '2024-03-01', batch_code: `ART-${tag}`,
  });
}

/**
 * P7 rows: median ms per file of POST /api/artisan/preview and of POST
 * /api/roasted-coffee/import-artisan for the ~1 MB profile, `runs` of each
 * after `warmup`. Each import records a roast of 998 g from `greenLotId`, so
 * that lot needs (runs + warmup) × 998 g in stock; without one, a green lot
 * of that size is made first through the API.
 */
export async function artisanRows(endpoint: Endpoint, greenLotId?: number, runs = 10, warmup = 2): Promise<BenchRow[]> {
  const lotId = greenLotId ?? (await benchGreenLot(endpoint, Math.ceil(((runs + warmup) * ARTISAN_GREEN_G_PER_IMPORT) / 1000)));
  const { text, points } = megabyteProfile();
  const size = `${(Buffer.byteLength(text) / (1024 * 1024)).toFixed(2)} MB, ${points} puntos`;
  const preview: number[] = [];
  const imports: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const previewed = await timedPost(endpoint, '/api/artisan/preview', withFreshUuid(text), 200);
    // The whole curve was read, not a prefix: a figure for a shorter file would flatter.
    const read = (previewed.answer as { curve_points?: unknown }).curve_points;
    if (read !== points) throw new Error(`la vista previa leyó ${String(read)} puntos de ${points}`);
    const imported = await timedPost(endpoint, `/api/roasted-coffee/import-artisan?green_coffee_id=${lotId}&roast_type=Medio`, withFreshUuid(text), 201);
    if (i >= warmup) {
      preview.push(previewed.ms);
      imports.push(imported.ms);
    }
  }
  const row = (name: string, times: number[]): BenchRow => {
    const ours = median(times);
    return { name, baseline: size, ours: ms(ours), ratio: Number.NaN, target: `≤ ${TARGET_MS} ms`, met: ours <= TARGET_MS };
  };
  return [row('P7 Artisan: vista previa de un perfil de 1 MB', preview), row('P7 Artisan: importación de un perfil de 1 MB', imports)];
}
