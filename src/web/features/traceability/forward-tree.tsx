import { Link } from 'react-router';
import { formatDate, formatKg, formatMoney, formatTwoDecimals } from '#shared/format.js';
import type { BlendNode, GreenNode, RoastNode, Trace } from '#shared/schemas/traceability.js';
import { tracePath } from '#web/components/lot-trace-link.js';

const costText = (cost: number | null) => (cost === null ? 'sin coste' : `${formatMoney(cost)}/Kg`);
const soldText = (sold: BlendNode['sold']) =>
  sold.count === 0 ? 'Sin ventas' : `Vendido: ${formatKg(sold.kg)} en ${sold.count} ${sold.count === 1 ? 'venta' : 'ventas'} (${formatMoney(sold.total)})`;

function BlendItem({ blend }: { blend: BlendNode }) {
  return (
    <li className="trace-node trace-node--blend">
      <p className="trace-node__title">
        <span className="trace-node__kind">Mezcla</span> <Link className="lot-link" to={tracePath({ kind: 'blend', id: blend.id })}>{blend.batch_code}</Link> · {blend.name} ·{' '}
        {formatDate(blend.date)}
      </p>
      <p className="trace-node__facts">
        {blend.drawn_kg !== null && <>Tomó {formatKg(blend.drawn_kg)} · </>}
        Producido {formatKg(blend.produced_kg)} · En stock {formatKg(blend.stock_kg)} · Coste {costText(blend.cost_per_kg)}
      </p>
      <p className="trace-node__facts">{soldText(blend.sold)}</p>
    </li>
  );
}

function RoastItem({ roast }: { roast: RoastNode }) {
  return (
    <li className="trace-node trace-node--roast">
      <p className="trace-node__title">
        <span className="trace-node__kind">Tueste</span> <Link className="lot-link" to={tracePath({ kind: 'roasted', id: roast.id })}>{roast.batch_code}</Link> ·{' '}
        {roast.roast_type} · {formatDate(roast.date)}
      </p>
      <p className="trace-node__facts">
        Verde {formatKg(roast.green_used_kg)} → Tostado {formatKg(roast.resultant_kg)} · Rendimiento {formatTwoDecimals(roast.yield_percent)} % · En stock{' '}
        {formatKg(roast.stock_kg)} · Coste {costText(roast.cost_per_kg)}
      </p>
      <p className="trace-node__facts">{soldText(roast.sold)}</p>
      {roast.blends.length > 0 && (
        <ul className="trace-tree__children">
          {roast.blends.map((blend) => (
            <BlendItem key={blend.id} blend={blend} />
          ))}
        </ul>
      )}
    </li>
  );
}

function GreenItem({ green }: { green: GreenNode }) {
  return (
    <li className="trace-node trace-node--green">
      <p className="trace-node__title">
        <span className="trace-node__kind">Café Verde</span> {green.batch_code} · {green.origin_name} · {green.supplier_finca} · {formatDate(green.date)}
      </p>
      <p className="trace-node__facts">
        Recibido {formatKg(green.received_kg)} · En stock {formatKg(green.stock_kg)} · Precio {costText(green.cost_per_kg)}
      </p>
      {green.roasts.length === 0 ? (
        <p className="trace-node__facts">Todavía no se ha tostado.</p>
      ) : (
        <ul className="trace-tree__children">
          {green.roasts.map((roast) => (
            <RoastItem key={roast.id} roast={roast} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Forwards (docs/product-guide.md#trazabilidad): green lot → its roasts (kg in, kg out, yield) → blends that drew on them → what was sold, stock at each step. */
export function ForwardTree({ forward }: { forward: NonNullable<Trace['forward']> }) {
  return (
    <section className="card" aria-labelledby="forward-title">
      <h2 id="forward-title" className="card__title">
        Hacia delante: qué se hizo con el lote
      </h2>
      <ul className="trace-tree">
        {forward.green && <GreenItem green={forward.green} />}
        {forward.roast && <RoastItem roast={forward.roast} />}
        {forward.blend && <BlendItem blend={forward.blend} />}
      </ul>
    </section>
  );
}
