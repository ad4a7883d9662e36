import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { ListCard } from '#web/components/list-card.js';
import type { UnitOrder } from './plan-view.js';

const c = m.orderColumns;

/**
 * 'Pedidos del horizonte' (docs/decisions/0045-plan-from-orders.md): each
 * unit's pending orders due within the horizon (and overdue), by due date,
 * with whether the unit's stock covers it. Printed with the sheet: the roaster
 * roasts for these.
 */
export function PlanOrders({ orders, horizon }: { orders: UnitOrder[]; horizon: number }) {
  const f = useFormat();
  const columns: Column<UnitOrder & { id: number }>[] = [
    { label: c.unit, className: 'wrap', cell: (order) => order.unit_name },
    // The order open on Pedidos (its own address there, ?pedido=ID).
    { label: c.customer, className: 'wrap', cell: (order) => <Link to={`/pedidos?pedido=${order.order_id}`}>{order.customer_name}</Link> },
    { label: c.due, cell: (order) => formatDate(order.due_date) },
    { label: c.kg, className: 'num', cell: (order) => f.twoDecimals(order.kg) },
    { label: c.covered, cell: (order) => (order.covered ? m.orderCovered : <strong className="plan-short">{m.orderUncovered}</strong>) },
  ];
  return (
    <ListCard id="plan-orders" title={m.ordersTitle} className="plan-sheet">
      <p className="plan-note">{m.ordersNote(horizon)}</p>
      <DataTable
        caption={m.ordersTitle}
        columns={columns}
        rows={orders.map((order, index) => ({ ...order, id: index }))}
        rowKey={(order) => order.key}
        empty={m.ordersEmpty(horizon)}
      />
    </ListCard>
  );
}
