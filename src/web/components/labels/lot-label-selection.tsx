import type { QueryKey } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LABELS_MAX } from '#shared/limits.js';
import type { TraceLotKind } from '#shared/schemas/traceability.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { type ListPage, type ListPageOptions, useListPage } from '#web/lib/use-list-page.js';
import type { RecordRef } from '#web/lib/write-request.js';
import type { Column } from '#web/components/data-table.js';
import { labelTexts as t } from './label-texts.js';
import { type LabelTable, LOT_TABLE_PATHS, type PrintableLot } from './labels-url.js';
import { useLabelsDialog } from './print-labels.js';

/**
 * useListPage for a screen whose table of lots can be ticked for labels (green, roasted and blended
 * coffee, docs/product-guide.md#imprimir-desde-las-tablas): the ticks live with the screen, and a lot
 * deleted from the table, or gone from it when the list is fetched again, leaves them.
 */
export function useLotListPage<Data extends ListPage<RecordRef> & { offset: number }, Key extends QueryKey>(
  kind: TraceLotKind,
  options: Omit<ListPageOptions<Data, Key>, 'onDeleted'>,
) {
  const selection = useLotSelection(kind);
  const screen = useListPage({ ...options, onDeleted: (row) => selection.forget([row.id]) });
  useForgetVanishedLots(selection, screen.list.data);
  return { ...screen, selection };
}

/**
 * The lots ticked in one lot table, across its pages, in the order they were ticked (the PDF's
 * order). It holds only lots that exist: a delete takes its lot out (`forget`), and so does a
 * refetch that no longer shows a lot (useForgetVanishedLots), or the PDF would answer 404 for it.
 */
export interface LotSelection {
  kind: TraceLotKind;
  lots: PrintableLot[];
  has: (lot: PrintableLot) => boolean;
  set: (lots: readonly PrintableLot[], selected: boolean) => void;
  /** Takes out the lots with these ids (the table's own kind), ticked or not. */
  forget: (ids: readonly number[]) => void;
  clear: () => void;
}

const keyOf = (lot: { kind: TraceLotKind; id: number }) => `${lot.kind}:${lot.id}`;

function useLotSelection(kind: TraceLotKind): LotSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, PrintableLot>>(() => new Map());
  const forget = useCallback(
    (ids: readonly number[]) =>
      setSelected((current) => {
        const gone = ids.map((id) => keyOf({ kind, id })).filter((key) => current.has(key));
        if (gone.length === 0) return current;
        const next = new Map(current);
        for (const key of gone) next.delete(key);
        return next;
      }),
    [kind],
  );
  return {
    kind,
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
    forget,
    clear: () => setSelected(new Map()),
  };
}

/** Every lot id of a table, a page of the API's largest size (LABELS_MAX) at a time. */
async function listedLotIds(kind: TraceLotKind): Promise<ReadonlySet<number>> {
  const ids = new Set<number>();
  for (let offset = 0; ; offset += LABELS_MAX) {
    const page = await apiRequest<{ items: { id: number }[]; total: number }>('GET', withQuery(LOT_TABLE_PATHS[kind], { limit: LABELS_MAX, offset }));
    for (const row of page.items) ids.add(row.id);
    if (page.items.length === 0 || offset + page.items.length >= page.total) return ids;
  }
}

/**
 * After a refetch of the page shown (same offset), a ticked lot that was on it and is no longer
 * leaves the selection, once the table's list confirms it is gone (deleted here, on another
 * screen or by someone else). Only then: a lot also leaves a page when a new lot pushes it to the
 * next one or an edit of its date moves it, and ticks stay while paging
 * (docs/product-guide.md#imprimir-desde-las-tablas). Lots ticked on other pages are never judged
 * by this page. Should the check fail, the selection stays as it is: the PDF names a missing lot.
 */
function useForgetVanishedLots(selection: LotSelection, page: { items: readonly { id: number }[]; offset: number } | undefined): void {
  const shown = useRef<{ page: NonNullable<typeof page>; ids: ReadonlySet<number> } | null>(null);
  const { kind, lots, forget } = selection;
  useEffect(() => {
    // Runs again when the ticks change; only a new answer for the list counts.
    if (!page || shown.current?.page === page) return;
    const before = shown.current;
    const ids = new Set(page.items.map((row) => row.id));
    shown.current = { page, ids };
    if (before === null || before.page.offset !== page.offset) return;
    const gone = lots.filter((lot) => before.ids.has(lot.id) && !ids.has(lot.id)).map((lot) => lot.id);
    if (gone.length === 0) return;
    listedLotIds(kind).then(
      (listed) => forget(gone.filter((id) => !listed.has(id))),
      () => undefined,
    );
  }, [page, lots, kind, forget]);
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
