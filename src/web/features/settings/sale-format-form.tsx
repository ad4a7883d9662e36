import { useForm } from 'react-hook-form';
import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import { type SaleFormat, type SaleFormatBody, saleFormatBodySchema } from '#shared/schemas/sale-formats.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateSaleFormat } from './api/create-sale-format.js';
import { useUpdateSaleFormat } from './api/update-sale-format.js';

/** The form as typed: the grams as text, so 'abc' or '250,5' gets its own message. */
interface SaleFormatFormValues {
  name: string;
  grams: string;
  active: boolean;
}

const FIELDS = ['name', 'grams', 'active'] as const;

const toBody = (values: SaleFormatFormValues) => ({ name: values.name, grams: numberOrMissing(values.grams) ?? (values.grams.trim() === '' ? undefined : values.grams), active: values.active });

const resolver = schemaThenRulesResolver<SaleFormatFormValues, SaleFormatBody>(saleFormatBodySchema, toBody, []);

const toValues = (format: SaleFormat | null): SaleFormatFormValues =>
  format ? { name: format.name, grams: String(format.grams), active: format.active } : { name: '', grams: '', active: true };

/**
 * Add or edit a sale format (docs/product-guide.md#configuracion): a name and whole grams,
 * 1 to 100.000; 'Formato activo' unticked keeps it for the sales that used it but out of the
 * sale form's 'Formato'.
 */
export function SaleFormatForm({ editing, onSaved, onCancel, onFailure, onReload }: EntityFormProps<SaleFormat>) {
  const { mutation, save } = useFormSave(editing, useCreateSaleFormat(), useUpdateSaleFormat(), m, { onSaved, onFailure, onReload });
  const { register, handleSubmit, formState } = useForm<SaleFormatFormValues, unknown, SaleFormatBody>({ resolver, defaultValues: toValues(editing) });
  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  const alertMessage = formAlertMessage(formState.errors, FIELDS, m.required, mutation.error);
  return (
    <FormCard
      id="sale-format-form"
      title={editing ? `Editar Formato · ${editing.name}` : m.title}
      note={!editing && <p className="prices-note">{m.intro}</p>}
      onSubmit={(event) => void handleSubmit(save)(event)}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Formato" updateLabel="Actualizar Formato" onCancel={onCancel} />}
    >
      <Field id="sale-format-name" label="Nombre" invalid={invalid('name')} registration={register('name')}>
        {(field) => <input {...field} autoComplete="off" placeholder="Bolsa 250 g" />}
      </Field>
      <Field id="sale-format-grams" label="Gramos" invalid={invalid('grams')} registration={register('grams')}>
        {(field) => <input {...field} inputMode="numeric" autoComplete="off" />}
      </Field>
      <div className="field field--wide field--check">
        <input id="sale-format-active" type="checkbox" aria-describedby="sale-format-active-hint" {...register('active')} />
        <label htmlFor="sale-format-active">Formato activo</label>
        <span id="sale-format-active-hint" className="field__hint">
          Desactiva el formato que ya no se vende: las ventas que lo usaron lo conservan.
        </span>
      </div>
    </FormCard>
  );
}
