import { Link } from 'react-router';
import { formatDateTime, formatTwoDecimals } from '#shared/format.js';
import type { HistoryItem } from '#shared/schemas/traceability.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { referencePath } from './lot-kind-labels.js';

const signedKg = (kg: number) => `${kg > 0 ? '+' : ''}${formatTwoDecimals(kg)}`;

const COLUMNS: Column<HistoryItem>[] = [
  { label: 'Fecha y Hora', cell: (item) => formatDateTime(item.created_at) },
  { label: 'Movimiento', cell: (item) => <strong>{item.description}</strong> },
  { label: 'Usuario', className: 'wrap', cell: (item) => item.user_name ?? '—' },
  // A stock count's note (docs/product-guide.md#recuento-de-inventario); line breaks kept (styles: white-space).
  { label: 'Nota', className: 'wrap', cell: (item) => (item.note === null ? '—' : <span className="lot-history__note">{item.note}</span>) },
  { label: 'Cambio (Kg)', className: 'num', cell: (item) => signedKg(item.delta_kg) },
  { label: 'Saldo (Kg)', className: 'num', cell: (item) => formatTwoDecimals(item.balance_kg) },
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
  return <DataTable caption="Historial del lote" columns={COLUMNS} rows={items} empty="Este lote no tiene movimientos." />;
}
