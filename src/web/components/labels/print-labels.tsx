import { Tag } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { TraceLotKind } from '#shared/schemas/traceability.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import type { LabelRequest, PrintableLot } from './labels-url.js';
import { labelTexts as t } from './label-texts.js';
import './print-labels.css';

// The dialog (format, copies, the table's lots) loads on the first click, not with the screen.
const PrintLabelsDialog = lazyNamed(() => import('./print-labels-dialog.js'), 'PrintLabelsDialog');

/**
 * A button's dialog: `open(request)` shows it, closing it unmounts it. Every
 * button keeps its own, as the Artisan curve's button does, so a table needs no
 * state of its own for it.
 */
export function useLabelsDialog() {
  const [request, setRequest] = useState<LabelRequest | null>(null);
  const dialog = request ? (
    <Suspense fallback={null}>
      <PrintLabelsDialog request={request} onClose={() => setRequest(null)} />
    </Suspense>
  ) : null;
  return { open: setRequest, dialog };
}

/**
 * 'Imprimir etiqueta' of one lot: an icon among a row's actions, named after the
 * row ("Imprimir etiqueta del lote CO-R1", its visible words first), or `labelled`, a small button
 * with its words (the trace's actions).
 */
export function PrintLabelButton({ lot, name = lot.batch_code, labelled = false }: { lot: PrintableLot; name?: string; labelled?: boolean }) {
  const { open, dialog } = useLabelsDialog();
  return (
    <>
      {labelled ? (
        <button type="button" className="btn btn-secondary btn-small" aria-label={t.rowButton(name)} onClick={() => open({ lots: [lot] })}>
          <Tag aria-hidden="true" size={16} /> {t.button}
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label={t.rowButton(name)} title={t.button} onClick={() => open({ lots: [lot] })}>
          <Tag aria-hidden="true" size={18} />
        </button>
      )}
      {dialog}
    </>
  );
}

/**
 * Right after a roast, a blend or an Artisan import: the new lots' codes and
 * their 'Imprimir etiqueta', until closed or the next save. The green toast
 * says the save worked and goes after 3 s; a button that goes with it could
 * not be reached in time, so the offer stays on the screen instead.
 */
export function NewLotsLabelOffer({ lots, onDismiss }: { lots: readonly PrintableLot[]; onDismiss: () => void }) {
  const { open, dialog } = useLabelsDialog();
  if (lots.length === 0) return null;
  return (
    <>
      <div className="labels-offer" role="status">
        <p className="labels-offer__text">{t.newLots(lots.map((lot) => lot.batch_code))}</p>
        <button type="button" className="btn btn-primary btn-small" onClick={() => open({ lots })}>
          <Tag aria-hidden="true" size={16} /> {t.newLotsButton(lots.length)}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onDismiss}>
          {t.newLotsDismiss}
        </button>
      </div>
      {dialog}
    </>
  );
}

/**
 * A form's props whose successful create also offers the new lot's label
 * (`offer([lot])`); an edit's save takes the offer away (`offer([])`): the lot
 * had its label already.
 */
export function offeringNewLotLabel<Row extends { id: number; batch_code: string }>(
  formProps: EntityFormProps<Row>,
  kind: TraceLotKind,
  offer: (lots: PrintableLot[]) => void,
): EntityFormProps<Row> {
  return {
    ...formProps,
    onSaved: (message, saved) => {
      formProps.onSaved(message, saved);
      offer(formProps.editing === null && saved ? [{ kind, id: saved.id, batch_code: saved.batch_code }] : []);
    },
  };
}
