// The bench's one table: name, baseline, ours, ratio, target, met?
export interface BenchRow {
  name: string;
  baseline: string;
  ours: string;
  /** ours ÷ baseline or baseline ÷ ours, as the target reads; NaN when there is none. */
  ratio: number;
  target: string;
  /** null: a figure without a target (context for the others). */
  met: boolean | null;
}

export const ms = (value: number) => (Number.isNaN(value) ? 'sin medida' : `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`);
export const perSecond = (value: number) => `${value.toFixed(0)} /s`;
/** CPU milliseconds per sale: three decimals, the figures are fractions of a millisecond. */
export const cpuPerSale = (value: number) => (Number.isFinite(value) ? `${value.toFixed(3)} ms` : 'sin medida');
/** A CPU time per sale with its system (kernel) part: "0.357 ms (sistema 0.101)". */
export const cpuWithSystem = (total: number, system: number) =>
  (Number.isFinite(total) && Number.isFinite(system) ? `${cpuPerSale(total)} (sistema ${system.toFixed(3)})` : cpuPerSale(total));
export const mib = (value: number) => `${value.toFixed(0)} MiB`;

export function printTable(title: string, rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.name, r.baseline, r.ours, Number.isNaN(r.ratio) ? '—' : `${r.ratio >= 100 ? r.ratio.toFixed(0) : r.ratio.toFixed(2)}×`, r.target,
    r.met === null ? '—' : r.met ? 'sí' : 'NO',
  ]);
  const header = ['medida', 'referencia', 'nuestro', 'ratio', 'objetivo', '¿cumple?'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}
