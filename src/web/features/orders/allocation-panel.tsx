import { useState } from 'react';
import { RoastAgeCell } from '#web/components/roast-age.js';
import { orderMessages } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { Allocation, AllocationLot, Order } from '#shared/schemas/orders.js';
import { kgToGrams } from '#shared/units.js';
import { useFormat } from '#web/api/use-format.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { useWriteKey } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { useToast } from '#web/lib/use-toast.js';
import { isUnconfirmed } from '#web/lib/write-request.js';
import { useFulfilOrder } from './api/fulfil-order.js';
import { useAllocation } from './api/get-allocation.js';

/** A lot's key within a line: its kind and id (a roasted lot and a blend may share an id). */
const lotKey = (lot: Pick<AllocationLot, 'lot_kind' | 'lot_id'>) => `${lot.lot_kind}-${lot.lot_id}`;

/** The kg typed per line and lot, as text (docs/decisions/0035-decimal-inputs-as-text.md), first the server's proposal. */
type Takes = Record<number, Record<string, string>>;

const proposedTakes = (allocation: Allocation, f: ReturnType<typeof useFormat>): Takes =>
  Object.fromEntries(
    allocation.lines.map((line) => [line.line_id, Object.fromEntries(line.lots.map((lot) => [lotKey(lot), lot.kg > 0 ? f.plain(lot.kg) : '']))]),
  );

/**
 * 'Preparar' (docs/product-guide.md#pedidos): per line, the lots of its product with stock, oldest
 * roast first, with the kilos the server proposes taking from each, which the user may change
 * (0 or empty leaves a lot out). 'Confirmar preparación' sends each lot with the stock it showed:
 * if any changed meanwhile the server records nothing and answers 409, whose message shows here
 * while the lots are read again.
 */
export function AllocationPanel({ order, onDone, onClose }: { order: Order; onDone: (order: Order) => void; onClose: () => void }) {
  const allocation = useAllocation(order.id);
  // Here, not in the form: a 409's message stays while the form remounts with the lots read again.
  const [alert, setAlert] = useState<string | null>(null);
  if (allocation.isError && !isSessionLost(allocation.error)) return <FormAlert message={m.allocationLoadError} />;
  if (!allocation.data) return <LoadingText text={m.allocationLoading} />;
  // Remounted with each reading of the lots, so a 409's fresh stock comes with a fresh proposal.
  return (
    <AllocationForm
      key={allocation.dataUpdatedAt}
      order={order}
      allocation={allocation.data}
      alert={alert}
      setAlert={setAlert}
      reload={() => void allocation.refetch()}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

function AllocationForm({ order, allocation, alert, setAlert, reload, onDone, onClose }: {
  order: Order;
  allocation: Allocation;
  alert: string | null;
  setAlert: (message: string | null) => void;
  reload: () => void;
  onDone: (order: Order) => void;
  onClose: () => void;
}) {
  const f = useFormat();
  const showToast = useToast();
  const fulfil = useFulfilOrder();
  const withKey = useWriteKey();
  const [takes, setTakes] = useState<Takes>(() => proposedTakes(allocation, f));

  /** A lot's kilos as typed, for the line's running sum: 0 while empty, negative or not a number yet. */
  const gramsOf = (text: string | undefined) => {
    const kg = numberOrMissing(text ?? '') ?? 0;
    return Number.isFinite(kg) && kg > 0 ? Math.round(kg * 1000) : 0;
  };
  const confirm = async () => {
    setAlert(null);
    const chosen = allocation.lines.map((line) => ({
      line_id: line.line_id,
      lots: line.lots.flatMap((lot) => {
        const kg = numberOrMissing(takes[line.line_id]?.[lotKey(lot)] ?? '');
        return kg === undefined || kg === 0 ? [] : [{ lot_kind: lot.lot_kind, lot_id: lot.lot_id, kg, expected_stock_kg: lot.stock_kg }];
      }),
    }));
    // Text that is not a number is said here; the server checks the rest (each line's sum, each lot's stock).
    if (chosen.some((line) => line.lots.some((lot) => Number.isNaN(lot.kg)))) {
      setAlert(orderMessages.quantityNotNumber);
      return;
    }
    const body = { lines: chosen };
    try {
      const prepared = await withKey((key) => fulfil.mutateAsync({ id: order.id, body, key }));
      showToast(m.prepared);
      onDone(prepared);
    } catch (error) {
      if (isSessionLost(error)) return;
      setAlert(error instanceof ApiError ? error.message : m.actionError);
      // A lot that changed meanwhile: its stock as it is now, and a new proposal.
      if (error instanceof ApiError && error.status === 409 && !isUnconfirmed(error)) reload();
    }
  };

  return (
    <section className="allocation" aria-labelledby="allocation-title">
      <h3 id="allocation-title">{m.allocationTitle}</h3>
      {allocation.lines.map((line, index) => {
        const orderLine = order.lines.find((candidate) => candidate.id === line.line_id);
        const takenG = line.lots.reduce((sum, lot) => sum + gramsOf(takes[line.line_id]?.[lotKey(lot)]), 0);
        const wantedKg = line.kg;
        return (
          <div key={line.line_id} className="allocation__line">
            <h4>
              {m.line(index + 1)}: {orderLine?.product_name ?? ''}
            </h4>
            <p className={takenG === kgToGrams(wantedKg) ? 'allocation__sum' : 'allocation__sum allocation__sum--off'} aria-live="polite">
              {m.allocated(f.kg(takenG / 1000), f.kg(wantedKg))}
            </p>
            {line.lots.length === 0 ? (
              <p className="empty-text">{m.noLots}</p>
            ) : (
              <div className="table-wrap">
                <table className="data-table data-table--stack" role="table">
                  <caption className="sr-only">{`${m.line(index + 1)}: ${orderLine?.product_name ?? ''}`}</caption>
                  <thead role="rowgroup">
                    <tr role="row">
                      <th scope="col" role="columnheader">{m.columns.lot}</th>
                      <th scope="col" role="columnheader">{m.columns.roastDate}</th>
                      <th scope="col" role="columnheader" className="num">{m.columns.stock}</th>
                      <th scope="col" role="columnheader" className="num">{m.columns.take}</th>
                    </tr>
                  </thead>
                  <tbody role="rowgroup">
                    {line.lots.map((lot) => (
                      <tr key={lotKey(lot)} role="row">
                        <td role="cell" data-label={m.columns.lot}>{lot.batch_code}</td>
                        <td role="cell" data-label={m.columns.roastDate}>
                          <RoastAgeCell date={lot.made_date} age={lot} />
                        </td>
                        <td role="cell" data-label={m.columns.stock} className="num">{f.kg(lot.stock_kg)}</td>
                        <td role="cell" data-label={m.columns.take} className="num">
                          <input
                            {...DECIMAL_INPUT}
                            className="allocation__take"
                            aria-label={m.takeLabel(lot.batch_code)}
                            value={takes[line.line_id]?.[lotKey(lot)] ?? ''}
                            onChange={(event) => {
                              const text = event.target.value;
                              setTakes((current) => ({ ...current, [line.line_id]: { ...current[line.line_id], [lotKey(lot)]: text } }));
                            }}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
      <FormAlert message={alert} />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={fulfil.isPending} onClick={() => void confirm()}>
          {m.confirmPrepare}
        </button>
        <button type="button" className="btn btn-secondary" disabled={fulfil.isPending} onClick={onClose}>
          {m.closeAllocation}
        </button>
      </div>
    </section>
  );
}
