import { formatDateTime } from '#shared/format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import { STOCK_COUNT_REASON_LABELS, type StockCountSummary } from '#shared/schemas/stock-counts.js';
import { type Column, DataTable } from '#web/components/data-table.js';

const COLUMNS: Column<StockCountSummary>[] = [
  { label: 'Fecha y Hora', cell: (count) => formatDateTime(count.created_at) },
  { label: 'Usuario', className: 'wrap', cell: (count) => count.user_name ?? '—' },
  { label: 'Motivo', cell: (count) => STOCK_COUNT_REASON_LABELS[count.reason] },
  { label: 'Nota', className: 'wrap', cell: (count) => count.note ?? '—' },
  { label: 'Lotes', className: 'num', cell: (count) => count.lines_count },
  { label: 'Ajustados', className: 'num', cell: (count) => count.adjusted_count },
];

/** 'Recuentos anteriores': who counted, when, why, how many lots and how many were corrected. */
export function StockCountsTable({ counts }: { counts: StockCountSummary[] }) {
  return <DataTable caption={m.historyTitle} columns={COLUMNS} rows={counts} empty={m.emptyHistory} />;
}
