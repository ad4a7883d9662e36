import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from './data-table.js';

/** Where a lot's single correction opens: /inventario with that lot alone on the count sheet (docs/product-guide.md#recuento-de-inventario). */
export const adjustPath = (lot: { kind: 'green' | 'roasted' | 'blend'; id: number }): string => `/inventario?tipo=${lot.kind}&id=${lot.id}`;

/**
 * The 'Ajustar' column of the green, roasted and blend tables: an icon link,
 * named after the row ("Ajustar el stock del lote CO-R1"), to count that lot
 * alone. Only on lots with stock: the sheet lists those.
 */
export function lotAdjustColumn<Row extends { id: number; batch_code: string; stock_kg: number }>(kind: 'green' | 'roasted' | 'blend'): Column<Row> {
  return {
    label: 'Ajustar',
    cell: (row) =>
      row.stock_kg > 0 ? (
        <Link to={adjustPath({ kind, id: row.id })} className="icon-button" aria-label={`Ajustar el stock del lote ${row.batch_code}`} title="Ajustar el stock (recuento)">
          <Scale aria-hidden="true" size={18} />
        </Link>
      ) : (
        '—'
      ),
  };
}
