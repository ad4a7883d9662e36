import { RoastAgeCell } from '#web/components/roast-age.js';
import { type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { type Column, DataTable } from '#web/components/data-table.js';

const columnsFor = (f: Formatter): Column<RoastedCoffee>[] => [
  { label: 'Lote', cell: (lot) => <strong>{lot.batch_code}</strong> },
  { label: 'Origen', className: 'wrap', cell: (lot) => lot.origin_name },
  { label: 'Tipo de Tueste', cell: (lot) => lot.roast_type },
  { label: 'Fecha Tostado', cell: (lot) => <RoastAgeCell date={lot.roast_date} age={lot} /> },
  { label: 'Disponible (Kg)', className: 'num', cell: (lot) => f.twoDecimals(lot.stock_kg) },
];

/** The available roasted stock (docs/product-guide.md#cafe-mezcla): every roasted lot with coffee on hand, oldest first. */
export function RoastedStockTable({ lots }: { lots: RoastedCoffee[] }) {
  const f = useFormat();
  return <DataTable caption={m.roastedStockTitle} columns={columnsFor(f)} rows={lots} empty={m.roastedEmpty} />;
}
