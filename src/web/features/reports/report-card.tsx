import { type ReactNode, Suspense } from 'react';

/**
 * One report card: its title, then the chart (hidden from screen readers)
 * followed by the same figures as a table they read (issue 16), or the
 * empty text when the range has nothing.
 */
export function ReportCard({ id, title, emptyText, isEmpty, chart, columns, rows }: {
  id: string;
  title: string;
  emptyText: string;
  isEmpty: boolean;
  chart: ReactNode;
  /** The table's column headers; each row's first cell is its row header. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
}) {
  return (
    <section className="card report-card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {isEmpty ? (
        <p className="empty-text">{emptyText}</p>
      ) : (
        <>
          {/* The chart's code loads on demand (charts.tsx): until then the box keeps the chart's height (reports.css), so nothing moves. */}
          <div className="report-chart" aria-hidden="true">
            <Suspense>{chart}</Suspense>
          </div>
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
