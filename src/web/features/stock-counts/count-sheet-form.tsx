import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatMoney, formatTwoDecimals } from '#shared/format.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { readScannedText } from '#shared/lot-label.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import { scanMessages } from '#shared/scan-messages.js';
import { nameKey } from '#shared/text-keys.js';
import type { Origin } from '#shared/schemas/origins.js';
import { type CountSheetLot, STOCK_COUNT_REASON_LABELS, STOCK_COUNT_REASONS } from '#shared/schemas/stock-counts.js';
import { centsToPrice, gramsToKg } from '#shared/units.js';
import { confirmAction } from '#web/lib/confirm.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { ScanButton } from '#web/components/scan/scan-button.js';
import { SelectField } from '#web/components/select-field.js';
import { findLotsByCode } from '#web/api/find-lots-by-code.js';
import { useToast } from '#web/lib/use-toast.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { useCreateStockCount } from './api/create-stock-count.js';
import { countBody, differenceG, sheetKey, sheetTotals, valueCents } from './count-sheet-values.js';

/** How the sheet names each kind of lot (the areas' own names). */
const KIND_LABELS: Record<CountSheetLot['kind'], string> = { green: 'Café Verde', roasted: 'Café Tostado', blend: 'Café Mezcla' };

interface CountValues {
  reason: string;
  note: string;
  counted: Record<string, string>;
}

/** Nothing typed: every lot's input blank (react-hook-form's reset only clears the inputs its values name). */
const emptyValues = (lots: readonly CountSheetLot[]): CountValues => ({ reason: '', note: '', counted: Object.fromEntries(lots.map((lot) => [sheetKey(lot), ''])) });

/**
 * Whether a lot answers the sheet's search: a label's address or a code read
 * whole matches by code (case and width aside, as codes compare); typed text
 * matches part of the code or of the name (accents aside).
 */
function matchesSearch(lot: CountSheetLot, search: string): boolean {
  const reading = readScannedText(search);
  if (reading.kind === 'empty') return true;
  if (reading.kind === 'foreign') return false;
  if (reading.kind === 'label') return lotCodeKey(lot.batch_code) === lotCodeKey(reading.code);
  return lotCodeKey(lot.batch_code).includes(lotCodeKey(reading.code)) || nameKey(lot.name).includes(nameKey(reading.code));
}

const signedKg = (grams: number) => `${grams > 0 ? '+' : ''}${formatTwoDecimals(gramsToKg(grams))}`;
const signedMoney = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '-' : ''}${formatMoney(centsToPrice(Math.abs(cents)))}`;

/**
 * The count sheet (docs/product-guide.md#recuento-de-inventario): every lot with stock, filtered by
 * kind and origin, its expected kg, the kilos counted (comma or point), each
 * difference and its value at cost, the reason, the note and 'Confirmar
 * recuento'. Only the lots with something typed are counted. `single` is the
 * lot a row's 'Ajustar' opened: the sheet shows it alone. 'Buscar lote' (typed,
 * or a scanner's code or label address with Enter) and 'Escanear' go to a lot's
 * line and put the cursor in its 'Contado (Kg)' (docs/product-guide.md#scanning-labels).
 */
export function CountSheetForm({ lots, origins, single, onShowAll, onReload, onFailure }: {
  lots: CountSheetLot[];
  origins: Origin[];
  single: { kind: string; id: number } | undefined;
  onShowAll: () => void;
  /** Refetches the sheet; resolves with the new lots. */
  onReload: () => Promise<CountSheetLot[]>;
  onFailure: (message: string, error: unknown) => void;
}) {
  const { register, handleSubmit, control, reset, setValue, setFocus } = useForm<CountValues>({ defaultValues: emptyValues(lots) });
  const counted = useWatch({ control, name: 'counted' }) ?? {};
  const create = useCreateStockCount();
  const showToast = useToast();
  const [kind, setKind] = useState('');
  const [origin, setOrigin] = useState('');
  const [search, setSearch] = useState('');
  /** Why the lot searched for is not on the sheet (no stock, or no such lot). */
  const [searchProblem, setSearchProblem] = useState<string | undefined>();
  /** The lot whose input takes the focus once it is on screen (after a search cleared the filters); a new object for each request. */
  const [focusRequest, setFocusRequest] = useState<{ key: string } | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  /** Lots whose stock moved while they were being counted (a 409): marked until counted again. */
  const [recount, setRecount] = useState<ReadonlySet<string>>(new Set());

  const shown = useMemo(
    () =>
      single
        ? lots.filter((lot) => lot.kind === single.kind && lot.id === single.id)
        : lots.filter(
            (lot) => (kind === '' || lot.kind === kind) && (origin === '' || lot.origin_ids.includes(Number(origin))) && matchesSearch(lot, search),
          ),
    [lots, single, kind, origin, search],
  );
  const totals = sheetTotals(lots, counted);

  useEffect(() => {
    if (single && shown.length === 1) setFocus(`counted.${sheetKey(shown[0]!)}`);
  }, [single, shown, setFocus]);

  useEffect(() => {
    if (focusRequest) setFocus(`counted.${focusRequest.key}`);
  }, [focusRequest, setFocus]);

  /**
   * The line of the lot with this code (the first, if a green code is shared
   * by several origins' lots), or why it is not on the sheet.
   */
  const sheetLotOf = async (code: string): Promise<{ lot: CountSheetLot } | { problem: string }> => {
    const key = lotCodeKey(code);
    const lot = lots.find((candidate) => lotCodeKey(candidate.batch_code) === key);
    if (lot) return { lot };
    const known = await findLotsByCode(code);
    return { problem: known.length === 0 ? scanMessages.notOurLot : scanMessages.noStockToCount(known[0]!.batch_code) };
  };

  /** Shows the lot's line, the filters stepping aside, with the cursor in its 'Contado (Kg)'. */
  const goToLot = (lot: CountSheetLot) => {
    setKind('');
    setOrigin('');
    setSearch(lot.batch_code);
    setSearchProblem(undefined);
    setFocusRequest({ key: sheetKey(lot) });
  };

  /** The camera dialog's code: the lot's line once the dialog has closed, else why not, shown in the dialog. */
  const onScan = async (code: string) => {
    const found = await sheetLotOf(code);
    return 'problem' in found ? found.problem : () => goToLot(found.lot);
  };

  /** Enter in 'Buscar lote' (a scanner ends with it): go to the lot typed whole, or to the only one the search shows. */
  const searchEntered = async () => {
    const reading = readScannedText(search);
    if (reading.kind === 'empty') return;
    if (reading.kind === 'foreign') {
      setSearchProblem(scanMessages.notOurLot);
      return;
    }
    const key = lotCodeKey(reading.code);
    if (reading.kind === 'code' && !lots.some((lot) => lotCodeKey(lot.batch_code) === key)) {
      // Part of a code or a name, typed by hand: the one lot it shows, or the filtered lines to choose from.
      if (shown.length === 1) setFocusRequest({ key: sheetKey(shown[0]!) });
      if (shown.length > 0) return;
    }
    try {
      const found = await sheetLotOf(reading.code);
      if ('problem' in found) setSearchProblem(found.problem);
      else goToLot(found.lot);
    } catch (error) {
      if (!isSessionLost(error)) setSearchProblem(scanMessages.lookupError);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const checked = countBody(lots, values);
    if (checked.error !== undefined) {
      setAlert(checked.error);
      return;
    }
    if (!confirmAction(m.confirm(totals.lines, totals.adjusted))) return;
    try {
      await create.mutateAsync(checked.body);
    } catch (error) {
      if (isSessionLost(error)) return;
      if (!(error instanceof ApiError && error.isUserError)) {
        onFailure(m.saveError, error);
        return;
      }
      if (error.status !== 409) {
        setAlert(error.message);
        return;
      }
      // Some lots moved meanwhile: reload the sheet, mark them and clear what was typed for them.
      const fresh = new Map((await onReload()).map((lot) => [sheetKey(lot), lot.stock_kg]));
      const moved = checked.body.lines.map((line) => sheetKey({ kind: line.lot_kind, id: line.lot_id })).filter((key, index) => fresh.get(key) !== checked.body.lines[index]!.expected_kg);
      for (const key of moved) setValue(`counted.${key}`, '');
      setRecount(new Set(moved));
      setAlert(`${error.message} ${m.recountHint}`);
      return;
    }
    showToast(m.saved);
    setRecount(new Set());
    setAlert(undefined);
    reset(emptyValues([...lots, ...(await onReload())]));
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="count-sheet-title">
      <h2 id="count-sheet-title" className="card__title">
        {single ? `Ajustar el lote ${shown[0]?.batch_code ?? ''}` : m.sheetTitle}
      </h2>
      {single ? (
        <p>
          <button type="button" className="btn btn-secondary btn-small" onClick={onShowAll}>
            Ver todos los lotes
          </button>
        </p>
      ) : (
        <div className="form-grid">
          <Field id="count-kind" label="Tipo de lote">
            {(field) => (
              <select {...field} value={kind} onChange={(event) => setKind(event.target.value)}>
                <option value="">Todos</option>
                {Object.entries(KIND_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="count-origin" label="Origen">
            {(field) => (
              <select {...field} value={origin} onChange={(event) => setOrigin(event.target.value)}>
                <option value="">Todos</option>
                {origins.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="count-search" label={scanMessages.sheetSearch} hint={scanMessages.sheetSearchHint} error={searchProblem}>
            {(field) => (
              <div className="scan-row">
                <input
                  {...field}
                  type="search"
                  value={search}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setSearchProblem(undefined);
                  }}
                  onKeyDown={(event) => {
                    // Enter here finds a lot; it must not confirm the count.
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    void searchEntered();
                  }}
                />
                <ScanButton onCode={onScan} />
              </div>
            )}
          </Field>
        </div>
      )}
      {shown.length === 0 ? (
        <p className="empty-text">{single ? 'Este lote no tiene stock que contar.' : m.emptySheet}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table data-table--stack count-sheet" role="table">
            <caption className="sr-only">{m.sheetTitle}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">Lote</th>
                <th scope="col" role="columnheader">Tipo</th>
                <th scope="col" role="columnheader" className="num">Esperado (Kg)</th>
                <th scope="col" role="columnheader" className="num">Contado (Kg)</th>
                <th scope="col" role="columnheader" className="num">Diferencia (Kg)</th>
                <th scope="col" role="columnheader" className="num">Valor ($)</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {shown.map((lot) => {
                const key = sheetKey(lot);
                const grams = differenceG(lot, counted[key]);
                const cents = grams === undefined ? null : valueCents(lot, grams);
                return (
                  <tr key={key} role="row" className={recount.has(key) ? 'count-sheet__recount' : undefined}>
                    <td role="cell" data-label="Lote" className="wrap">
                      <span className="count-sheet__lot">
                        <strong className="count-sheet__code">{lot.batch_code}</strong>
                        <span className="field__hint">{lot.name}</span>
                        {recount.has(key) && <span className="count-sheet__badge">Volver a contar</span>}
                      </span>
                    </td>
                    <td role="cell" data-label="Tipo">{KIND_LABELS[lot.kind]}</td>
                    <td role="cell" data-label="Esperado (Kg)" className="num">{formatTwoDecimals(lot.stock_kg)}</td>
                    <td role="cell" data-label="Contado (Kg)" className="num">
                      {/* In a .field: the forms' input look (height for a thumb at the shelf, border, focus). */}
                      <span className="field count-sheet__field">
                        <input
                          {...register(`counted.${key}`)}
                          className="count-sheet__input"
                          {...DECIMAL_INPUT}
                          aria-label={`Kg contados del lote ${lot.batch_code}`}
                          aria-invalid={counted[key]?.trim() && grams === undefined ? true : undefined}
                        />
                      </span>
                    </td>
                    <td role="cell" data-label="Diferencia (Kg)" className={`num ${grams ? (grams > 0 ? 'count-sheet__up' : 'count-sheet__down') : ''}`}>
                      {grams === undefined ? '—' : signedKg(grams)}
                    </td>
                    <td role="cell" data-label="Valor ($)" className="num">
                      {cents === null ? '—' : signedMoney(cents)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="form-grid">
        <SelectField
          id="count-reason"
          label="Motivo"
          placeholder="Selecciona un motivo"
          options={STOCK_COUNT_REASONS.map((reason) => ({ value: reason, label: STOCK_COUNT_REASON_LABELS[reason] }))}
          registration={register('reason')}
        />
        <Field id="count-note" label="Nota" hint="Obligatoria con el motivo «Otro»." registration={register('note')}>
          {(field) => <textarea {...field} rows={2} />}
        </Field>
      </div>
      <p className="count-sheet__totals" aria-live="polite">
        Lotes contados: <strong>{totals.lines}</strong> · Con diferencia: <strong>{totals.adjusted}</strong> · Valor de la diferencia:{' '}
        <strong>{signedMoney(totals.cents)}</strong>
      </p>
      <FormAlert message={alert} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Confirmar recuento
        </button>
      </div>
    </form>
  );
}
