import type { Ref } from 'react';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import type { LotRef } from '#shared/schemas/traceability.js';
import { tracePath } from '#web/components/lot-trace-link.js';
import { LOT_KIND_LABELS } from './lot-kind-labels.js';

/** A green code is unique only per origin: when several lots share the code, the user picks one. */
export function LotMatches({ code, matches, headingRef }: {
  code: string;
  matches: LotRef[];
  /** The page brings the heading into view and focuses it (useBringIntoView). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="lot-matches-title">
      <h2 ref={headingRef} tabIndex={-1} id="lot-matches-title" className="card__title">
        Varios lotes tienen el código {code}
      </h2>
      <p>Elige cuál quieres ver:</p>
      <ul className="trace-matches">
        {matches.map((lot) => (
          <li key={`${lot.kind}-${lot.id}`}>
            <Link className="lot-link" to={tracePath(lot)}>
              {LOT_KIND_LABELS[lot.kind]} · {lot.batch_code} · {lot.name} · {formatDate(lot.date)} · {f.kg(lot.stock_kg)} en stock
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
