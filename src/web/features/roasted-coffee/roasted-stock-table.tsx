import { AlertTriangle, Star } from 'lucide-react';
import { RoastAgeCell } from '#web/components/roast-age.js';
import { REFERENCE_FIGURE_LABELS } from '#shared/reference-profile.js';
import { type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { lotAdjustColumn } from '#web/components/lot-adjust-link.js';
import { LotLabelsBar, type LotSelection, withLotCheckboxes } from '#web/components/labels/lot-label-selection.js';
import { lotTraceColumn } from '#web/components/lot-trace-link.js';
import { PrintLabelButton } from '#web/components/labels/print-labels.js';
import { RoastCurveButton } from '#web/components/roast-curve/roast-curve-dialog.js';
import type { LabelTable, PrintableLot } from '#web/components/labels/labels-url.js';
import { CompareCurvePick, CompareCurvesBar } from './compare-curves/compare-curves-bar.js';
import type { ComparedRoasts } from './compare-curves/compare-selection.js';

export const ROASTED_STOCK_TITLE = 'Stock de Café Tostado';

/**
 * Under the lot code (docs/decisions/0053-reference-profile.md): the product's reference profile,
 * and a roast whose figures differ from it by more than Configuración's tolerances, naming them.
 * Words beside the icon, so a screen reader and a phone read the same.
 */
function ReferenceFlags({ roast }: { roast: RoastedCoffee }) {
  return (
    <>
      {roast.reference ? (
        <span className="roast-flag roast-flag--reference">
          <Star aria-hidden="true" size={14} /> Perfil de referencia
        </span>
      ) : null}
      {roast.outside_tolerance.length > 0 ? (
        <span className="roast-flag roast-flag--outside">
          <AlertTriangle aria-hidden="true" size={14} /> Fuera de tolerancia:{' '}
          {roast.outside_tolerance.map((figure) => REFERENCE_FIGURE_LABELS[figure].label.toLowerCase()).join(', ')}
        </span>
      ) : null}
    </>
  );
}

const columnsFor = (f: Formatter): Column<RoastedCoffee>[] => [
  {
    label: 'Lote',
    // Artisan's batch ('P173') under the lot code of a roast imported from its file (docs/product-guide.md#artisan-import).
    cell: (roast) => (
      <>
        <strong>{roast.batch_code}</strong>
        {roast.artisan_batch ? <span className="field__hint"> Artisan {roast.artisan_batch}</span> : null}
        <ReferenceFlags roast={roast} />
      </>
    ),
  },
  { label: 'Lote Verde', className: 'wrap', cell: (roast) => `${roast.green_batch_code} · ${roast.origin_name}` },
  { label: 'Tipo de Tueste', cell: (roast) => roast.roast_type },
  { label: 'Café Verde (Kg)', className: 'num', cell: (roast) => f.twoDecimals(roast.quantity_green_kg) },
  { label: 'Producido (Kg)', className: 'num', cell: (roast) => f.twoDecimals(roast.resultant_kg) },
  { label: 'Disponible (Kg)', className: 'num', cell: (roast) => f.twoDecimals(roast.stock_kg) },
  { label: 'Merma (Kg)', className: 'num', cell: (roast) => f.twoDecimals(roast.shrinkage_kg) },
  // Green kg × green price / resultant kg: the yield is in the cost (docs/decisions/0011-cost-per-kg-and-margins.md).
  { label: `Coste (${f.perKg})`, className: 'num', cell: (roast) => f.money(roast.cost_per_kg) },
  { label: 'Fecha Tostado', cell: (roast) => <RoastAgeCell date={roast.roast_date} age={roast} /> },
];

/**
 * The Artisan curve of an imported roast, and its box for 'Comparar curvas' (docs/product-guide.md#comparar-curvas);
 * a roast typed in the form has neither.
 */
const curveColumn = (compared: ComparedRoasts): Column<RoastedCoffee> => ({
  label: 'Curva',
  cell: (roast) =>
    roast.has_curve ? (
      <span className="compare-curve-cell">
        <CompareCurvePick roast={roast} compared={compared} />
        <RoastCurveButton roastId={roast.id} batchCode={roast.batch_code} />
      </span>
    ) : null,
});

const LABEL_TABLE: LabelTable = { kind: 'roasted', title: ROASTED_STOCK_TITLE };
const lotOf = (roast: RoastedCoffee): PrintableLot => ({ kind: 'roasted', id: roast.id, batch_code: roast.batch_code, stock_kg: roast.stock_kg });
const lotName = (roast: RoastedCoffee) => roast.batch_code;

export interface RoastedStockTableProps extends RowActionHandlers<RoastedCoffee> {
  roasts: RoastedCoffee[];
  /** The ticked lots: the screen's, so that its deletes take their lot out (useLotSelection). */
  selection: LotSelection;
  /** The roasts ticked for 'Comparar curvas': the screen's too, so paging keeps them. */
  compared: ComparedRoasts;
}

/**
 * The table of roasted stock (docs/product-guide.md#cafe-tostado): what each roast
 * produced (`resultant_kg`) next to what is on hand now (`stock_kg`,
 * docs/product-guide.md#stock-moves), 2 decimals; rows stack into cards on phones. Each lot can
 * be ticked for its label, and printed alone from its actions (docs/product-guide.md#imprimir-desde-las-tablas);
 * up to four with a curve can be ticked to compare their curves (docs/product-guide.md#comparar-curvas).
 */
export function RoastedStockTable({ roasts, selection, compared, ...rowActions }: RoastedStockTableProps) {
  const f = useFormat();
  const actions = actionsColumn(rowActions, (roast: RoastedCoffee) => `café tostado ${roast.batch_code}`, (roast) => <PrintLabelButton lot={lotOf(roast)} />);
  const columns = withLotCheckboxes(columnsFor(f), selection, lotOf, lotName);
  return (
    <>
      <CompareCurvesBar roasts={roasts} compared={compared} />
      {roasts.length > 0 && <LotLabelsBar table={LABEL_TABLE} pageLots={roasts.map(lotOf)} selection={selection} />}
      <DataTable
        caption={ROASTED_STOCK_TITLE}
        columns={[...columns, curveColumn(compared), lotTraceColumn<RoastedCoffee>('roasted'), lotAdjustColumn<RoastedCoffee>('roasted'), actions]}
        rows={roasts}
        empty={m.empty}
      />
    </>
  );
}
