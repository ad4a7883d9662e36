import { Controller, useForm } from 'react-hook-form';
import { originMessages } from '../../../shared/messages.js';
import { type Origin, type OriginBody, originBodySchema } from '../../../shared/schemas/origins.js';
import type { EntityFormProps } from '../../lib/use-form-screen.js';
import { FormActions } from '../../components/form-actions.js';
import { DecimalField } from '../../components/decimal-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { formAlertMessage, saveWithFeedback } from '../../lib/form-feedback.js';
import { numberOrMissing } from '../../lib/form-values.js';
import { schemaThenRulesResolver } from '../../lib/schema-then-rules-resolver.js';
import { useCreateOrigin } from './api/create-origin.js';
import { useUpdateOrigin } from './api/update-origin.js';
import { SuppliersEditor } from './suppliers-editor.js';

/** What the inputs hold: text, as typed. */
interface OriginFormValues {
  name: string;
  kilos_per_bag: string;
  suppliers_fincas: string[];
  description: string;
}

const FIELDS = ['name', 'kilos_per_bag', 'suppliers_fincas', 'description'] as const;

const toBody = (values: OriginFormValues) => ({
  name: values.name,
  kilos_per_bag: numberOrMissing(values.kilos_per_bag),
  suppliers_fincas: values.suppliers_fincas,
  description: values.description,
});

/** The server's schema, on the body the form would send: both answer the same message. */
const resolver = schemaThenRulesResolver<OriginFormValues, OriginBody>(originBodySchema, toBody, []);

const emptyValues: OriginFormValues = { name: '', kilos_per_bag: '', suppliers_fincas: [], description: '' };

const toValues = (origin: Origin): OriginFormValues => ({
  name: origin.name,
  kilos_per_bag: String(origin.kilos_per_bag),
  suppliers_fincas: origin.suppliers_fincas,
  description: origin.description ?? '',
});

export type OriginFormProps = EntityFormProps<Origin>;

/** Add or edit an origin (spec 2 "Origins", 5 "Origin"). */
export function OriginForm({ editing, onSaved, onCancel, onFailure }: OriginFormProps) {
  const createOrigin = useCreateOrigin();
  const updateOrigin = useUpdateOrigin();
  const mutation = editing ? updateOrigin : createOrigin;
  const { register, control, handleSubmit, formState } = useForm<OriginFormValues, unknown, OriginBody>({
    resolver,
    defaultValues: editing ? toValues(editing) : emptyValues,
  });

  const alertMessage = formAlertMessage(formState.errors, FIELDS, originMessages.required, mutation.error);

  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(
      () => (editing ? updateOrigin.mutateAsync({ id: editing.id, body }) : createOrigin.mutateAsync(body)),
      editing
        ? { saved: originMessages.updated, failed: originMessages.updateError }
        : { saved: originMessages.added, failed: originMessages.addError },
      { onSaved, onFailure },
    ),
  );

  const invalid = (field: (typeof FIELDS)[number]) => (formState.errors[field] ? true : undefined);
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="origin-form-title">
      <h2 id="origin-form-title" className="card__title">
        {editing ? 'Editar Origen' : 'Agregar Nuevo Origen'}
      </h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="origin-name">Nombre del Origen</label>
          <input id="origin-name" autoComplete="off" aria-invalid={invalid('name')} {...register('name')} />
        </div>
        <DecimalField
          id="origin-kilos"
          label="Kilos por Saco"
          kind="kg"
          invalid={invalid('kilos_per_bag')}
          registration={register('kilos_per_bag')}
        />
        <Controller
          control={control}
          name="suppliers_fincas"
          render={({ field }) => (
            <SuppliersEditor value={field.value} onChange={field.onChange} invalid={Boolean(invalid('suppliers_fincas'))} />
          )}
        />
        <div className="field field--wide">
          <label htmlFor="origin-description">Descripción (opcional)</label>
          <textarea id="origin-description" aria-invalid={invalid('description')} {...register('description')} />
        </div>
      </div>
      <FormAlert message={alertMessage} />
      <FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Origen" updateLabel="Actualizar Origen" onCancel={onCancel} />
    </form>
  );
}
