import { RoastAgeCell } from '#web/components/roast-age.js';
import { type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import type { BlendedCoffee } from '#shared/schemas/blended-coffee.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { lotAdjustColumn } from '#web/components/lot-adjust-link.js';
import { LotLabelsBar, type LotSelection, withLotCheckboxes } from '#web/components/labels/lot-label-selection.js';
import { lotTraceColumn } from '#web/components/lot-trace-link.js';
import { PrintLabelButton } from '#web/components/labels/print-labels.js';
import type { LabelTable, PrintableLot } from '#web/components/labels/labels-url.js';

/** "Colombia 60% (CO-1 6.00), Etiopía 40% (ET-2 4.00)": each component with the lots it drew. */
const componentsText = (blend: BlendedCoffee, f: Formatter) =>
  blend.components
    .map((component) => {
      const draws = component.selected_roasted_batches.map((draw) => `${draw.batch_code} ${f.twoDecimals(draw.quantity_used)} Kg`).join(', ');
      return `${component.origin_name} ${component.percentage}%${draws ? ` (${draws})` : ''}`;
    })
    .join('; ');

const columnsFor = (f: Formatter): Column<BlendedCoffee>[] => [
  { label: 'Nombre', className: 'wrap', cell: (blend) => blend.name },
  { label: 'Lote', cell: (blend) => <strong>{blend.batch_code}</strong> },
  { label: 'Producido (Kg)', className: 'num', cell: (blend) => f.twoDecimals(blend.total_quantity_kg) },
  { label: 'Disponible (Kg)', className: 'num', cell: (blend) => f.twoDecimals(blend.stock_kg) },
  // The kg-weighted cost of its draws (docs/decisions/0011-cost-per-kg-and-margins.md).
  { label: `Coste (${f.perKg})`, className: 'num', cell: (blend) => (blend.cost_per_kg === null ? '—' : f.money(blend.cost_per_kg)) },
  // Under it, the age of its oldest drawn roast (docs/decisions/0049-roast-age-and-public-page.md).
  { label: 'Fecha Creación', cell: (blend) => <RoastAgeCell date={blend.creation_date} age={blend} /> },
  { label: 'Componentes', className: 'wrap', cell: (blend) => componentsText(blend, f) },
];

const LABEL_TABLE: LabelTable = { kind: 'blend', title: m.blendsTitle };
const lotOf = (blend: BlendedCoffee): PrintableLot => ({ kind: 'blend', id: blend.id, batch_code: blend.batch_code, stock_kg: blend.stock_kg });
const lotName = (blend: BlendedCoffee) => blend.batch_code;

export interface BlendsTableProps extends RowActionHandlers<BlendedCoffee> {
  blends: BlendedCoffee[];
  /** The ticked lots: the screen's, so that its deletes take their lot out (useLotSelection). */
  selection: LotSelection;
}

/**
 * The current blends (docs/product-guide.md#cafe-mezcla): what each produced next to what is on
 * hand now (docs/product-guide.md#stock-moves), 2 decimals, its components and lots. Each blend
 * can be ticked for its label, and printed alone from its actions (docs/product-guide.md#imprimir-desde-las-tablas).
 */
export function BlendsTable({ blends, selection, ...rowActions }: BlendsTableProps) {
  const f = useFormat();
  const actions = actionsColumn(rowActions, (blend: BlendedCoffee) => `mezcla ${blend.batch_code}`, (blend) => <PrintLabelButton lot={lotOf(blend)} />);
  const columns = withLotCheckboxes(columnsFor(f), selection, lotOf, lotName);
  return (
    <>
      {blends.length > 0 && <LotLabelsBar table={LABEL_TABLE} pageLots={blends.map(lotOf)} selection={selection} />}
      <DataTable caption={m.blendsTitle} columns={[...columns, lotTraceColumn<BlendedCoffee>('blend'), lotAdjustColumn<BlendedCoffee>('blend'), actions]} rows={blends} empty={m.empty} />
    </>
  );
}
