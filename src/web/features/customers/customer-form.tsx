import { useForm } from 'react-hook-form';
import { customerMessages } from '#shared/customer-messages.js';
import { type Customer, type CustomerBody, customerBodySchema, CUSTOMER_KIND_LABELS, CUSTOMER_KINDS } from '#shared/schemas/customers.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateCustomer } from './api/create-customer.js';
import { useUpdateCustomer } from './api/update-customer.js';

/** What the inputs hold: text as typed, and the 'Cliente activo' box. */
interface CustomerFormValues {
  name: string;
  kind: string;
  tax_id: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  active: boolean;
}

const FIELDS = ['name', 'kind', 'tax_id', 'email', 'phone', 'address', 'notes', 'active'] as const;

const KIND_OPTIONS = CUSTOMER_KINDS.map((kind) => ({ value: kind, label: CUSTOMER_KIND_LABELS[kind] }));

const toBody = (values: CustomerFormValues) => ({ ...values });

/** The server's schema, on the body the form would send: both answer the same message. */
const resolver = schemaThenRulesResolver<CustomerFormValues, CustomerBody>(customerBodySchema, toBody, []);

const emptyValues: CustomerFormValues = { name: '', kind: '', tax_id: '', email: '', phone: '', address: '', notes: '', active: true };

const toValues = (customer: Customer): CustomerFormValues => ({
  name: customer.name,
  kind: customer.kind,
  tax_id: customer.tax_id ?? '',
  email: customer.email ?? '',
  phone: customer.phone ?? '',
  address: customer.address ?? '',
  notes: customer.notes ?? '',
  active: customer.active,
});

/** Add or edit a customer (docs/product-guide.md#clientes). */
export function CustomerForm({ editing, onSaved, onCancel, onFailure, onReload }: EntityFormProps<Customer>) {
  const { mutation, save } = useFormSave(editing, useCreateCustomer(), useUpdateCustomer(), customerMessages, { onSaved, onFailure, onReload });
  const { register, handleSubmit, formState } = useForm<CustomerFormValues, unknown, CustomerBody>({
    resolver,
    defaultValues: editing ? toValues(editing) : emptyValues,
  });
  const alertMessage = formAlertMessage(formState.errors, FIELDS, customerMessages.required, mutation.error);
  const invalid = invalidFields(formState.errors, customerMessages.required);
  useUnsavedInput(formState.isDirty);
  return (
    <FormCard
      id="customer-form"
      title={editing ? 'Editar Cliente' : 'Agregar Nuevo Cliente'}
      onSubmit={handleSubmit(save)}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Cliente" updateLabel="Actualizar Cliente" onCancel={onCancel} />}
    >
      <Field id="customer-name" label="Nombre" invalid={invalid('name')} registration={register('name')}>
        {(field) => <input {...field} autoComplete="off" />}
      </Field>
      <SelectField id="customer-kind" label="Tipo de Cliente" placeholder="Selecciona un tipo" options={KIND_OPTIONS} invalid={invalid('kind')} registration={register('kind')} />
      <Field id="customer-tax-id" label="NIF/CIF (opcional)" invalid={invalid('tax_id')} registration={register('tax_id')}>
        {(field) => <input {...field} autoComplete="off" />}
      </Field>
      <Field id="customer-email" label="Correo Electrónico (opcional)" invalid={invalid('email')} registration={register('email')}>
        {(field) => <input {...field} type="email" inputMode="email" autoComplete="off" />}
      </Field>
      <Field id="customer-phone" label="Teléfono (opcional)" invalid={invalid('phone')} registration={register('phone')}>
        {(field) => <input {...field} type="tel" inputMode="tel" autoComplete="off" />}
      </Field>
      <Field id="customer-address" label="Dirección (opcional)" invalid={invalid('address')} registration={register('address')}>
        {(field) => <input {...field} autoComplete="off" />}
      </Field>
      <Field id="customer-notes" label="Notas (opcional)" wide invalid={invalid('notes')} registration={register('notes')}>
        {(field) => <textarea {...field} />}
      </Field>
      <div className="field field--wide field--check">
        <input id="customer-active" type="checkbox" aria-describedby="customer-active-hint" {...register('active')} />
        <label htmlFor="customer-active">Cliente activo</label>
        <span id="customer-active-hint" className="field__hint">
          Desactiva al cliente que ya no compra: se conserva con sus datos y sus ventas.
        </span>
      </div>
    </FormCard>
  );
}
