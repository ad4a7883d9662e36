import { Tag } from 'lucide-react';
import { useState } from 'react';
import { labelTexts as t } from '#web/lib/label-texts.js';
import type { LabelTable, PrintableLot } from '#web/lib/labels-url.js';
import type { Column } from './data-table.js';
import { useLabelsDialog } from './print-labels.js';

/** The lots ticked in a lot table, across its pages, in the order they were ticked (the PDF's order). */
export interface LotSelection {
  lots: PrintableLot[];
  has: (lot: PrintableLot) => boolean;
  set: (lots: readonly PrintableLot[], selected: boolean) => void;
  clear: () => void;
}

const keyOf = (lot: PrintableLot) => `${lot.kind}:${lot.id}`;

export function useLotSelection(): LotSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, PrintableLot>>(() => new Map());
  return {
    lots: [...selected.values()],
    has: (lot) => selected.has(keyOf(lot)),
    set: (lots, on) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const lot of lots) {
          if (on) next.set(keyOf(lot), lot);
          else next.delete(keyOf(lot));
        }
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}

/**
 * The table's first column with a checkbox before what it shows, named after the
 * row ("Seleccionar el lote CO-R1"). In that cell rather than a column of its own:
 * on a phone the row's card stays one line shorter, and the cells' texts stay
 * what they were.
 */
export function withLotCheckboxes<Row>(columns: readonly Column<Row>[], selection: LotSelection, lotOf: (row: Row) => PrintableLot, name: (row: Row) => string): Column<Row>[] {
  const [first, ...rest] = columns;
  if (!first) return [];
  return [
    {
      ...first,
      cell: (row) => (
        <span className="lot-pick">
          <input
            type="checkbox"
            aria-label={t.select(name(row))}
            checked={selection.has(lotOf(row))}
            onChange={(event) => selection.set([lotOf(row)], event.target.checked)}
          />
          <span>{first.cell(row)}</span>
        </span>
      ),
    },
    ...rest,
  ];
}

/**
 * Above a lot table (docs/product-guide.md#imprimir-desde-las-tablas): 'Seleccionar todos los lotes
 * de esta página', then 'Imprimir etiquetas (N lotes seleccionados)' and 'Quitar la selección'
 * while some are ticked, else 'Imprimir etiquetas de toda la tabla'.
 */
export function LotLabelsBar({ table, pageLots, selection }: { table: LabelTable; pageLots: readonly PrintableLot[]; selection: LotSelection }) {
  const { open, dialog } = useLabelsDialog();
  const onPage = pageLots.filter((lot) => selection.has(lot)).length;
  const count = selection.lots.length;
  return (
    <div className="labels-bar" role="group" aria-label={t.toolbar(table.title)}>
      <label className="labels-bar__all">
        <input
          type="checkbox"
          checked={pageLots.length > 0 && onPage === pageLots.length}
          ref={(box) => {
            if (box) box.indeterminate = onPage > 0 && onPage < pageLots.length;
          }}
          onChange={(event) => selection.set(pageLots, event.target.checked)}
        />
        {t.selectPage}
      </label>
      {count > 0 ? (
        <>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => open({ lots: selection.lots })}>
            <Tag aria-hidden="true" size={16} /> {t.printSelected(count)}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={selection.clear}>
            {t.clearSelection}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => open({ table })}>
          <Tag aria-hidden="true" size={16} /> {t.printAll}
        </button>
      )}
      {dialog}
    </div>
  );
}
