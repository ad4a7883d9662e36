import { LineChart as ChartIcon } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { useRoastCurve } from '#web/api/get-roast-curve.js';
import { isSessionLost } from '#web/lib/api-client.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { BT_COLOUR, ET_COLOUR, ROR_COLOUR } from './roast-curve-format.js';
import { RoastFigures } from './roast-figures.js';
import { RoastReferencePanel } from './reference-comparison.js';
import './roast-curve.css';

// The chart's code only when a curve is opened (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
const RoastCurveChart = lazyNamed(() => import('./roast-curve-chart.js'), 'RoastCurveChart');

/**
 * A roast's Artisan curve (docs/product-guide.md#artisan-import) in a native modal <dialog>:
 * BT and ET over the time from CHARGE with the events marked, and BT's rate of rise on an axis
 * of its own, in the 'Temperatura' unit; beside it (under it on a phone) the roast's figures
 * as tables, which also say in text what the chart shows (docs/decisions/0052-roast-metrics.md).
 * Escape or «Cerrar» closes it.
 */
function RoastCurveDialog({ roastId, batchCode, onClose }: { roastId: number; batchCode: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const curve = useRoastCurve(roastId);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const titleId = `curva-${roastId}`;
  const data = curve.data;
  return (
    <dialog ref={dialog} className="modal curve-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        {m.curveTitle(batchCode)}
      </h2>
      {curve.isError && !isSessionLost(curve.error) ? <FormAlert message={m.curveLoadError} /> : null}
      {curve.isPending ? <LoadingText /> : null}
      {data ? (
        <div className="curve-dialog__body">
          <div className="curve-dialog__curve">
            <ul className="curve-dialog__legend">
              <li>
                <span className="curve-dialog__swatch" style={{ background: BT_COLOUR }} aria-hidden="true" />
                {m.curveBt} (°{data.unit})
              </li>
              <li>
                <span className="curve-dialog__swatch" style={{ background: ET_COLOUR }} aria-hidden="true" />
                {m.curveEt} (°{data.unit})
              </li>
              <li>
                <span className="curve-dialog__swatch curve-dialog__swatch--ror" style={{ borderColor: ROR_COLOUR }} aria-hidden="true" />
                {m.curveRor} (°{data.unit}/min)
              </li>
            </ul>
            <div role="img" aria-label={`${m.curveTitle(batchCode)}: ${data.points.length} puntos`}>
              <Suspense fallback={<LoadingText />}>
                <RoastCurveChart curve={data} />
              </Suspense>
            </div>
          </div>
          <RoastFigures metrics={data.metrics} unit={data.unit} />
          <RoastReferencePanel roastId={roastId} batchCode={batchCode} />
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          {m.curveClose}
        </button>
      </div>
    </dialog>
  );
}

/**
 * The «Curva» button of a roast imported from Artisan; it opens the dialog. An
 * icon in a table row; `labelled`, a small button with its word, as among the
 * trace's actions (docs/product-guide.md#artisan-import).
 */
export function RoastCurveButton({ roastId, batchCode, labelled = false }: { roastId: number; batchCode: string; labelled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {labelled ? (
        <button type="button" className="btn btn-secondary btn-small" aria-label={`${m.curveButton} del lote ${batchCode}`} onClick={() => setOpen(true)}>
          <ChartIcon aria-hidden="true" size={16} /> {m.curveButton}
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label={`${m.curveButton} del lote ${batchCode}`} title={m.curveButton} onClick={() => setOpen(true)}>
          <ChartIcon aria-hidden="true" size={18} />
        </button>
      )}
      {open ? <RoastCurveDialog roastId={roastId} batchCode={batchCode} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
