import { useFormat } from '#web/api/use-format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import type { StockByAge, StockSummary } from '#shared/schemas/reports.js';

const TILES = [
  { key: 'green_kg', label: 'Café Verde' },
  { key: 'roasted_kg', label: 'Café Tostado' },
  { key: 'blended_kg', label: 'Café Mezcla' },
] as const;

/** The stock summary (docs/product-guide.md#reportes): three tiles, on-hand kg with 2 decimals, and the stock by age (its own route). */
export function StockTiles({ stock, byAge }: { stock: StockSummary; byAge: StockByAge['items'] }) {
  const f = useFormat();
  return (
    <section aria-labelledby="stock-summary-title" className="report-stock">
      <h2 id="stock-summary-title" className="report-stock__title">
        {m.stockSummaryTitle}
      </h2>
      <ul className="stat-grid report-stock__tiles">
        {TILES.map((tile) => (
          <li key={tile.key} className="stat">
            <span className="report-stock__label">{tile.label}</span>
            <span className="report-stock__value">{f.kg(stock[tile.key])}</span>
          </li>
        ))}
      </ul>
      {/* Roasted and blended stock by age since the roast, kilos and value at cost (docs/decisions/0049-roast-age-and-public-page.md). */}
      <div className="table-wrap report-stock__ages">
        <table className="data-table">
          <caption>Tostado y Mezcla por edad</caption>
          <thead>
            <tr>
              <th scope="col">Edad</th>
              <th scope="col" className="num">Kg</th>
              <th scope="col" className="num">A coste</th>
            </tr>
          </thead>
          <tbody>
            {byAge.map((bucket) => (
              <tr key={bucket.label}>
                <td>{bucket.label}</td>
                <td className="num">{f.twoDecimals(bucket.kg)}</td>
                <td className="num">{f.money(bucket.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
