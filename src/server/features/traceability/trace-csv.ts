import type { Kysely } from 'kysely';
import type { Formatter } from '#shared/format.js';
import type { BlendNode, RoastNode, Trace, TracedSale, TraceQuery } from '#shared/schemas/traceability.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, type CsvFormat, type CsvText, csvText, pagedItems } from '#server/http/csv-export.js';
import { trace } from './service.js';

/** One line of the exported trace: the tree, level by level, then the sources and every sale. */
export interface TraceCsvRow {
  section: string;
  level: number;
  kind: string;
  code: string;
  /** Text with figures in it: they take the dialect's decimal mark. */
  detail: CsvText;
  date: string;
  quantityKg: number | null;
  stockKg: number | null;
  costPerKg: number | null;
  total: number | null;
  cost: number | null;
  margin: number | null;
}

/** A figure column: a number cell (margins may be negative: still numbers), or empty. */
const number = (value: number | null, format: CsvFormat) => (value === null ? '' : format.decimalNumber(value));

/** The columns, named as the screen names them (docs/product-guide.md#trazabilidad). */
export const traceCsvColumns = (money: Formatter): readonly CsvColumn<TraceCsvRow>[] => [
  { header: 'Sección', cell: (row) => row.section },
  { header: 'Nivel', cell: (row, format) => format.decimalNumber(row.level) },
  { header: 'Tipo', cell: (row) => row.kind },
  { header: 'Lote', cell: (row) => row.code },
  { header: 'Detalle', cell: (row, format) => row.detail(format) },
  { header: 'Fecha', cell: (row, format) => (row.date === '' ? '' : format.date(row.date)) },
  { header: 'Cantidad (Kg)', cell: (row, format) => number(row.quantityKg, format) },
  { header: 'En stock (Kg)', cell: (row, format) => number(row.stockKg, format) },
  { header: `Coste (${money.perKg})`, cell: (row, format) => number(row.costPerKg, format) },
  { header: `Total (${money.currency})`, cell: (row, format) => number(row.total, format) },
  { header: `Coste (${money.currency})`, cell: (row, format) => number(row.cost, format) },
  { header: `Margen (${money.currency})`, cell: (row, format) => number(row.margin, format) },
];

const empty = { date: '', quantityKg: null, stockKg: null, costPerKg: null, total: null, cost: null, margin: null };

const blendRow = (blend: BlendNode, level: number): TraceCsvRow => ({
  ...empty,
  section: 'Hacia delante',
  level,
  kind: 'Mezcla',
  code: blend.batch_code,
  detail: blend.drawn_kg === null
    ? csvText`${blend.name}; vendido ${blend.sold.kg} Kg en ${blend.sold.count} ventas`
    : csvText`${blend.name}; tomó ${blend.drawn_kg} Kg; vendido ${blend.sold.kg} Kg en ${blend.sold.count} ventas`,
  date: blend.date,
  quantityKg: blend.produced_kg,
  stockKg: blend.stock_kg,
  costPerKg: blend.cost_per_kg,
  total: blend.sold.total,
});

const roastRows = (roast: RoastNode, level: number): TraceCsvRow[] => [
  {
    ...empty,
    section: 'Hacia delante',
    level,
    kind: 'Tueste',
    code: roast.batch_code,
    detail: csvText`${roast.roast_type}; verde ${roast.green_used_kg} Kg → ${roast.resultant_kg} Kg (rendimiento ${roast.yield_percent} %); vendido ${roast.sold.kg} Kg en ${roast.sold.count} ventas`,
    date: roast.date,
    quantityKg: roast.resultant_kg,
    stockKg: roast.stock_kg,
    costPerKg: roast.cost_per_kg,
    total: roast.sold.total,
  },
  ...roast.blends.map((blend) => blendRow(blend, level + 1)),
];

const saleRow = (sale: TracedSale): TraceCsvRow => ({
  section: 'Ventas',
  level: 0,
  kind: sale.product_type === 'tostado' ? 'Venta de café tostado' : 'Venta de café mezcla',
  code: sale.batch_code_sold,
  detail: csvText`Venta ${String(sale.id)}; ${sale.unit_price} por Kg`,
  date: sale.sale_date,
  quantityKg: sale.quantity_kg,
  stockKg: null,
  costPerKg: null,
  total: sale.total,
  cost: sale.cost,
  margin: sale.margin,
});

function treeRows(first: Trace): TraceCsvRow[] {
  const rows: TraceCsvRow[] = [];
  const forward = first.forward;
  if (forward?.green) {
    const green = forward.green;
    rows.push({
      ...empty,
      section: 'Hacia delante',
      level: 0,
      kind: 'Café Verde',
      code: green.batch_code,
      detail: csvText`${green.origin_name}; ${green.supplier_finca}`,
      date: green.date,
      quantityKg: green.received_kg,
      stockKg: green.stock_kg,
      costPerKg: green.cost_per_kg,
    });
    for (const roast of green.roasts) rows.push(...roastRows(roast, 1));
  }
  if (forward?.roast) rows.push(...roastRows(forward.roast, 0));
  if (forward?.blend) rows.push(blendRow(forward.blend, 0));
  for (const roast of first.backward?.roasts ?? []) {
    rows.push({ ...empty, section: 'Hacia atrás', level: 1, kind: 'Tueste', code: roast.batch_code, detail: csvText`lote verde ${roast.green_batch_code}`, date: roast.date, quantityKg: roast.share_kg });
  }
  for (const source of first.backward?.sources ?? []) {
    rows.push({ ...empty, section: 'Hacia atrás', level: 2, kind: 'Café Verde', code: source.batch_code, detail: csvText`${source.origin_name}; ${source.supplier_finca}`, quantityKg: source.share_kg });
  }
  return rows;
}

/**
 * The trace as CSV rows. The first page is read before anything is sent, so an
 * unknown lot is still the JSON 404 'Lote no encontrado…'; the sales follow
 * page by page, as the client reads.
 */
export async function traceCsv(db: Kysely<Database>, query: Omit<TraceQuery, 'limit' | 'offset'>): Promise<{ fileBase: string; rows: AsyncIterable<TraceCsvRow> }> {
  const first = await trace(db, { ...query, limit: 500, offset: 0 });
  const fileBase = `trazabilidad-${(first.root?.batch_code ?? 'lote').replace(/[^A-Za-z0-9-]+/g, '_')}`;
  async function* rows(): AsyncGenerator<TraceCsvRow> {
    yield* treeRows(first);
    if (first.sale) {
      yield saleRow(first.sale);
      return;
    }
    for await (const sale of pagedItems((page) => trace(db, { ...query, ...page }).then((answer) => answer.sales), 500)) yield saleRow(sale);
  }
  return { fileBase, rows: rows() };
}
