import type { ReactNode } from 'react';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { RowActions } from './row-actions.js';

/** One column of a <DataTable>: its header, which is also the cell's label on phones, and what a row shows in it. */
export interface Column<Row> {
  label: string;
  /** `num`: a right-aligned number (header and cells); `wrap`: a text cell that may wrap. */
  className?: 'num' | 'wrap';
  cell: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** The screen's empty-list text (docs/product-guide.md#screens), shown instead of the table. */
  empty: string;
  /** What tells the rows apart when their `id` does not (the count sheet lists lots of three kinds); `id` by default. */
  rowKey?: (row: Row) => string | number;
  /** A row's class: a mark on the whole row (the count sheet's lots to count again). */
  rowClassName?: (row: Row) => string | undefined;
}

/**
 * An area's table (styles.css: .table-wrap > table.data-table.data-table--stack):
 * on phones each row stacks into a card of "label: value" lines, the label
 * coming from the cell's data-label.
 */
export function DataTable<Row extends { id: number }>({ caption, columns, rows, empty, rowKey, rowClassName }: DataTableProps<Row>) {
  if (rows.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <div className="table-wrap">
      {/* Explicit roles: the phone layout's display:block would otherwise drop table semantics. */}
      <table className="data-table data-table--stack" role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.label} scope="col" role="columnheader" className={column.className === 'num' ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey ? rowKey(row) : row.id} role="row" className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.label} role="cell" data-label={column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The 'Acciones' column: a row's edit and delete buttons, named after the row
 * (`name` gives "Colombia": "Editar Colombia", "Eliminar Colombia"), after the
 * row's `extra` links when it has some.
 */
export function actionsColumn<Row>(
  { onEdit, onDelete, busy }: Omit<RowActionHandlers<Row>, 'onDelete'> & { onDelete: RowActionHandlers<Row>['onDelete'] | undefined },
  name: (row: Row) => string,
  extra?: (row: Row) => ReactNode,
): Column<Row> {
  return {
    label: 'Acciones',
    cell: (row) => (
      <RowActions editLabel={`Editar ${name(row)}`} deleteLabel={`Eliminar ${name(row)}`} onEdit={() => onEdit(row)} onDelete={onDelete && (() => onDelete(row))} busy={busy}>
        {extra?.(row)}
      </RowActions>
    ),
  };
}
