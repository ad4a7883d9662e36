import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import { type GreenCoffee, type GreenCoffeeBody, greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import type { Origin } from '#shared/schemas/origins.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { FormActions } from '#web/components/form-actions.js';
import { DateField } from '#web/components/date-field.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { LotCodeField } from '#web/components/lot-code-field.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { originSelectOptions } from '#web/api/get-origin-options.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { isoDateOrAsTyped, numberOrMissing, todayDateText } from '#web/lib/form-values.js';
import { useCreateGreenCoffee } from './api/create-green-coffee.js';
import { useUpdateGreenCoffee } from './api/update-green-coffee.js';
import { generateGreenLotCode, GREEN_LOT_HINT } from './green-lot-code.js';

/** What the inputs hold: text, as typed. */
interface GreenFormValues {
  origin_id: string;
  supplier_finca: string;
  quantity_kg: string;
  unit_price: string;
  entry_date: string;
  batch_code: string;
}

const FIELDS = ['origin_id', 'supplier_finca', 'quantity_kg', 'unit_price', 'entry_date', 'batch_code'] as const;

const toBody = (values: GreenFormValues) => ({
  ...values,
  origin_id: numberOrMissing(values.origin_id),
  quantity_kg: numberOrMissing(values.quantity_kg),
  unit_price: numberOrMissing(values.unit_price),
  entry_date: isoDateOrAsTyped(values.entry_date),
});

/**
 * The server's schema on the body the form would send, then the next green-lot
 * rule, which needs the origins: 'El proveedor/finca seleccionado no pertenece
 * al origen elegido.' (the lot-code rule needs the database: the server answers it).
 */
const resolverFor = (origins: Origin[]) =>
  schemaThenRulesResolver<GreenFormValues, GreenCoffeeBody>(greenCoffeeBodySchema, toBody, [
    (body) => {
      const origin = origins.find((candidate) => candidate.id === body.origin_id);
      if (!origin) return { field: 'origin_id', message: m.originNotFound };
      if (!origin.suppliers_fincas.includes(body.supplier_finca)) return { field: 'supplier_finca', message: m.supplierNotInOrigin };
      return null;
    },
  ]);

const emptyValues = (): GreenFormValues => ({
  origin_id: '',
  supplier_finca: '',
  quantity_kg: '',
  unit_price: '',
  entry_date: todayDateText(),
  batch_code: '',
});

// Quantity and price load as text (docs/product-guide.md#screens).
const toValues = (lot: GreenCoffee): GreenFormValues => ({
  origin_id: String(lot.origin_id),
  supplier_finca: lot.supplier_finca,
  quantity_kg: String(lot.quantity_kg),
  unit_price: String(lot.unit_price),
  entry_date: formatDate(lot.entry_date),
  batch_code: lot.batch_code,
});

export interface GreenCoffeeFormProps extends EntityFormProps<GreenCoffee> {
  origins: Origin[];
}

/** Add or edit a green lot (docs/product-guide.md#cafe-verde and #green-lot). */
export function GreenCoffeeForm({ origins, editing, onSaved, onCancel, onFailure, onReload }: GreenCoffeeFormProps) {
  const f = useFormat();
  const { mutation, save } = useFormSave(editing, useCreateGreenCoffee(), useUpdateGreenCoffee(), m, { onSaved, onFailure, onReload });
  const resolver = useMemo(() => resolverFor(origins), [origins]);
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<GreenFormValues, unknown, GreenCoffeeBody>({
    resolver,
    defaultValues: editing ? toValues(editing) : emptyValues(),
  });

  const originId = useWatch({ control, name: 'origin_id' });
  const supplier = useWatch({ control, name: 'supplier_finca' });
  const chosenOrigin = origins.find((origin) => String(origin.id) === originId);
  const suppliers = chosenOrigin?.suppliers_fincas ?? [];
  // An edited lot whose farm was since removed from its origin still shows it (saving then answers the rule's message, docs/product-guide.md#green-lot).
  const supplierOptions = supplier && chosenOrigin && !suppliers.includes(supplier) ? [supplier, ...suppliers] : suppliers;

  // The lot-code button's own message (as on the roast form), shown until the next attempt.
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const alertMessage = codeMessage ?? formAlertMessage(formState.errors, FIELDS, m.required, mutation.error);

  const onSubmit = handleSubmit(save);

  // The server keeps codes unique per origin: a taken one is answered with the spec's 409.
  const generateCode = () => {
    const result = generateGreenLotCode(getValues('entry_date'));
    setCodeMessage('message' in result ? result.message : null);
    if ('code' in result) setValue('batch_code', result.code, { shouldDirty: true });
  };

  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  const originField = register('origin_id', {
    // Choosing an origin selects its first farm (docs/product-guide.md#cafe-verde).
    onChange: (event: { target: { value: string } }) => {
      const origin = origins.find((candidate) => String(candidate.id) === event.target.value);
      setValue('supplier_finca', origin?.suppliers_fincas[0] ?? '');
    },
  });

  return (
    <FormCard
      id="green-form"
      title={editing ? 'Editar Café Verde' : 'Agregar Café Verde'}
      onSubmit={(event) => {
        setCodeMessage(null);
        void onSubmit(event);
      }}
      note={
        origins.length === 0 && (
          <p className="field__hint">
            Aún no hay orígenes: <Link to="/cafe-origen">registra uno en Orígenes</Link> antes de agregar café verde.
          </p>
        )
      }
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Café Verde" updateLabel="Actualizar Café Verde" onCancel={onCancel} />}
    >
        <SelectField id="green-origin" label="Origen" invalid={invalid('origin_id')} placeholder="Selecciona un origen" options={originSelectOptions(origins)} registration={originField} />
        {/* Controlled: its options change with the origin, and the default supplier must show at once. */}
        <Field id="green-supplier" label="Proveedor/Finca" invalid={invalid('supplier_finca')}>
          {(props) => (
            <Controller
              control={control}
              name="supplier_finca"
              render={({ field }) => (
                <select
                  {...props}
                  disabled={!chosenOrigin}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  <option value="">{chosenOrigin ? 'Selecciona un proveedor/finca' : 'Primero elige un origen'}</option>
                  {supplierOptions.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </Field>
        <DecimalField id="green-quantity" label={m.labels.quantity} invalid={invalid('quantity_kg')} registration={register('quantity_kg')} />
        <DecimalField id="green-price" label={`Precio Unitario (${f.perKg})`} invalid={invalid('unit_price')} registration={register('unit_price')} />
        <DateField id="green-date" label={m.labels.date} kind="business" invalid={invalid('entry_date')} registration={register('entry_date')} />
        <LotCodeField
          id="green-batch"
          invalid={invalid('batch_code')}
          editing={editing !== null}
          placeholder="DD-MM-AA"
          hint={GREEN_LOT_HINT}
          registration={register('batch_code')}
          onGenerate={generateCode}
        />
    </FormCard>
  );
}
