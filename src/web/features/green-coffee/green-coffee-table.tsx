import { formatDate, formatMoney, formatTwoDecimals } from '#shared/format.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { actionsColumn, type Column, DataTable, type RowActionHandlers } from '#web/components/data-table.js';
import { lotAdjustColumn } from '#web/components/lot-adjust-link.js';
import { lotTraceColumn } from '#web/components/lot-trace-link.js';

export interface GreenCoffeeTableProps extends RowActionHandlers<GreenCoffee> {
  lots: GreenCoffee[];
}

const COLUMNS: Column<GreenCoffee>[] = [
  { label: 'Lote', cell: (lot) => <strong>{lot.batch_code}</strong> },
  {
    label: 'Origen',
    className: 'wrap',
    cell: (lot) => (
      <span>
        {lot.origin_name}
        {lot.origin_description && <span className="field__hint"> · {lot.origin_description}</span>}
      </span>
    ),
  },
  { label: 'Proveedor/Finca', className: 'wrap', cell: (lot) => lot.supplier_finca },
  { label: 'Stock Actual (Kg)', className: 'num', cell: (lot) => formatTwoDecimals(lot.stock_kg) },
  { label: 'Recibido (Kg)', className: 'num', cell: (lot) => formatTwoDecimals(lot.quantity_kg) },
  { label: 'Precio ($/Kg)', className: 'num', cell: (lot) => formatMoney(lot.unit_price) },
  { label: 'Fecha Entrada', cell: (lot) => formatDate(lot.entry_date) },
];

/**
 * 'Stock Actual' (docs/product-guide.md#cafe-verde): each lot with what is on hand now
 * and what it received (docs/product-guide.md#stock-moves), 2 decimals; rows stack
 * into cards on phones.
 */
export function GreenCoffeeTable({ lots, ...rowActions }: GreenCoffeeTableProps) {
  const actions = actionsColumn(rowActions, (lot: GreenCoffee) => `lote ${lot.batch_code} de ${lot.origin_name}`);
  return <DataTable caption={m.stockTitle} columns={[...COLUMNS, lotTraceColumn<GreenCoffee>('green'), lotAdjustColumn<GreenCoffee>('green'), actions]} rows={lots} empty={m.empty} />;
}
