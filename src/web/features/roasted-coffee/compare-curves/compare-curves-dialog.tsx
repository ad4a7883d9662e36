import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { artisanMessages } from '#shared/artisan-messages.js';
import { compareCurvesMessages as m } from '#shared/compare-curves-messages.js';
import { roastCurveQueryOptions } from '#web/api/get-roast-curve.js';
import { useFormat } from '#web/api/use-format.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { loadFailed } from '#web/lib/api-client.js';
import { CompareCurvesChart } from './compare-curves-chart.js';
import { type CurveColumn, EVENT_SEPARATOR, figureRows } from './compare-figures.js';
import type { ComparedRoast } from './compare-selection.js';
import { CURVE_STYLES, CurveSample } from './compare-curves-style.js';
import './compare-curves.css';

/** An event's '8:44 · 359.0 °C': on a phone the temperature goes under the time, so four columns stay narrow. */
function FigureText({ text }: { text: string }) {
  const [time, temperature] = text.split(EVENT_SEPARATOR);
  if (temperature === undefined) return text;
  return (
    <>
      {time}
      <span className="compare-curves__separator">{EVENT_SEPARATOR}</span>
      <span className="compare-curves__temperature">{temperature}</span>
    </>
  );
}

/**
 * The query of the roast in one of the COMPARE_CURVES_MAX places, off when the place is empty: four
 * useQuery calls rather than useQueries, which would bring its code (about 0.1 KB gzip) into the
 * login and home's, where TanStack Query lives (docs/decisions/0054-compare-curves-dialog.md).
 */
const slot = (roasts: readonly ComparedRoast[], index: number) => {
  const roast = roasts[index];
  return { ...roastCurveQueryOptions(roast?.id ?? 0), enabled: roast !== undefined };
};

/**
 * 'Comparar curvas' (docs/product-guide.md#comparar-curvas): the chosen roasts'
 * curves overlaid from CHARGE, a legend naming each lot, and their figures in a
 * table, a column per roast, in a native modal <dialog> as the single curve's.
 * One query per roast (the single curve's own, so a curve opened before is not
 * asked again): a curve that fails says so in its legend entry and its column,
 * and the others are drawn all the same. The whole dialog is a chunk of its own,
 * loaded when 'Comparar curvas' is pressed (compare-curves-bar.tsx).
 */
export function CompareCurvesDialog({ roasts, onClose }: { roasts: readonly ComparedRoast[]; onClose: () => void }) {
  const f = useFormat();
  const dialog = useRef<HTMLDialogElement>(null);
  const [showEt, setShowEt] = useState(false);
  const [showRor, setShowRor] = useState(false);
  const answers = [useQuery(slot(roasts, 0)), useQuery(slot(roasts, 1)), useQuery(slot(roasts, 2)), useQuery(slot(roasts, 3))];
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const columns: CurveColumn[] = roasts.map((roast, index) => {
    const answer = answers[index]!;
    if (answer.data) return { roast, state: 'ready', curve: answer.data };
    return loadFailed(answer) ? { roast, state: 'error' } : { roast, state: 'pending' };
  });
  const series = columns.flatMap((column, index) =>
    column.state === 'ready' ? [{ name: column.roast.batch_code, style: CURVE_STYLES[index]!, curve: column.curve }] : [],
  );
  const rows = figureRows(columns, f);
  const allFailed = columns.every((column) => column.state === 'error');
  const pending = columns.some((column) => column.state === 'pending');

  return (
    <dialog ref={dialog} className="modal compare-curves" aria-labelledby="comparar-curvas-titulo" onClose={onClose}>
      <h2 id="comparar-curvas-titulo" className="modal__title">
        {m.title}
      </h2>
      <ul className="compare-curves__legend" aria-label={m.legend}>
        {columns.map((column, index) => (
          <li key={column.roast.id}>
            <CurveSample style={CURVE_STYLES[index]!} />
            <span>
              {m.legendEntry(column.roast)}
              {column.state === 'error' ? <span className="compare-curves__failed"> {m.loadError}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {allFailed ? <FormAlert message={m.noneLoaded} /> : null}
      {series.length > 0 ? (
        <>
          <div className="compare-curves__toggles">
            <label className="field--check">
              <input type="checkbox" checked={showEt} onChange={(event) => setShowEt(event.target.checked)} />
              {m.showEt}
            </label>
            <label className="field--check">
              <input type="checkbox" checked={showRor} onChange={(event) => setShowRor(event.target.checked)} />
              {m.showRor}
            </label>
          </div>
          <div role="img" aria-label={m.chartLabel(series.map((one) => one.name))}>
            <CompareCurvesChart series={series} showEt={showEt} showRor={showRor} f={f} />
          </div>
        </>
      ) : pending ? (
        <LoadingText />
      ) : null}
      {/* Focusable: at 390 px four columns scroll sideways, and a keyboard must reach them (axe scrollable-region-focusable). */}
      {/* A heading, not a caption: a caption would scroll away with the columns on a phone. */}
      <h3 id="comparar-curvas-cifras" className="compare-curves__heading">
        {m.figuresCaption}
      </h3>
      <div className="table-wrap compare-curves__figures" tabIndex={0} role="region" aria-labelledby="comparar-curvas-cifras">
        <table className="data-table" aria-labelledby="comparar-curvas-cifras">
          <thead>
            <tr>
              <th scope="col">{artisanMessages.figures.figure}</th>
              {columns.map((column, index) => (
                <th key={column.roast.id} scope="col" className="num">
                  <CurveSample style={CURVE_STYLES[index]!} /> <span>{column.roast.batch_code}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {columns.map((column, index) => {
                  const value = row.values[index];
                  if (value !== null && value !== undefined) {
                    return (
                      <td key={column.roast.id} className="num">
                        {value === m.missing ? (
                          <>
                            <span aria-hidden="true">{value}</span>
                            <span className="sr-only">{m.missingLabel}</span>
                          </>
                        ) : (
                          <FigureText text={value} />
                        )}
                      </td>
                    );
                  }
                  // A column without its curve says why once, down the whole column.
                  if (rowIndex > 0) return null;
                  return (
                    <td key={column.roast.id} rowSpan={rows.length} className="compare-curves__column-note">
                      {column.state === 'error' ? m.loadError : <LoadingText />}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          {m.close}
        </button>
      </div>
    </dialog>
  );
}
