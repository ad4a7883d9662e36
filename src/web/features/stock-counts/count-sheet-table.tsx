import type { UseFormRegister } from 'react-hook-form';
import { useFormat } from '#web/api/use-format.js';
import { type Formatter } from '#shared/format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { CountSheetLot } from '#shared/schemas/stock-counts.js';
import { gramsToKg } from '#shared/units.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { type CountValues, differenceG, KIND_LABELS, sheetKey, signedMoney, valueCents } from './count-sheet-values.js';

// Expected kilos and differences to the gram: a count is decided from them (docs/decisions/0039-stock-never-above-entry.md).
const signedKg = (grams: number, f: Formatter) => `${grams > 0 ? '+' : ''}${f.exactKilos(gramsToKg(grams))}`;

/**
 * The count sheet's lines (docs/product-guide.md#recuento-de-inventario): each lot, its expected kg, the
 * kilos counted (comma or point), the difference and its value at cost. A lot whose stock moved while it
 * was being counted (`recount`) is marked until counted again.
 */
export function CountSheetTable({ lots, counted, recount, register, empty }: {
  lots: readonly CountSheetLot[];
  counted: Readonly<Record<string, string | undefined>>;
  recount: ReadonlySet<string>;
  register: UseFormRegister<CountValues>;
  empty: string;
}) {
  const f = useFormat();
  const columns: Column<CountSheetLot>[] = [
    {
      label: 'Lote',
      className: 'wrap',
      cell: (lot) => (
        <span className="count-sheet__lot">
          <strong className="count-sheet__code">{lot.batch_code}</strong>
          <span className="field__hint">{lot.name}</span>
          {recount.has(sheetKey(lot)) && <span className="count-sheet__badge">Volver a contar</span>}
        </span>
      ),
    },
    { label: 'Tipo', cell: (lot) => KIND_LABELS[lot.kind] },
    { label: 'Esperado (Kg)', className: 'num', cell: (lot) => f.exactKilos(lot.stock_kg) },
    {
      label: 'Contado (Kg)',
      className: 'num',
      cell: (lot) => {
        const key = sheetKey(lot);
        return (
          // In a .field: the forms' input look (height for a thumb at the shelf, border, focus).
          <span className="field count-sheet__field">
            <input
              {...register(`counted.${key}`)}
              className="count-sheet__input"
              {...DECIMAL_INPUT}
              aria-label={`Kg contados del lote ${lot.batch_code}`}
              aria-invalid={counted[key]?.trim() && differenceG(lot, counted[key]) === undefined ? true : undefined}
            />
          </span>
        );
      },
    },
    {
      label: 'Diferencia (Kg)',
      className: 'num',
      cell: (lot) => {
        const grams = differenceG(lot, counted[sheetKey(lot)]);
        if (grams === undefined) return '—';
        return grams === 0 ? signedKg(grams, f) : <span className={grams > 0 ? 'count-sheet__up' : 'count-sheet__down'}>{signedKg(grams, f)}</span>;
      },
    },
    {
      label: `Valor (${f.currency})`,
      className: 'num',
      cell: (lot) => {
        const grams = differenceG(lot, counted[sheetKey(lot)]);
        const cents = grams === undefined ? null : valueCents(lot, grams);
        return cents === null ? '—' : signedMoney(cents, f);
      },
    },
  ];
  return (
    <DataTable
      caption={m.sheetTitle}
      columns={columns}
      rows={lots}
      empty={empty}
      rowKey={sheetKey}
      rowClassName={(lot) => (recount.has(sheetKey(lot)) ? 'count-sheet__recount' : undefined)}
    />
  );
}
