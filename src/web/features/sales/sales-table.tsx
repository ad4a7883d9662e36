import { formatDate, type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { Sale } from '#shared/schemas/sales.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { LotTraceLink, tracePath } from '#web/components/lot-trace-link.js';

// docs/product-guide.md#ventas: these columns, in this order; 2 decimals and the $ prefix (docs/product-guide.md#business-constants).
const columnsFor = (f: Formatter): Column<Sale>[] => [
  { label: 'Producto', className: 'wrap', cell: (sale) => <ProductCell sale={sale} /> },
  { label: 'Lote Vendido', cell: (sale) => <strong>{sale.batch_code_sold}</strong> },
  { label: 'Cantidad (Kg)', className: 'num', cell: (sale) => f.twoDecimals(sale.quantity_kg) },
  { label: `Precio Unitario (${f.perKg})`, className: 'num', cell: (sale) => f.money(sale.unit_price) },
  { label: `Total (${f.currency})`, className: 'num', cell: (sale) => <TotalCell sale={sale} /> },
  { label: 'Fecha Venta', cell: (sale) => formatDate(sale.sale_date) },
];

export interface SalesTableProps extends RowActionHandlers<Sale> {
  sales: Sale[];
}

/**
 * The 'Producto' cell: the product, then its bags ('4 × Bolsa 250 g') and the customer (if the
 * sale has them) in small muted type; the spec's columns stay (docs/product-guide.md#ventas).
 */
function ProductCell({ sale }: { sale: Sale }) {
  const bags = sale.bags !== null && sale.format_name !== null ? m.bagsOf(sale.bags, sale.format_name) : null;
  if (sale.customer_name === null && bags === null) return sale.product_name;
  return (
    <span className="sale-product-cell">
      <span>{sale.product_name}</span>
      {bags !== null && <span className="sale-product-cell__customer">{bags}</span>}
      {sale.customer_name !== null && <span className="sale-product-cell__customer">Cliente: {sale.customer_name}</span>}
    </span>
  );
}

/** The cost and gross margin (docs/decisions/0011-cost-per-kg-and-margins.md), as a muted second line of the `Total (${f.currency})` cell ("Margen $12.34 (41.20 %)"). */
function marginText(sale: Sale, f: Formatter): string {
  if (sale.margin === null) return 'Margen —';
  const percent = sale.margin_percent === null ? '' : ` (${f.twoDecimals(sale.margin_percent)} %)`;
  return `Margen ${f.money(sale.margin)}${percent}`;
}

/** The `Total (${f.currency})` cell: the total, then the cost and margin in small muted type; the table keeps its seven columns (docs/product-guide.md#ventas). */
function TotalCell({ sale }: { sale: Sale }) {
  const f = useFormat();
  return (
    <span className="sale-total-cell">
      <span className="sale-total-cell__amount">{f.money(sale.total)}</span>
      <span className="sale-total-cell__margin" title={sale.cost === null ? undefined : `Coste ${f.money(sale.cost)}`}>
        {marginText(sale, f)}
      </span>
    </span>
  );
}

/** 'Historial de Ventas' (docs/product-guide.md#ventas): 'Producto Desconocido' comes from the server when a lot is gone; rows stack into cards on phones. */
export function SalesTable({ sales, ...rowActions }: SalesTableProps) {
  const f = useFormat();
  const describe = (sale: Sale) => `venta de ${sale.product_name} (${sale.batch_code_sold}) del ${formatDate(sale.sale_date)}`;
  // 'Acciones' (docs/product-guide.md#ventas): edit and delete, plus the sale's trace link (docs/product-guide.md#trazabilidad), from the sale to its roasts, green lots, origins and farms.
  const actions = actionsColumn(rowActions, describe, (sale) => (
    <LotTraceLink to={tracePath({ sale: sale.id })} label={`Trazabilidad de la ${describe(sale)}`} />
  ));
  return <DataTable caption={m.historyTitle} columns={[...columnsFor(f), actions]} rows={sales} empty={m.empty} />;
}
