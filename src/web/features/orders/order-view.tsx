import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, type Formatter } from '#shared/format.js';
import { GRIND_LABELS, ORDER_STATUS_LABELS } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { Order, OrderLine } from '#shared/schemas/orders.js';
import { useFormat } from '#web/api/use-format.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { FormAlert } from '#web/components/form-alert.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { confirmAction } from '#web/lib/confirm.js';
import { useWriteKey } from '#web/lib/form-feedback.js';
import { useToast } from '#web/lib/use-toast.js';
import { type OrderTransition, useTransitionOrder } from './api/order-transition.js';
import { AllocationPanel } from './allocation-panel.js';
import { orderPath } from './order-path.js';

const REPEAT_TEXT: Record<number, string> = { 1: 'Cada semana', 2: 'Cada 2 semanas', 4: 'Cada 4 semanas' };

const lineColumns = (f: Formatter): Column<OrderLine>[] => [
  { label: m.columns.product, className: 'wrap', cell: (line) => <strong>{line.product_name}</strong> },
  { label: m.columns.format, cell: (line) => line.format_name ?? m.bulk },
  { label: m.columns.quantity, className: 'num', cell: (line) => (line.bags === null ? f.kg(line.kg) : `${line.bags} ${m.bags.toLowerCase()}`) },
  { label: m.columns.kilos, className: 'num', cell: (line) => f.kg(line.kg) },
  { label: m.columns.price, className: 'num', cell: (line) => f.money(line.unit_price) },
  { label: m.columns.grind, cell: (line) => GRIND_LABELS[line.grind] },
  { label: m.columns.total, className: 'num', cell: (line) => f.money(line.total) },
];

/** What each state's buttons do, their confirmation and toast. */
const TRANSITIONS: Record<OrderTransition, { confirm: string; done: string }> = {
  'undo-fulfil': { confirm: m.undoConfirm, done: m.undone },
  deliver: { confirm: m.deliverConfirm, done: m.delivered },
  cancel: { confirm: m.cancelConfirm, done: m.cancelled },
};

/**
 * One order (docs/product-guide.md#pedidos): its lines with kilos and totals, its delivery note
 * once prepared, and the actions of its state: a pending one is edited, prepared or cancelled; a
 * prepared one prints its albarán, is delivered or has its preparation undone; a delivered
 * repeating one links to the next order its delivery created.
 */
export function OrderView({ order, onEdit, onClose }: { order: Order; onEdit: (order: Order) => void; onClose: () => void }) {
  const f = useFormat();
  const showToast = useToast();
  const transition = useTransitionOrder();
  const withKey = useWriteKey();
  const [preparing, setPreparing] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const run = async (action: OrderTransition) => {
    if (!confirmAction(TRANSITIONS[action].confirm)) return;
    setAlert(null);
    try {
      await withKey((key) => transition.mutateAsync({ order, action, key }));
      showToast(TRANSITIONS[action].done);
    } catch (error) {
      if (isSessionLost(error)) return;
      setAlert(error instanceof ApiError ? error.message : m.actionError);
    }
  };

  const busy = transition.isPending;
  const title = m.orderTitle(order.id, order.customer_name);
  return (
    <section className="card order-view" aria-labelledby="order-view-title">
      <h2 id="order-view-title" className="card__title">
        {title}
      </h2>
      <dl className="order-view__facts">
        <div>
          <dt>{m.columns.status}</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
          </dd>
        </div>
        <div>
          <dt>{m.columns.dueDate}</dt>
          <dd>{formatDate(order.due_date)}</dd>
        </div>
        <div>
          <dt>Repetir</dt>
          <dd>{order.repeat_weeks === null ? 'No' : REPEAT_TEXT[order.repeat_weeks]}</dd>
        </div>
        {order.delivery_note_number && (
          <div>
            <dt>{m.columns.note}</dt>
            <dd>{m.deliveryNote(order.delivery_note_number)}</dd>
          </div>
        )}
        {order.notes && (
          <div className="order-view__notes">
            <dt>Notas</dt>
            <dd>{order.notes}</dd>
          </div>
        )}
      </dl>
      <DataTable caption={`${title}: líneas`} columns={lineColumns(f)} rows={order.lines} empty="" />
      <p className="order-view__totals">
        {m.columns.kilos}: <strong>{f.kg(order.kg)}</strong> · {m.columns.total}: <strong>{f.money(order.total)}</strong>
      </p>
      {order.next_order_id !== null && (
        <p>
          <Link to={orderPath(order.next_order_id)}>{m.nextOrder(order.next_order_id)}</Link>
        </p>
      )}
      <FormAlert message={alert} />
      {preparing && order.status === 'pendiente' ? (
        <AllocationPanel order={order} onDone={() => setPreparing(false)} onClose={() => setPreparing(false)} />
      ) : (
        <div className="form-actions order-view__actions">
          {order.status === 'pendiente' && (
            <>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => setPreparing(true)}>
                {m.prepare}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onEdit(order)}>
                {m.edit}
              </button>
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void run('cancel')}>
                {m.cancelOrder}
              </button>
            </>
          )}
          {order.status === 'preparado' && (
            <>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run('deliver')}>
                {m.deliver}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run('undo-fulfil')}>
                {m.undoPrepare}
              </button>
            </>
          )}
          {(order.status === 'preparado' || order.status === 'entregado') && (
            <a className="btn btn-secondary" href={`/api/orders/${order.id}/delivery-note.pdf`} target="_blank" rel="noopener">
              {m.printNote}
            </a>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {m.close}
          </button>
        </div>
      )}
    </section>
  );
}
