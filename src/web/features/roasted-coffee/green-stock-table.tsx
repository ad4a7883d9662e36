import { formatDate, type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { type Column, DataTable } from '#web/components/data-table.js';

export const GREEN_STOCK_TITLE = 'Café Verde Disponible';

const columnsFor = (f: Formatter): Column<GreenCoffee>[] => [
  { label: 'Lote', cell: (lot) => <strong>{lot.batch_code}</strong> },
  { label: 'Origen', className: 'wrap', cell: (lot) => lot.origin_name },
  { label: 'Proveedor/Finca', className: 'wrap', cell: (lot) => lot.supplier_finca },
  { label: 'Disponible (Kg)', className: 'num', cell: (lot) => f.twoDecimals(lot.stock_kg) },
  { label: 'Fecha Entrada', cell: (lot) => formatDate(lot.entry_date) },
];

/**
 * The table of available green stock (docs/product-guide.md#cafe-tostado): green lots with
 * coffee on hand, what a roast can take, 2 decimals. Read-only here:
 * green lots are edited on /cafe-verde.
 */
export function GreenStockTable({ lots }: { lots: GreenCoffee[] }) {
  const f = useFormat();
  return <DataTable caption={GREEN_STOCK_TITLE} columns={columnsFor(f)} rows={lots} empty={m.greenEmpty} />;
}
