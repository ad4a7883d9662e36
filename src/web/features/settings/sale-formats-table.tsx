import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';

const COLUMNS: Column<SaleFormat>[] = [
  { label: 'Formato', cell: (format) => <strong>{format.name}</strong> },
  { label: 'Gramos', className: 'num', cell: (format) => `${format.grams} g` },
  { label: 'Estado', cell: (format) => (format.active ? 'Activo' : 'Inactivo') },
];

/** The sale formats with edit (its 'Formato activo' box deactivates or activates it) and delete (docs/product-guide.md#configuracion). */
export function SaleFormatsTable({ formats, ...rowActions }: RowActionHandlers<SaleFormat> & { formats: SaleFormat[] }) {
  const actions = actionsColumn(rowActions, (format: SaleFormat) => `el formato ${format.name}`);
  return <DataTable caption={m.title} columns={[...COLUMNS, actions]} rows={formats} empty={m.empty} />;
}
