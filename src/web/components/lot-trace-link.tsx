import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from './data-table.js';

/** Where a lot's history and trace open: /trazabilidad?kind=…&id=… (docs/product-guide.md#reaching-new-screens: the 'Historial' link on every row). */
export const tracePath = (lot: { kind: 'green' | 'roasted' | 'blend'; id: number } | { sale: number }): string =>
  'sale' in lot ? `/trazabilidad?venta=${lot.sale}` : `/trazabilidad?tipo=${lot.kind}&id=${lot.id}`;

/** An icon link to a lot's history and trace, named after the row ("Historial del lote CO-R1"). */
export function LotTraceLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="icon-button" aria-label={label} title="Historial y trazabilidad">
      <History aria-hidden="true" size={18} />
    </Link>
  );
}

/** The 'Historial' column of the green, roasted and blend tables. */
export function lotTraceColumn<Row extends { id: number; batch_code: string }>(kind: 'green' | 'roasted' | 'blend'): Column<Row> {
  return {
    label: 'Historial',
    cell: (row) => <LotTraceLink to={tracePath({ kind, id: row.id })} label={`Historial y trazabilidad del lote ${row.batch_code}`} />,
  };
}
