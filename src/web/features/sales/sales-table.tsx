import { formatDate, formatMoney, formatTwoDecimals } from '#shared/format.js';
import { salesMessages as m } from '#shared/messages.js';
import type { Sale } from '#shared/schemas/sales.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { LotTraceLink, tracePath } from '#web/components/lot-trace-link.js';
import { RowActions } from '#web/components/row-actions.js';

// These columns, in this order (docs/product-guide.md#ventas); 2 decimals and the $ prefix (docs/product-guide.md#business-constants).
const COLUMNS: Column<Sale>[] = [
  { label: 'Producto', className: 'wrap', cell: (sale) => sale.product_name },
  { label: 'Lote Vendido', cell: (sale) => <strong>{sale.batch_code_sold}</strong> },
  { label: 'Cantidad (Kg)', className: 'num', cell: (sale) => formatTwoDecimals(sale.quantity_kg) },
  { label: 'Precio Unitario ($/Kg)', className: 'num', cell: (sale) => formatMoney(sale.unit_price) },
  { label: 'Total ($)', className: 'num', cell: (sale) => <TotalCell sale={sale} /> },
  { label: 'Fecha Venta', cell: (sale) => formatDate(sale.sale_date) },
];

export interface SalesTableProps {
  sales: Sale[];
  onEdit: (sale: Sale) => void;
  onDelete: (sale: Sale) => void;
  busy: boolean;
}

/** The sale's cost and gross margin (docs/decisions/0011-cost-per-kg-and-margins.md), as a muted second line of the 'Total ($)' cell ("Margen $12.34 (41.20 %)"). */
function marginText(sale: Sale): string {
  if (sale.margin === null) return 'Margen —';
  const percent = sale.margin_percent === null ? '' : ` (${formatTwoDecimals(sale.margin_percent)} %)`;
  return `Margen ${formatMoney(sale.margin)}${percent}`;
}

/** The 'Total ($)' cell: the total, then the cost and margin in small muted type; the table keeps the original's seven columns. */
function TotalCell({ sale }: { sale: Sale }) {
  return (
    <span className="sale-total-cell">
      <span className="sale-total-cell__amount">{formatMoney(sale.total)}</span>
      <span className="sale-total-cell__margin" title={sale.cost === null ? undefined : `Coste ${formatMoney(sale.cost)}`}>
        {marginText(sale)}
      </span>
    </span>
  );
}

/** 'Historial de Ventas' (docs/product-guide.md#ventas): 'Producto Desconocido' comes from the server when a lot is gone; rows stack into cards on phones. */
export function SalesTable({ sales, onEdit, onDelete, busy }: SalesTableProps) {
  const describe = (sale: Sale) => `venta de ${sale.product_name} (${sale.batch_code_sold}) del ${formatDate(sale.sale_date)}`;
  // 'Acciones' (docs/product-guide.md#ventas): edit and delete, plus the sale's trace link (docs/product-guide.md#trazabilidad), from the sale to its roasts, green lots, origins and farms.
  const actions: Column<Sale> = {
    label: 'Acciones',
    cell: (sale) => (
      <RowActions
        editLabel={`Editar ${describe(sale)}`}
        deleteLabel={`Eliminar ${describe(sale)}`}
        onEdit={() => onEdit(sale)}
        onDelete={() => onDelete(sale)}
        busy={busy}
      >
        <LotTraceLink to={tracePath({ sale: sale.id })} label={`Trazabilidad de la ${describe(sale)}`} />
      </RowActions>
    ),
  };
  return <DataTable caption={m.historyTitle} columns={[...COLUMNS, actions]} rows={sales} empty={m.empty} />;
}
