import { formatDate, type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import type { TracedSale } from '#shared/schemas/traceability.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { LotTraceLink, tracePath } from '#web/components/lot-trace-link.js';
import { PRODUCT_TYPE_LABELS } from './lot-kind-labels.js';

const moneyOrDash = (f: Formatter, value: number | null) => (value === null ? '—' : f.money(value));

const traceSaleColumns = (f: Formatter): Column<TracedSale>[] => [
  { label: 'Fecha Venta', cell: (sale) => formatDate(sale.sale_date) },
  { label: 'Producto', cell: (sale) => PRODUCT_TYPE_LABELS[sale.product_type] },
  { label: 'Lote Vendido', cell: (sale) => <strong>{sale.batch_code_sold}</strong> },
  { label: 'Cantidad (Kg)', className: 'num', cell: (sale) => f.twoDecimals(sale.quantity_kg) },
  { label: `Total (${f.currency})`, className: 'num', cell: (sale) => f.money(sale.total) },
  { label: `Coste (${f.currency})`, className: 'num', cell: (sale) => moneyOrDash(f, sale.cost) },
  { label: `Margen (${f.currency})`, className: 'num', cell: (sale) => moneyOrDash(f, sale.margin) },
  { label: 'Margen (%)', className: 'num', cell: (sale) => (sale.margin_percent === null ? '—' : `${f.twoDecimals(sale.margin_percent)} %`) },
];

/** The sales leaves of a trace (one page): each with its cost and gross margin, and a link to its own backward trace. */
export function TraceSalesTable({ sales }: { sales: TracedSale[] }) {
  const f = useFormat();
  const trace: Column<TracedSale> = {
    label: 'Trazar',
    cell: (sale) => <LotTraceLink to={tracePath({ sale: sale.id })} label={`Trazar la venta del ${formatDate(sale.sale_date)} del lote ${sale.batch_code_sold}`} />,
  };
  return <DataTable caption="Ventas del lote" columns={[...traceSaleColumns(f), trace]} rows={sales} empty="Este lote todavía no tiene ventas." />;
}
