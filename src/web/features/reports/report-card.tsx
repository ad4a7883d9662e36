import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * False until the browser has painted what the first render put on screen and
 * the chart's code is in. The charts' code (then Recharts, 114 KB gzip, docs/performance.md) and its drawing, one
 * long task, came before the first paint of the report's titles, figures and
 * tiles whenever the chunk was already at hand, and the page's text waited
 * for it (Lighthouse: the largest text painted at 3.1 s on a phone). A frame,
 * then a task: the frame's paint happens in between. The code downloads
 * meanwhile and the chart renders once it is in, so it never suspends: a
 * Suspense fallback holds what replaces it for 300 ms (lib/lazy-named.ts).
 */
function useReadyToDraw(loadChart: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A failed download draws anyway: the lazy chart tries again and fails through Suspense, as before.
    const loaded = loadChart().then(
      () => undefined,
      () => undefined,
    );
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loaded.then(() => live && setReady(true)));
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [loadChart]);
  return ready;
}

export interface LegendItem {
  colour: string;
  label: string;
}

/** Each colour of the chart and what it stands for; hidden from screen readers like the chart (the table says it in words). */
function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label}>
          <span className="chart-legend__swatch" style={{ backgroundColor: item.colour }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * One report card: its title, then the chart (hidden from screen readers)
 * followed by the same figures as a table they read (docs/product-guide.md#reportes), or the
 * empty text when the range has nothing.
 */
export function ReportCard({ id, title, emptyText, isEmpty, chart, chartCode, legend, columns, rows, wide = false }: {
  id: string;
  /** The whole row of the report grid on wide screens ('Ventas Mensuales', above the two top 5s). */
  wide?: boolean;
  title: string;
  emptyText: string;
  isEmpty: boolean;
  chart: ReactNode;
  /** Loads the chart's code (its lazy component's preload). */
  chartCode: () => Promise<unknown>;
  /** The chart's key, drawn under it in HTML (docs/decisions/0019-web-chunk-groups-and-route-preloads.md: a legend inside the drawing made it lay itself out twice). */
  legend: LegendItem[];
  /** The table's column headers; each row's first cell is its row header. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
}) {
  const readyToDraw = useReadyToDraw(chartCode);
  return (
    <section className={wide ? 'card report-card report-card--wide' : 'card report-card'} aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {isEmpty ? (
        <p className="empty-text">{emptyText}</p>
      ) : (
        <>
          {/* The chart's code loads on demand (charts.tsx) and draws once the card has been painted: until then the box keeps the chart's height (reports.css), so nothing moves. */}
          <div className="report-chart" aria-hidden="true">
            <Suspense>{readyToDraw && chart}</Suspense>
          </div>
          <ChartLegend items={legend} />
          {/* .sr-only on a div: a table ignores width: 1px and would widen the page on phones. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    {row.cells.map((cell, index) =>
                      index === 0 ? (
                        <th key={index} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={index}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
