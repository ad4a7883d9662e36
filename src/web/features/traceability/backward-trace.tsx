import { Link } from 'react-router';
import { formatDate, type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import type { Backward } from '#shared/schemas/traceability.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { tracePath } from '#web/components/lot-trace-link.js';

type Source = Backward['sources'][number];
type RoastShare = Backward['roasts'][number];

const sourceColumns = (f: Formatter): Column<Source & { id: number }>[] => [
  { label: 'Origen', cell: (source) => source.origin_name },
  { label: 'Proveedor/Finca', className: 'wrap', cell: (source) => source.supplier_finca },
  { label: 'Lote Verde', cell: (source) => <Link className="lot-link" to={tracePath({ kind: 'green', id: source.green_coffee_id })}>{source.batch_code}</Link> },
  { label: 'Parte (Kg)', className: 'num', cell: (source) => f.gramsKg(source.share_kg) },
];

const roastColumns = (f: Formatter): Column<RoastShare>[] => [
  { label: 'Lote Tostado', cell: (roast) => <Link className="lot-link" to={tracePath({ kind: 'roasted', id: roast.id })}>{roast.batch_code}</Link> },
  { label: 'Fecha Tostado', cell: (roast) => formatDate(roast.date) },
  { label: 'Lote Verde', cell: (roast) => roast.green_batch_code },
  { label: 'Parte (Kg)', className: 'num', cell: (roast) => f.gramsKg(roast.share_kg) },
];

/**
 * Backwards (docs/product-guide.md#trazabilidad): the roasted lots and the green lots, origins and farms
 * behind the traced kg, the share of each in grams adding up exactly to them.
 */
export function BackwardTrace({ backward, subject }: { backward: Backward; subject: string }) {
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="backward-title">
      <h2 id="backward-title" className="card__title">
        Hacia atrás: de dónde viene
      </h2>
      <p>
        {subject}: {f.gramsKg(backward.quantity_kg)}
      </p>
      {backward.roasts.length > 0 && (
        <>
          <h3 className="trace-subtitle">Lotes tostados</h3>
          <DataTable caption="Lotes tostados de origen" columns={roastColumns(f)} rows={backward.roasts} empty="" />
        </>
      )}
      <h3 className="trace-subtitle">Orígenes, fincas y lotes verdes</h3>
      <DataTable
        caption="Orígenes y fincas de origen"
        columns={sourceColumns(f)}
        rows={backward.sources.map((source) => ({ ...source, id: source.green_coffee_id }))}
        empty=""
      />
    </section>
  );
}
