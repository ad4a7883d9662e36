import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDate, type Formatter } from '#shared/format.js';
import type { BlendNode, GreenNode, RoastNode, Trace } from '#shared/schemas/traceability.js';
import { tracePath } from '#web/components/lot-trace-link.js';

const costText = (f: Formatter, cost: number | null) => (cost === null ? 'sin coste' : `${f.money(cost)}/Kg`);
const soldText = (f: Formatter, sold: BlendNode['sold']) =>
  sold.count === 0 ? 'Sin ventas' : `Vendido: ${f.kg(sold.kg)} en ${sold.count} ${sold.count === 1 ? 'venta' : 'ventas'} (${f.money(sold.total)})`;

function BlendItem({ blend }: { blend: BlendNode }) {
  const f = useFormat();
  return (
    <li className="trace-node trace-node--blend">
      <p className="trace-node__title">
        <span className="trace-node__kind">Mezcla</span> <Link className="lot-link" to={tracePath({ kind: 'blend', id: blend.id })}>{blend.batch_code}</Link> · {blend.name} ·{' '}
        {formatDate(blend.date)}
      </p>
      <p className="trace-node__facts">
        {blend.drawn_kg !== null && <>Tomó {f.kg(blend.drawn_kg)} · </>}
        Producido {f.kg(blend.produced_kg)} · En stock {f.kg(blend.stock_kg)} · Coste {costText(f, blend.cost_per_kg)}
      </p>
      <p className="trace-node__facts">{soldText(f, blend.sold)}</p>
    </li>
  );
}

/** A roast's cupping score and notes (docs/decisions/0053-reference-profile.md); nothing when it has neither. */
export function RoastTasting({ notes, score }: { notes: string | null; score: number | null }) {
  const f = useFormat();
  if (notes === null && score === null) return null;
  return (
    <p className="trace-node__facts trace-node__tasting">
      {score !== null && <>Puntuación de cata {f.plain(score)}</>}
      {score !== null && notes !== null && ' · '}
      {notes !== null && <>Notas: {notes}</>}
    </p>
  );
}

function RoastItem({ roast }: { roast: RoastNode }) {
  const f = useFormat();
  return (
    <li className="trace-node trace-node--roast">
      <p className="trace-node__title">
        <span className="trace-node__kind">Tueste</span> <Link className="lot-link" to={tracePath({ kind: 'roasted', id: roast.id })}>{roast.batch_code}</Link> ·{' '}
        {roast.roast_type} · {formatDate(roast.date)}
      </p>
      <p className="trace-node__facts">
        Verde {f.kg(roast.green_used_kg)} → Tostado {f.kg(roast.resultant_kg)} · Rendimiento {f.twoDecimals(roast.yield_percent)} % · En stock{' '}
        {f.kg(roast.stock_kg)} · Coste {costText(f, roast.cost_per_kg)}
      </p>
      <p className="trace-node__facts">{soldText(f, roast.sold)}</p>
      <RoastTasting notes={roast.notes} score={roast.cupping_score} />
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
  const f = useFormat();
  return (
    <li className="trace-node trace-node--green">
      <p className="trace-node__title">
        <span className="trace-node__kind">Café Verde</span> {green.batch_code} · {green.origin_name} · {green.supplier_finca} · {formatDate(green.date)}
      </p>
      <p className="trace-node__facts">
        Recibido {f.kg(green.received_kg)} · En stock {f.kg(green.stock_kg)} · Precio {costText(f, green.cost_per_kg)}
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
