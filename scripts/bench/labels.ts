// P9: printed lot labels (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md):
// the largest PDF one request may ask for, 500 labels, in each format. Each figure is the median
// of sequential requests on loopback, timed from the request's start to the PDF's last byte:
// the lots' read, the layout of every label, 500 QR codes and the document's compression.
import { LABELS_MAX } from '#shared/limits.js';
import { LABEL_FORMATS } from '#shared/schemas/labels.js';
import { type Endpoint, getJson, median, memoryOf, resetPeak } from './measure.js';
import { type BenchRow, mib, ms } from './results.js';
import { processCpuMs } from './sale-writes.js';

/** A person waits for the new tab to show the labels; two seconds is the most that still feels like a click. */
const TARGET_MS = 2000;


interface Page<Item> {
  items: Item[];
}

/**
 * Up to LABELS_MAX distinct lots of the data set, mixed as a day's printing
 * would be (roasted lots first, then blends, then green lots), as `kind:id`.
 */
async function benchLots(endpoint: Endpoint): Promise<string[]> {
  const list = async (path: string, kind: string) =>
    (await getJson<Page<{ id: number }>>(endpoint.url, `${path}?limit=500`, endpoint.cookie)).items.map((lot) => `${kind}:${lot.id}`);
  const [roasted, blends, green] = await Promise.all([list('/api/roasted-coffee', 'roasted'), list('/api/blended-coffee', 'blend'), list('/api/green-coffee', 'green')]);
  const blendShare = Math.min(blends.length, 100);
  const greenShare = Math.min(green.length, 100);
  return [...roasted.slice(0, LABELS_MAX - blendShare - greenShare), ...blends.slice(0, blendShare), ...green.slice(0, greenShare)];
}

/**
 * One row per format: median ms of GET /api/labels.pdf for LABELS_MAX labels,
 * `runs` requests after `warmup`. With fewer distinct lots than that in the
 * data set, each is printed in as many copies as fill the 500 (copies share
 * their layout and QR code, so the figure is then lighter: the row says so).
 * With the server's pid, each format's row is followed by the server's CPU
 * per PDF, and a last row without a target gives its peak RSS while printing
 * (P5's targets are the server at rest and under sales; this is beside them,
 * as the sign-in burst is).
 */
export async function labelRows(endpoint: Endpoint, pid?: number, runs = 5, warmup = 1): Promise<BenchRow[]> {
  const lots = await benchLots(endpoint);
  if (lots.length === 0) throw new Error('el conjunto de datos no tiene lotes para imprimir etiquetas');
  const copies = Math.floor(LABELS_MAX / lots.length);
  const printed = lots.slice(0, Math.floor(LABELS_MAX / copies));
  const rows: BenchRow[] = [];
  const idle = pid === undefined ? undefined : memoryOf(pid);
  if (pid !== undefined) resetPeak(pid);
  for (const format of LABEL_FORMATS) {
    const path = `/api/labels.pdf?lots=${printed.join(',')}&format=${format}&copies=${copies}`;
    const times: number[] = [];
    let bytes = 0;
    let cpuMs = 0;
    for (let i = 0; i < warmup + runs; i++) {
      const cpuBefore = pid === undefined ? 0 : processCpuMs(pid);
      const started = performance.now();
      const response = await fetch(`${endpoint.url}${path}`, { headers: { cookie: endpoint.cookie } });
      const body = new Uint8Array(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') {
        throw new Error(`GET /api/labels.pdf (${format}): ${response.status} ${new TextDecoder().decode(body.subarray(0, 300))}`);
      }
      bytes = body.byteLength;
      if (i >= warmup) {
        times.push(elapsed);
        if (pid !== undefined) cpuMs += processCpuMs(pid) - cpuBefore;
      }
    }
    const ours = median(times);
    rows.push({
      name: `P9 etiquetas: ${printed.length * copies} en un PDF, formato ${format} (${printed.length} lotes × ${copies} ${copies === 1 ? 'copia' : 'copias'})`,
      baseline: `${(bytes / 1024).toFixed(0)} KB`,
      ours: ms(ours),
      ratio: Number.NaN,
      target: `≤ ${TARGET_MS} ms`,
      met: ours <= TARGET_MS,
    });
    // Beside the wait, the steadier figure (as P1's CPU per sale): the server's own CPU per PDF, which other processes' load does not add to.
    if (pid !== undefined) rows.push({ name: '  CPU del servidor por PDF (media)', baseline: '—', ours: ms(cpuMs / runs), ratio: Number.NaN, target: '—', met: null });
  }
  if (pid !== undefined && idle) {
    const peak = memoryOf(pid).peakMiB;
    rows.push({
      name: 'P9 pico RSS imprimiendo esas etiquetas', baseline: `${mib(idle.rssMiB)} antes`, ours: `${mib(peak)} (+${mib(peak - idle.rssMiB)})`,
      ratio: Number.NaN, target: '—', met: null,
    });
  }
  return rows;
}
