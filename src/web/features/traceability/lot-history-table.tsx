import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDateTime, type Formatter } from '#shared/format.js';
import type { HistoryItem } from '#shared/schemas/traceability.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { referencePath } from './lot-kind-labels.js';

const signedKg = (kg: number, f: Formatter) => `${kg > 0 ? '+' : ''}${f.twoDecimals(kg)}`;

const columnsFor = (f: Formatter): Column<HistoryItem>[] => [
  { label: 'Fecha y Hora', cell: (item) => formatDateTime(item.created_at) },
  { label: 'Movimiento', cell: (item) => <strong>{item.description}</strong> },
  { label: 'Usuario', className: 'wrap', cell: (item) => item.user_name ?? '—' },
  // A stock count's note (docs/product-guide.md#recuento-de-inventario); line breaks kept (styles: white-space).
  { label: 'Nota', className: 'wrap', cell: (item) => (item.note === null ? '—' : <span className="lot-history__note">{item.note}</span>) },
  { label: 'Cambio (Kg)', className: 'num', cell: (item) => signedKg(item.delta_kg, f) },
  { label: 'Saldo (Kg)', className: 'num', cell: (item) => f.twoDecimals(item.balance_kg) },
  {
    label: 'Referencia',
    cell: (item) => {
      const path = item.ref_code === null ? undefined : referencePath(item.ref_kind, item.ref_id);
      return path ? <Link to={path}>{item.ref_kind === 'sale' ? `Venta ${item.ref_code}` : item.ref_code}</Link> : '—';
    },
  },
];

/** The lot's ledger, newest first (docs/product-guide.md#trazabilidad): every move, who made it, a count's note, the change and the running balance. */
export function LotHistoryTable({ items }: { items: HistoryItem[] }) {
  const f = useFormat();
  return <DataTable caption="Historial del lote" columns={columnsFor(f)} rows={items} empty="Este lote no tiene movimientos." />;
}
