import { Link } from 'react-router';
import { formatDate, type Formatter } from '#shared/format.js';
import { ORDER_STATUS_LABELS } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { OrderSummary } from '#shared/schemas/orders.js';
import { useFormat } from '#web/api/use-format.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { orderPath } from './order-path.js';

const columns = (f: Formatter): Column<OrderSummary>[] => [
  { label: m.columns.customer, className: 'wrap', cell: (order) => <strong>{order.customer_name}</strong> },
  { label: m.columns.dueDate, cell: (order) => formatDate(order.due_date) },
  { label: m.columns.status, cell: (order) => <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span> },
  { label: m.columns.kilos, className: 'num', cell: (order) => f.kg(order.kg) },
  { label: m.columns.total, className: 'num', cell: (order) => f.money(order.total) },
  { label: m.columns.note, cell: (order) => order.delivery_note_number ?? '—' },
  {
    label: 'Acciones',
    cell: (order) => (
      <Link className="btn btn-secondary btn-small" to={orderPath(order.id)} aria-label={`${m.view} ${m.orderTitle(order.id, order.customer_name)}`}>
        {m.view}
      </Link>
    ),
  },
];

/** The orders by due date (docs/product-guide.md#pedidos); rows stack into cards on phones. */
export function OrdersTable({ orders, filtered }: { orders: readonly OrderSummary[]; filtered: boolean }) {
  const f = useFormat();
  return <DataTable caption={m.listTitle} columns={columns(f)} rows={orders} empty={filtered ? m.noMatches : m.empty} />;
}
