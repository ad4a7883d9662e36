import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { ROAST_TYPES, type RoastedCoffee, type RoastedCoffeeBody } from '#shared/schemas/roasted-coffee.js';
import { DateField } from '#web/components/date-field.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { LotCodeField } from '#web/components/lot-code-field.js';
import { SelectField } from '#web/components/select-field.js';
import { originSelectOptions } from '#web/api/get-origin-options.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateRoastedCoffee } from './api/create-roasted-coffee.js';
import { useUpdateRoastedCoffee } from './api/update-roasted-coffee.js';
import {
  emptyRoastValues,
  generateRoastLotCode,
  type GreenLotOption,
  greenLotLabel,
  lotsOfOrigin,
  ROAST_FIELDS,
  type RoastFormValues,
  roastResolverFor,
  roastToValues,
} from './roast-form-values.js';
import { shrinkageText } from './shrinkage.js';

const ROAST_TYPE_OPTIONS = ROAST_TYPES.map((type) => ({ value: type, label: type }));

export interface RoastFormProps extends EntityFormProps<RoastedCoffee> {
  origins: Origin[];
  /** The lots the form may roast from (the page adds the edited roast's own lot and what it gives back). */
  lots: GreenLotOption[];
  /** A new roast's starting values when the roast plan proposed one (prefilledRoastValues); else empty. */
  initialValues?: RoastFormValues | undefined;
}

/** Roast green coffee, or edit a roast (docs/product-guide.md#cafe-tostado and #roasted-lot). */
export function RoastForm({ origins, lots, initialValues, editing, onSaved, onCancel, onFailure, onReload }: RoastFormProps) {
  const f = useFormat();
  const { mutation, save } = useFormSave(editing, useCreateRoastedCoffee(), useUpdateRoastedCoffee(), m, { onSaved, onFailure, onReload });
  const resolver = useMemo(() => roastResolverFor(lots, f), [lots, f]);
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<RoastFormValues, unknown, RoastedCoffeeBody>({
    resolver,
    defaultValues: editing ? roastToValues(editing, f) : (initialValues ?? emptyRoastValues()),
  });
  // The lot-code button's own messages (docs/product-guide.md#roasted-lot), shown until the next attempt.
  const [codeMessage, setCodeMessage] = useState<string | null>(null);

  const originFilter = useWatch({ control, name: 'origin_filter' });
  const greenKg = useWatch({ control, name: 'quantity_green_kg' });
  const resultantKg = useWatch({ control, name: 'resultant_kg' });
  // 'Merma (Kg)' is recomputed whenever either quantity changes (docs/product-guide.md#cafe-tostado): derived on every render, never typed.
  const shrinkage = shrinkageText(greenKg, resultantKg, f);
  const shownLots = lotsOfOrigin(lots, originFilter);

  const alertMessage = codeMessage ?? formAlertMessage(formState.errors, ROAST_FIELDS, m.required, mutation.error);

  const onSubmit = handleSubmit(save);

  // The server keeps codes unique: a taken one is answered with a clear 409.
  const generateCode = () => {
    const result = generateRoastLotCode(getValues(), lots, origins);
    setCodeMessage('message' in result ? result.message : null);
    if ('code' in result) setValue('batch_code', result.code, { shouldDirty: true });
  };

  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  const filterField = register('origin_filter', {
    // Changing the origin filter clears the chosen lot (docs/product-guide.md#cafe-tostado).
    onChange: () => setValue('green_coffee_id', ''),
  });

  return (
    <FormCard
      id="roast-form"
      title={editing ? `Editar Café Tostado ${editing.batch_code}` : 'Tostar Café Verde'}
      onSubmit={(event) => {
        setCodeMessage(null);
        void onSubmit(event);
      }}
      note={
        lots.length === 0 && (
          <p className="field__hint">
            No hay café verde con stock: <Link to="/cafe-verde">registra un lote en Café Verde</Link> para poder tostar.
          </p>
        )
      }
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={
        <FormActions
          editing={editing !== null}
          pending={mutation.isPending}
          createLabel="Agregar Café Tostado"
          updateLabel="Actualizar Café Tostado"
          onCancel={onCancel}
        />
      }
    >
        <SelectField id="roast-origin-filter" label="Filtrar por Origen" placeholder="Todos los orígenes" options={originSelectOptions(origins)} registration={filterField} />
        <SelectField
          id="roast-green-lot"
          label="Origen del Café Verde"
          invalid={invalid('green_coffee_id')}
          hint="Lote · origen · kilos disponibles."
          placeholder={shownLots.length > 0 ? 'Selecciona un lote de café verde' : 'No hay lotes con stock para este origen'}
          options={shownLots.map((lot) => ({ value: String(lot.id), label: greenLotLabel(lot, f) }))}
          registration={register('green_coffee_id')}
        />
        <DecimalField id="roast-green-kg" label={m.labels.greenKg} invalid={invalid('quantity_green_kg')} registration={register('quantity_green_kg')} />
        <DecimalField id="roast-resultant-kg" label={m.labels.resultantKg} invalid={invalid('resultant_kg')} registration={register('resultant_kg')} />
        <Field id="roast-shrinkage" label="Merma (Kg)" hint="Se calcula sola: Cantidad de Café Verde − Kilos Resultantes.">
          {(field) => <input {...field} readOnly value={shrinkage} />}
        </Field>
        <SelectField id="roast-type" label="Tipo de Tueste" invalid={invalid('roast_type')} placeholder="Selecciona un tipo" options={ROAST_TYPE_OPTIONS} registration={register('roast_type')} />
        <DateField id="roast-date" label={m.labels.date} kind="business" invalid={invalid('roast_date')} registration={register('roast_date')} />
        <LotCodeField
          id="roast-batch"
          invalid={invalid('batch_code')}
          editing={editing !== null}
          placeholder="CO-010124-1234"
          registration={register('batch_code')}
          onGenerate={generateCode}
        />
        <DecimalField
          id="roast-cupping-score"
          label={m.labels.cuppingScore}
          hint="Opcional: de 0 a 100, con dos decimales como máximo."
          invalid={invalid('cupping_score')}
          registration={register('cupping_score')}
        />
        <Field id="roast-notes" label={m.labels.notes} wide hint="Opcional: notas de cata o del tueste." invalid={invalid('notes')} registration={register('notes')}>
          {(field) => <textarea {...field} rows={3} />}
        </Field>
    </FormCard>
  );
}
