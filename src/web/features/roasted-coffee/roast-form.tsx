import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { formatKg } from '../../../shared/format.js';
import { roastedLotCode } from '../../../shared/lot-codes.js';
import { roastedCoffeeMessages as m } from '../../../shared/messages.js';
import { isRealIsoDate } from '../../../shared/schemas/common.js';
import type { Origin } from '../../../shared/schemas/origins.js';
import {
  ROAST_TYPES,
  type RoastedCoffee,
  type RoastedCoffeeBody,
  roastedCoffeeBodySchema,
} from '../../../shared/schemas/roasted-coffee.js';
import { gramsToKg, kgToGrams } from '../../../shared/units.js';
import { FormActions } from '../../components/form-actions.js';
import { DecimalField } from '../../components/decimal-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { formAlertMessage, saveWithFeedback } from '../../lib/form-feedback.js';
import { schemaThenRulesResolver } from '../../lib/schema-then-rules-resolver.js';
import { numberOrMissing, todayIsoDate } from '../../lib/form-values.js';
import type { EntityFormProps } from '../../lib/use-form-screen.js';
import { useCreateRoastedCoffee } from './api/create-roasted-coffee.js';
import { useUpdateRoastedCoffee } from './api/update-roasted-coffee.js';
import { shrinkageText } from './shrinkage.js';
import './roasted-coffee.css';

/** A green lot the form can roast from, with the grams this roast may take from it. */
export interface GreenLotOption {
  id: number;
  origin_id: number;
  origin_name: string;
  batch_code: string;
  availableG: number;
}

/** What the inputs hold: text, as typed. `origin_filter` only narrows the lot select; it is not sent. */
interface RoastFormValues {
  origin_filter: string;
  green_coffee_id: string;
  quantity_green_kg: string;
  resultant_kg: string;
  roast_type: string;
  roast_date: string;
  batch_code: string;
}

const FIELDS = ['green_coffee_id', 'quantity_green_kg', 'resultant_kg', 'roast_type', 'roast_date', 'batch_code'] as const;

const toBody = (values: RoastFormValues) => ({
  green_coffee_id: numberOrMissing(values.green_coffee_id),
  quantity_green_kg: numberOrMissing(values.quantity_green_kg),
  resultant_kg: numberOrMissing(values.resultant_kg),
  roast_type: values.roast_type,
  roast_date: values.roast_date,
  batch_code: values.batch_code,
});

/**
 * The server's schema on the body the form would send (spec 5 rules one and
 * two, then our limits), then the two rules the server checks against the
 * database, here against the lots the form offers: 'El lote de café verde
 * seleccionado no es válido.' and 'No hay suficiente café verde disponible
 * para tostar esta cantidad.'. The server checks them again in its transaction.
 */
const resolverFor = (lots: GreenLotOption[]) =>
  schemaThenRulesResolver<RoastFormValues, RoastedCoffeeBody>(roastedCoffeeBodySchema, toBody, [
    (body) => {
      const lot = lots.find((candidate) => candidate.id === body.green_coffee_id);
      if (!lot) return { field: 'green_coffee_id', message: m.invalidGreenLot };
      if (lot.availableG < kgToGrams(body.quantity_green_kg)) return { field: 'quantity_green_kg', message: m.notEnoughGreen };
      return null;
    },
  ]);

const emptyValues = (): RoastFormValues => ({
  origin_filter: '',
  green_coffee_id: '',
  quantity_green_kg: '',
  resultant_kg: '',
  roast_type: '',
  roast_date: todayIsoDate(),
  batch_code: '',
});

// Quantities load as text (spec 4, "Forms").
const toValues = (roast: RoastedCoffee): RoastFormValues => ({
  origin_filter: '',
  green_coffee_id: String(roast.green_coffee_id),
  quantity_green_kg: String(roast.quantity_green_kg),
  resultant_kg: String(roast.resultant_kg),
  roast_type: roast.roast_type,
  roast_date: roast.roast_date,
  batch_code: roast.batch_code,
});

export interface RoastFormProps extends EntityFormProps<RoastedCoffee> {
  origins: Origin[];
  /** The lots the form may roast from (the page adds the edited roast's own lot and what it gives back). */
  lots: GreenLotOption[];
}

/** Roast green coffee, or edit a roast (spec 2 "Roasted coffee", 4 "Form auto-behaviour", 5 "Roasted coffee"). */
export function RoastForm({ origins, lots, editing, onSaved, onCancel, onFailure }: RoastFormProps) {
  const createRoast = useCreateRoastedCoffee();
  const updateRoast = useUpdateRoastedCoffee();
  const mutation = editing ? updateRoast : createRoast;
  const resolver = useMemo(() => resolverFor(lots), [lots]);
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<RoastFormValues, unknown, RoastedCoffeeBody>({
    resolver,
    defaultValues: editing ? toValues(editing) : emptyValues(),
  });
  // The lot-code button's own messages (spec 5), shown until the next attempt.
  const [codeMessage, setCodeMessage] = useState<string | null>(null);

  const originFilter = useWatch({ control, name: 'origin_filter' });
  const greenKg = useWatch({ control, name: 'quantity_green_kg' });
  const resultantKg = useWatch({ control, name: 'resultant_kg' });
  // "shrinkage is recomputed whenever either quantity changes" (spec 4): derived on every render, never typed.
  const shrinkage = shrinkageText(greenKg, resultantKg);
  const shownLots = originFilter === '' ? lots : lots.filter((lot) => String(lot.origin_id) === originFilter);

  const alertMessage = codeMessage ?? formAlertMessage(formState.errors, FIELDS, m.required, mutation.error);

  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(
      () => (editing ? updateRoast.mutateAsync({ id: editing.id, body }) : createRoast.mutateAsync(body)),
      editing ? { saved: m.updated, failed: m.updateError } : { saved: m.added, failed: m.addError },
      { onSaved, onFailure },
    ),
  );

  /**
   * 'Generar Lote' (spec 9: CO-010124-1234): the origin of the chosen lot (or,
   * before a lot is chosen, of the filter) and the roast date. The server keeps
   * codes unique: a taken one is answered with a clear 409.
   */
  const generateCode = () => {
    const { green_coffee_id: lotId, origin_filter: filterId, roast_date: roastDate } = getValues();
    if ((lotId === '' && filterId === '') || !isRealIsoDate(roastDate)) {
      setCodeMessage(m.lotCodeNeedsOriginAndDate);
      return;
    }
    const originName =
      lotId !== ''
        ? lots.find((lot) => String(lot.id) === lotId)?.origin_name
        : origins.find((origin) => String(origin.id) === filterId)?.name;
    if (!originName) {
      setCodeMessage(m.lotCodeOriginNotFound);
      return;
    }
    setCodeMessage(null);
    setValue('batch_code', roastedLotCode(originName, roastDate), { shouldDirty: true });
  };

  const invalid = (field: (typeof FIELDS)[number]) => (formState.errors[field] ? true : undefined);
  const filterField = register('origin_filter', {
    // "changing the origin filter clears the chosen batch" (spec 4).
    onChange: () => setValue('green_coffee_id', ''),
  });

  return (
    <form
      className="card"
      onSubmit={(event) => {
        setCodeMessage(null);
        void onSubmit(event);
      }}
      noValidate
      aria-labelledby="roast-form-title"
    >
      <h2 id="roast-form-title" className="card__title">
        {editing ? `Editar Café Tostado ${editing.batch_code}` : 'Tostar Café Verde'}
      </h2>
      {lots.length === 0 && (
        <p className="field__hint">
          No hay café verde con stock: <Link to="/cafe-verde">registra un lote en Café Verde</Link> para poder tostar.
        </p>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="roast-origin-filter">Filtrar por Origen</label>
          <select id="roast-origin-filter" {...filterField}>
            <option value="">Todos los orígenes</option>
            {origins.map((origin) => (
              <option key={origin.id} value={String(origin.id)}>
                {origin.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="roast-green-lot">Origen del Café Verde</label>
          <select
            id="roast-green-lot"
            aria-describedby="roast-green-lot-hint"
            aria-invalid={invalid('green_coffee_id')}
            {...register('green_coffee_id')}
          >
            <option value="">{shownLots.length > 0 ? 'Selecciona un lote de café verde' : 'No hay lotes con stock para este origen'}</option>
            {shownLots.map((lot) => (
              <option key={lot.id} value={String(lot.id)}>
                {`${lot.batch_code} · ${lot.origin_name} · ${formatKg(gramsToKg(lot.availableG))} disponibles`}
              </option>
            ))}
          </select>
          <span id="roast-green-lot-hint" className="field__hint">
            Lote · origen · kilos disponibles.
          </span>
        </div>
        <DecimalField
          id="roast-green-kg"
          label="Cantidad de Café Verde (Kg)"
          kind="kg"
          invalid={invalid('quantity_green_kg')}
          registration={register('quantity_green_kg')}
        />
        <DecimalField
          id="roast-resultant-kg"
          label="Kilos Resultantes"
          kind="kg"
          invalid={invalid('resultant_kg')}
          registration={register('resultant_kg')}
        />
        <div className="field">
          <label htmlFor="roast-shrinkage">Merma (Kg)</label>
          <input id="roast-shrinkage" readOnly value={shrinkage} aria-describedby="roast-shrinkage-hint" />
          <span id="roast-shrinkage-hint" className="field__hint">
            Se calcula sola: Cantidad de Café Verde − Kilos Resultantes.
          </span>
        </div>
        <div className="field">
          <label htmlFor="roast-type">Tipo de Tueste</label>
          <select id="roast-type" aria-invalid={invalid('roast_type')} {...register('roast_type')}>
            <option value="">Selecciona un tipo</option>
            {ROAST_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="roast-date">Fecha de Tostado</label>
          <input id="roast-date" type="date" aria-invalid={invalid('roast_date')} {...register('roast_date')} />
        </div>
        <div className="field">
          <label htmlFor="roast-batch">Lote</label>
          <div className="lot-code-row">
            <input
              id="roast-batch"
              placeholder="CO-010124-1234"
              autoComplete="off"
              aria-describedby="roast-batch-hint"
              aria-invalid={invalid('batch_code')}
              {...register('batch_code')}
            />
            <button type="button" className="btn btn-secondary" onClick={generateCode}>
              Generar Lote
            </button>
          </div>
          <span id="roast-batch-hint" className="field__hint">
            {editing ? 'Vacío: se mantiene el lote actual.' : 'Vacío: se genera al guardar.'}
          </span>
        </div>
      </div>
      <FormAlert message={alertMessage} />
      <FormActions
        editing={editing !== null}
        pending={mutation.isPending}
        createLabel="Agregar Café Tostado"
        updateLabel="Actualizar Café Tostado"
        onCancel={onCancel}
      />
    </form>
  );
}
