import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { runOutAlertNote, runOutAlertText } from '#shared/planning-alert-messages.js';
import { stockAlertMessages as m } from '#shared/stock-alert-messages.js';
import { LoadingText } from '#web/components/loading-text.js';
import { tracePath } from '#web/components/lot-trace-link.js';
import { useStockAlerts } from './api/get-stock-alerts.js';
import { OrdersDue } from './orders-due.js';
import './stock-alerts-card.css';

/**
 * The home alert card (docs/product-guide.md#home): origins whose green stock and
 * lots whose stock are under the thresholds of Configuración, and roasted lots
 * and blends sold in the last 30 days, each with one run-out: its unit's, the
 * roast plan's own figure, explained once under the list. Beside the title, the
 * pending orders due today and tomorrow (orders-due.tsx): in the card so the
 * title stays in a phone's first screen.
 * A failed load shows its message inside the card: home stays usable.
 */
export function StockAlertsCard() {
  const f = useFormat();
  const alerts = useStockAlerts();
  const data = alerts.data;
  return (
    <section className="card stock-alerts" aria-labelledby="stock-alerts-title">
      <div className="stock-alerts__header">
        <h2 id="stock-alerts-title" className="card__title">
          <AlertTriangle aria-hidden="true" size={20} /> Alertas de stock
        </h2>
        <OrdersDue />
      </div>
      {alerts.isError && <p className="form-alert">{m.loadError}</p>}
      {/* Stock past its freshness, kilos and value at cost (docs/decisions/0049-roast-age-and-public-page.md). */}
      {data && data.past_freshness.lots > 0 && (
        <p className="stock-alerts__past">
          <Link to="/cafe-tostado">Pasado de frescura</Link>: {f.kg(data.past_freshness.kg)} en {data.past_freshness.lots} {data.past_freshness.lots === 1 ? 'lote' : 'lotes'}, {f.money(data.past_freshness.value)} a coste
        </p>
      )}
      {!alerts.isError && !data && <LoadingText />}
      {data && data.origins.length === 0 && data.lots.length === 0 && <p className="empty-text">{data.has_lots ? m.allAbove : m.noStockYet}</p>}
      {data && (data.origins.length > 0 || data.lots.length > 0) && (
        <ul className="stock-alerts__list">
          {data.origins.map((origin) => (
            <li key={`origin-${origin.origin_id}`}>
              <strong>{origin.origin_name}</strong>: {f.kg(origin.stock_kg)} de café verde (umbral {f.kg(data.thresholds.green_kg)})
            </li>
          ))}
          {data.lots.map((lot) => (
            <li key={`${lot.kind}-${lot.id}`}>
              <Link className="lot-link" to={tracePath({ kind: lot.kind, id: lot.id })}>
                <strong>{lot.batch_code}</strong>
              </Link>{' '}
              {lot.kind === 'roasted' ? 'Café Tostado' : 'Café Mezcla'} · {lot.name}: {f.kg(lot.stock_kg)} · {runOutAlertText(lot.unit_name, lot)}
            </li>
          ))}
        </ul>
      )}
      {data && data.lots.length > 0 && <p className="stock-alerts__note">{runOutAlertNote}</p>}
    </section>
  );
}
