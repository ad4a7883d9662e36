import { LineChart as ChartIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { compareCurvesMessages as m } from '#shared/compare-curves-messages.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { LoadingText } from '#web/components/loading-text.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import { comparedRoastOf, type ComparedRoasts } from './compare-selection.js';
import './compare-curves-bar.css';

// The comparison's code (its dialog, the chart, the figures) only when it is opened (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
const CompareCurvesDialog = lazyNamed(() => import('./compare-curves-dialog.js'), 'CompareCurvesDialog');

/**
 * A roast's 'Comparar' box in the table's Curva cell (docs/product-guide.md#comparar-curvas), named
 * after its lot; its word shows on a phone's card, where the cell's header does not stand above it.
 * A fifth tick is refused (useComparedRoasts) and the bar says why.
 */
export function CompareCurvePick({ roast, compared }: { roast: RoastedCoffee; compared: ComparedRoasts }) {
  return (
    <label className="lot-pick compare-pick">
      <input
        type="checkbox"
        aria-label={m.pickLabel(roast.batch_code)}
        aria-describedby={compared.refusedCode === roast.batch_code ? 'comparar-curvas-rechazo' : undefined}
        checked={compared.has(roast.id)}
        onChange={(event) => compared.set(comparedRoastOf(roast), event.target.checked)}
      />
      <span className="compare-pick__word">{m.pick}</span>
    </label>
  );
}

/**
 * Above the roasted table: how many curves are ticked, 'Comparar curvas' (from 2 to 4,
 * COMPARE_CURVES_MAX) and 'Quitar la selección'. Shown while the page has a roast with a
 * curve, or some are ticked on another page.
 */
export function CompareCurvesBar({ roasts, compared }: { roasts: readonly RoastedCoffee[]; compared: ComparedRoasts }) {
  const [open, setOpen] = useState(false);
  const count = compared.chosen.length;
  if (count === 0 && !roasts.some((roast) => roast.has_curve)) return null;
  return (
    <div className="labels-bar compare-bar" role="group" aria-label={m.barLabel}>
      <p className="compare-bar__status" role="status">
        {count === 0 ? m.hint : m.chosen(count)}
      </p>
      <button type="button" className="btn btn-secondary btn-small" disabled={count < 2} onClick={() => setOpen(true)}>
        <ChartIcon aria-hidden="true" size={16} /> {m.compare}
      </button>
      {count > 0 ? (
        <button type="button" className="btn btn-secondary btn-small" onClick={compared.clear}>
          {m.clear}
        </button>
      ) : null}
      {compared.refusedCode !== null ? (
        <p id="comparar-curvas-rechazo" className="form-alert compare-bar__refused" role="alert">
          {m.tooMany(compared.refusedCode)}
        </p>
      ) : null}
      {open ? (
        <Suspense fallback={<LoadingText />}>
          <CompareCurvesDialog roasts={compared.chosen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
