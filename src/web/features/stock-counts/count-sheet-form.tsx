import { useForm, useWatch } from 'react-hook-form';
import { useFormat } from '#web/api/use-format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { type CountSheetLot, STOCK_COUNT_REASON_LABELS, STOCK_COUNT_REASONS } from '#shared/schemas/stock-counts.js';
import { Field } from '#web/components/field.js';
import { SubmitActions } from '#web/components/form-actions.js';
import { FormAlert } from '#web/components/form-alert.js';
import { SelectField } from '#web/components/select-field.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { CountSheetFilters } from './count-sheet-filters.js';
import { CountSheetTable } from './count-sheet-table.js';
import { type CountValues, emptyValues, sheetTotals, signedMoney } from './count-sheet-values.js';
import { useCountSubmit } from './use-count-submit.js';
import { useSheetSearch } from './use-sheet-search.js';

/**
 * The count sheet (docs/product-guide.md#recuento-de-inventario): every lot with stock, filtered by
 * kind and origin (CountSheetFilters, useSheetSearch), its expected kg, the kilos counted, each
 * difference and its value at cost (CountSheetTable), the reason, the note and 'Confirmar recuento'
 * (useCountSubmit). `single` is the lot a row's 'Ajustar' opened: the sheet shows it alone.
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
  const f = useFormat();
  const form = useForm<CountValues>({ defaultValues: emptyValues(lots) });
  const counted = useWatch({ control: form.control, name: 'counted' }) ?? {};
  const search = useSheetSearch({ lots, single, setFocus: form.setFocus });
  const totals = sheetTotals(lots, counted);
  const submit = useCountSubmit({ lots, form, lines: totals.lines, adjusted: totals.adjusted, onReload, onFailure });
  const { shown } = search;
  // A confirmed count resets the sheet (useCountSubmit), so only kilos typed and not confirmed ask before leaving.
  useUnsavedInput(form.formState.isDirty);

  return (
    <form className="card" onSubmit={submit.onSubmit} noValidate aria-labelledby="count-sheet-title">
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
        <CountSheetFilters search={search} origins={origins} />
      )}
      <CountSheetTable
        lots={shown}
        counted={counted}
        recount={submit.recount}
        register={form.register}
        empty={single ? 'Este lote no tiene stock que contar.' : m.emptySheet}
      />
      <div className="form-grid">
        <SelectField
          id="count-reason"
          label="Motivo"
          placeholder="Selecciona un motivo"
          options={STOCK_COUNT_REASONS.map((reason) => ({ value: reason, label: STOCK_COUNT_REASON_LABELS[reason] }))}
          registration={form.register('reason')}
        />
        <Field id="count-note" label="Nota" hint="Obligatoria con el motivo «Otro»." registration={form.register('note')}>
          {(field) => <textarea {...field} rows={2} />}
        </Field>
      </div>
      <p className="count-sheet__totals" aria-live="polite">
        Lotes contados: <strong>{totals.lines}</strong> · Con diferencia: <strong>{totals.adjusted}</strong> · Valor de la diferencia:{' '}
        <strong>{signedMoney(totals.cents, f)}</strong>
      </p>
      <FormAlert message={submit.alert} />
      <SubmitActions label="Confirmar recuento" pending={submit.saving} />
    </form>
  );
}
