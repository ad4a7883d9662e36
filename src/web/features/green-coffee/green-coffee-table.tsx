import { formatDate, type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { lotAdjustColumn } from '#web/components/lot-adjust-link.js';
import { LotLabelsBar, type LotSelection, withLotCheckboxes } from '#web/components/labels/lot-label-selection.js';
import { lotTraceColumn } from '#web/components/lot-trace-link.js';
import { PrintLabelButton } from '#web/components/labels/print-labels.js';
import type { LabelTable, PrintableLot } from '#web/components/labels/labels-url.js';

export interface GreenCoffeeTableProps extends RowActionHandlers<GreenCoffee> {
  lots: GreenCoffee[];
  /** The ticked lots: the screen's, so that its deletes take their lot out (useLotSelection). */
  selection: LotSelection;
}

const columnsFor = (f: Formatter): Column<GreenCoffee>[] => [
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
  { label: 'Stock Actual (Kg)', className: 'num', cell: (lot) => f.twoDecimals(lot.stock_kg) },
  { label: 'Recibido (Kg)', className: 'num', cell: (lot) => f.twoDecimals(lot.quantity_kg) },
  { label: `Precio (${f.perKg})`, className: 'num', cell: (lot) => f.money(lot.unit_price) },
  { label: 'Fecha Entrada', cell: (lot) => formatDate(lot.entry_date) },
];

const LABEL_TABLE: LabelTable = { kind: 'green', title: m.stockTitle };
const lotOf = (lot: GreenCoffee): PrintableLot => ({ kind: 'green', id: lot.id, batch_code: lot.batch_code });
// A green code is unique only per origin: the origin tells two '15-03-24' apart.
const lotName = (lot: GreenCoffee) => `${lot.batch_code} de ${lot.origin_name}`;

/**
 * 'Stock Actual' (docs/product-guide.md#cafe-verde): each lot with what is on hand now
 * and what it received (docs/product-guide.md#stock-moves), 2 decimals; rows stack
 * into cards on phones. Each lot can be ticked for its label, and printed alone from its
 * actions (docs/product-guide.md#imprimir-desde-las-tablas).
 */
export function GreenCoffeeTable({ lots, selection, ...rowActions }: GreenCoffeeTableProps) {
  const f = useFormat();
  const actions = actionsColumn(rowActions, (lot: GreenCoffee) => `lote ${lotName(lot)}`, (lot) => <PrintLabelButton lot={lotOf(lot)} name={lotName(lot)} />);
  const columns = withLotCheckboxes(columnsFor(f), selection, lotOf, lotName);
  return (
    <>
      {lots.length > 0 && <LotLabelsBar table={LABEL_TABLE} pageLots={lots.map(lotOf)} selection={selection} />}
      <DataTable caption={m.stockTitle} columns={[...columns, lotTraceColumn<GreenCoffee>('green'), lotAdjustColumn<GreenCoffee>('green'), actions]} rows={lots} empty={m.empty} />
    </>
  );
}
