import { type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import { originMessages } from '#shared/origin-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';

export interface OriginsTableProps extends RowActionHandlers<Origin> {
  origins: Origin[];
}

const columnsFor = (f: Formatter): Column<Origin>[] => [
  { label: 'Nombre', cell: (origin) => <strong>{origin.name}</strong> },
  { label: 'Kilos por Saco', className: 'num', cell: (origin) => f.kg(origin.kilos_per_bag) },
  { label: 'Proveedores/Fincas', className: 'wrap', cell: (origin) => origin.suppliers_fincas.join(', ') },
  { label: 'Descripción', className: 'wrap', cell: (origin) => origin.description ?? '—' },
];

/** The registered origins with edit and delete (docs/product-guide.md#origenes); rows stack into cards on phones. */
export function OriginsTable({ origins, ...rowActions }: OriginsTableProps) {
  const f = useFormat();
  const actions = actionsColumn(rowActions, (origin: Origin) => origin.name);
  return <DataTable caption="Orígenes registrados" columns={[...columnsFor(f), actions]} rows={origins} empty={originMessages.empty} />;
}
