import { Controller, useForm } from 'react-hook-form';
import { originMessages } from '#shared/origin-messages.js';
import { type Origin, type OriginBody, originBodySchema } from '#shared/schemas/origins.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { FormActions } from '#web/components/form-actions.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { FormCard } from '#web/components/form-card.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useCreateOrigin } from './api/create-origin.js';
import { useUpdateOrigin } from './api/update-origin.js';
import { SuppliersEditor } from './suppliers-editor.js';

/** What the inputs hold: text, as typed. */
interface OriginFormValues {
  name: string;
  kilos_per_bag: string;
  suppliers_fincas: string[];
  description: string;
  decaf: boolean;
}

const FIELDS = ['name', 'kilos_per_bag', 'suppliers_fincas', 'description', 'decaf'] as const;

const toBody = (values: OriginFormValues) => ({
  name: values.name,
  kilos_per_bag: numberOrMissing(values.kilos_per_bag),
  suppliers_fincas: values.suppliers_fincas,
  description: values.description,
  decaf: values.decaf,
});

/** The server's schema, on the body the form would send: both answer the same message. */
const resolver = schemaThenRulesResolver<OriginFormValues, OriginBody>(originBodySchema, toBody, []);

const emptyValues: OriginFormValues = { name: '', kilos_per_bag: '', suppliers_fincas: [], description: '', decaf: false };

const toValues = (origin: Origin): OriginFormValues => ({
  name: origin.name,
  kilos_per_bag: String(origin.kilos_per_bag),
  suppliers_fincas: origin.suppliers_fincas,
  description: origin.description ?? '',
  decaf: origin.decaf,
});

export type OriginFormProps = EntityFormProps<Origin>;

/** Add or edit an origin (docs/product-guide.md#origenes and #origin). */
export function OriginForm({ editing, onSaved, onCancel, onFailure, onReload }: OriginFormProps) {
  const { mutation, save } = useFormSave(editing, useCreateOrigin(), useUpdateOrigin(), originMessages, { onSaved, onFailure, onReload });
  const { register, control, handleSubmit, formState } = useForm<OriginFormValues, unknown, OriginBody>({
    resolver,
    defaultValues: editing ? toValues(editing) : emptyValues,
  });

  const alertMessage = formAlertMessage(formState.errors, FIELDS, originMessages.required, mutation.error);

  const onSubmit = handleSubmit(save);

  const invalid = invalidFields(formState.errors, originMessages.required);
  useUnsavedInput(formState.isDirty);
  return (
    <FormCard
      id="origin-form"
      title={editing ? 'Editar Origen' : 'Agregar Nuevo Origen'}
      onSubmit={onSubmit}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Origen" updateLabel="Actualizar Origen" onCancel={onCancel} />}
    >
      <Field id="origin-name" label="Nombre del Origen" invalid={invalid('name')} registration={register('name')}>
        {(field) => <input {...field} autoComplete="off" />}
      </Field>
      <DecimalField id="origin-kilos" label={originMessages.labels.kilosPerBag} invalid={invalid('kilos_per_bag')} registration={register('kilos_per_bag')} />
      <Controller
        control={control}
        name="suppliers_fincas"
        render={({ field }) => (
          <SuppliersEditor value={field.value} onChange={field.onChange} invalid={Boolean(invalid('suppliers_fincas'))} />
        )}
      />
      <Field id="origin-description" label="Descripción (opcional)" wide invalid={invalid('description')} registration={register('description')}>
        {(field) => <textarea {...field} />}
      </Field>
      <div className="field field--wide field--check">
        <input id="origin-decaf" type="checkbox" aria-describedby="origin-decaf-hint" {...register('decaf')} />
        <label htmlFor="origin-decaf">Descafeinado</label>
        <span id="origin-decaf-hint" className="field__hint">
          Las etiquetas de bolsa de su café dicen «descafeinado».
        </span>
      </div>
    </FormCard>
  );
}
