import { Link } from 'react-router';
import { stockAlertMessages as m } from '#shared/stock-alert-messages.js';
import { useStockAlerts } from './api/get-stock-alerts.js';

/** 'YYYY-MM-DD' plus `days` (UTC arithmetic on a date without time). */
const dayAfter = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * 86_400_000).toISOString().slice(0, 10);

/** Pedidos filtered to the pending orders due from `from` (any, when omitted) to `to`. */
const ordersPath = (to: string, from?: string) => `/pedidos?estado=pendiente${from ? `&desde=${from}` : ''}&hasta=${to}`;

/**
 * Home's line of pending orders (docs/product-guide.md#home), in the stock
 * alerts' header: due today, due tomorrow and, when there are any, overdue,
 * each a link to Pedidos filtered. From the stock alerts' answer (one request
 * for home); nothing while it loads or if it fails (the card says so).
 */
export function OrdersDue() {
  const due = useStockAlerts().data?.orders_due;
  if (!due) return null;
  return (
    <p className="home-orders">
      <strong>{m.ordersDue}</strong>{' '}
      <Link className="lot-link" to={ordersPath(due.date, due.date)}>
        {m.ordersToday(due.today)}
      </Link>
      {' · '}
      <Link className="lot-link" to={ordersPath(dayAfter(due.date, 1), dayAfter(due.date, 1))}>
        {m.ordersTomorrow(due.tomorrow)}
      </Link>
      {due.overdue > 0 && (
        <>
          {' · '}
          <Link className="lot-link" to={ordersPath(dayAfter(due.date, -1))}>
            {m.ordersOverdue(due.overdue)}
          </Link>
        </>
      )}
    </p>
  );
}
