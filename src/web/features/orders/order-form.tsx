import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { type FieldErrors, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { GRIND_LABELS, orderMessages } from '#shared/order-messages.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { Origin } from '#shared/schemas/origins.js';
import { GRINDS, type Order, type OrderBody, orderBodySchema } from '#shared/schemas/orders.js';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { useFormat } from '#web/api/use-format.js';
import { CustomerPicker } from '#web/components/customer-picker.js';
import { DateField } from '#web/components/date-field.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { PlanProductOptions } from '#web/components/plan-product-options.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { ApiError } from '#web/lib/api-client.js';
import { useFormSave } from '#web/lib/form-feedback.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { isUnconfirmed } from '#web/lib/write-request.js';
import { productGroups, productOf } from '#web/lib/plan-products.js';
import { useCreateOrder } from './api/create-order.js';
import { fetchPriceHint } from './api/get-price-hint.js';
import { useUpdateOrder } from './api/update-order.js';
import { emptyLine, emptyOrderValues, formatOptions, lineKg, type OrderFormValues, orderToValues, toOrderBody } from './order-form-values.js';

const resolver = schemaThenRulesResolver<OrderFormValues, OrderBody>(orderBodySchema, toOrderBody, []);

const REPEAT_OPTIONS = [
  { value: '', label: 'No' },
  { value: '1', label: 'Cada semana' },
  { value: '2', label: 'Cada 2 semanas' },
  { value: '4', label: 'Cada 4 semanas' },
];
const GRIND_OPTIONS = GRINDS.map((grind) => ({ value: grind, label: GRIND_LABELS[grind] }));
const TOP_FIELDS = ['customer_id', 'due_date', 'notes', 'repeat_weeks'] as const;
const LINE_FIELDS = ['product', 'format_id', 'quantity', 'unit_price', 'grind'] as const;

type LineField = (typeof LINE_FIELDS)[number];
const messageOf = (error: unknown): string | undefined => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/**
 * The form's one message, as formAlertMessage gives every form (docs/product-guide.md#validation-rules), over
 * its lines too: the "required" text while anything is missing (`nothingChosen`: the customer or a
 * line's product, whose schema message is the choice's own), else the first broken rule in the
 * order the form shows its fields, else the server's answer to a rule the user can fix.
 */
function orderAlert(errors: FieldErrors<OrderFormValues>, nothingChosen: boolean, saveError: unknown): string | undefined {
  const lineErrors = (errors.lines ?? []) as unknown as (Partial<Record<LineField, unknown>> | undefined)[];
  const messages = [
    ...TOP_FIELDS.map((field) => messageOf(errors[field])),
    messageOf(errors.lines),
    messageOf((errors.lines as { root?: unknown } | undefined)?.root),
    ...(Array.isArray(lineErrors) ? lineErrors.flatMap((line) => LINE_FIELDS.map((field) => messageOf(line?.[field]))) : []),
  ].filter((message): message is string => message !== undefined);
  if (messages.length > 0 && (nothingChosen || messages.includes(orderMessages.required))) return orderMessages.required;
  if (messages[0]) return messages[0];
  return saveError instanceof ApiError && (saveError.isUserError || isUnconfirmed(saveError)) ? saveError.message : undefined;
}

/** A field's state for <Field invalid>: its own message, or `true` under the form's "required" text. */
const invalidOf = (error: unknown): true | string | undefined => {
  if (!error) return undefined;
  const message = messageOf(error);
  return message !== undefined && message !== orderMessages.required ? message : true;
};

export interface OrderFormProps extends EntityFormProps<Order> {
  origins: Origin[];
  recipes: BlendRecipe[];
  formats: SaleFormat[];
}

/**
 * 'Nuevo Pedido', or a pending order's edit (docs/product-guide.md#pedidos): the customer, the due
 * date (today or later), notes, the repeat, and its lines, each a product of the plan, a format or
 * bulk kilos, a quantity, a price per kg filled in from the customer's last price, and the grind.
 */
export function OrderForm({ origins, recipes, formats, editing, onSaved, onCancel, onFailure, onReload }: OrderFormProps) {
  const f = useFormat();
  const { mutation, save } = useFormSave(editing, useCreateOrder(), useUpdateOrder(), m, { onSaved, onFailure, onReload });
  const [customerName, setCustomerName] = useState<string | null>(editing?.customer_name ?? null);
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<OrderFormValues, unknown, OrderBody>({
    resolver,
    defaultValues: editing ? orderToValues(editing, f) : emptyOrderValues(),
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const lineValues = useWatch({ control, name: 'lines' });
  const errors = formState.errors;
  useUnsavedInput(formState.isDirty);
  // A customer or a product not chosen yet is missing, like an empty field: the "required" text, not the choice's own message.
  const customerId = useWatch({ control, name: 'customer_id' });
  const customerSearch = useWatch({ control, name: 'customer_search' });
  const noCustomer = customerId === '' && customerSearch.trim() === '';
  const noProduct = (index: number) => (lineValues[index]?.product ?? '') === '';
  const alertMessage = orderAlert(errors, noCustomer || lineValues.some((_, index) => noProduct(index)), mutation.error);
  const groups = productGroups(origins, recipes);
  const formatChoices = formatOptions(formats, new Set(editing?.lines.flatMap((line) => (line.format_id === null ? [] : [line.format_id])) ?? []));

  // 'Cliente' stands for customer_id: a failed save focuses it like any field.
  const customerField = register('customer_id');
  const customerInputRef = (element: HTMLInputElement | null) => customerField.ref(element ? { focus: () => element.focus() } : null);

  /** The price each line was last given by fillPrice: a price the user typed over is theirs, and stays. */
  const filledPrices = useRef(new Map<number, string>());

  /** The price per kg a product fills in: this customer's last price for it, else Configuración's (the server decides). */
  const fillPrice = async (index: number) => {
    const { customer_id: customerId, lines: current } = getValues();
    const product = productOf(current[index]?.product ?? '');
    if (!product) return;
    const price = await fetchPriceHint(customerId === '' ? undefined : Number(customerId), product).catch(() => null);
    if (price !== null && price !== undefined && getValues(`lines.${index}.product`) === current[index]?.product) {
      const text = f.twoDecimals(price);
      filledPrices.current.set(index, text);
      setValue(`lines.${index}.unit_price`, text, { shouldDirty: true });
    }
  };

  /** Another customer: the lines whose price is still the filled one (or empty) take that customer's. */
  const refillPrices = () =>
    getValues('lines').forEach((line, index) => {
      if (line.unit_price === '' || line.unit_price === filledPrices.current.get(index)) void fillPrice(index);
    });

  const lineErrors = (errors.lines ?? []) as unknown as (Partial<Record<LineField, unknown>> | undefined)[];
  return (
    <FormCard
      id="order-form"
      className="order-form"
      title={editing ? m.editTitle(editing.id) : m.newTitle}
      onSubmit={(event) => void handleSubmit(save)(event)}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel={m.create} updateLabel={m.update} onCancel={onCancel} />}
    >
      <CustomerPicker
        id="order-customer"
        invalid={noCustomer && errors.customer_id ? true : invalidOf(errors.customer_id)}
        chosen={customerName}
        hint={m.customerHint}
        onChoose={(customer) => {
          setCustomerName(customer.name);
          // After a failed save the form checks itself again at each change, as typing into a field does.
          const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
          setValue('customer_search', '', options);
          setValue('customer_id', String(customer.id), options);
          refillPrices();
        }}
        onType={(text) => {
          setCustomerName(null);
          const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
          setValue('customer_search', text, options);
          setValue('customer_id', '', options);
        }}
        inputRef={customerInputRef}
      />
      <DateField id="order-due-date" label="Fecha de entrega" kind="upcoming" hint={m.dueDateHint} invalid={invalidOf(errors.due_date)} registration={register('due_date')} />
      <SelectField id="order-repeat" label="Repetir" options={REPEAT_OPTIONS} invalid={invalidOf(errors.repeat_weeks)} registration={register('repeat_weeks')} />
      <Field id="order-notes" label="Notas (opcional)" wide invalid={invalidOf(errors.notes)} registration={register('notes')}>
        {(field) => <textarea {...field} />}
      </Field>
      <fieldset className="form-fieldset">
        <legend>{m.linesTitle}</legend>
        {lines.fields.map((line, index) => {
          const position = index + 1;
          const values = lineValues[index];
          const bulk = (values?.format_id ?? '') === '';
          const kg = values ? lineKg(values, formats) : undefined;
          const invalid = (field: LineField) => (field === 'product' && noProduct(index) && lineErrors[index]?.product ? true : invalidOf(lineErrors[index]?.[field]));
          const productField = register(`lines.${index}.product`);
          return (
            <div key={line.id} className="order-line" role="group" aria-label={m.line(position)}>
              <div className="order-line__head">
                <strong>{m.line(position)}</strong>
                {lines.fields.length > 1 && (
                  <button type="button" className="icon-button" aria-label={m.removeLine(position)} title={m.removeLine(position)} onClick={() => lines.remove(index)}>
                    <X aria-hidden="true" size={18} />
                  </button>
                )}
              </div>
              <Field
                id={`order-line-${index}-product`}
                label="Producto"
                invalid={invalid('product')}
                registration={{ ...productField, onChange: async (event) => { await productField.onChange(event); void fillPrice(index); } }}
              >
                {(field) => (
                  <select {...field}>
                    <option value="">{m.productPlaceholder}</option>
                    <PlanProductOptions groups={groups} />
                  </select>
                )}
              </Field>
              <SelectField id={`order-line-${index}-format`} label="Formato" options={formatChoices} invalid={invalid('format_id')} registration={register(`lines.${index}.format_id`)} />
              <Field
                id={`order-line-${index}-quantity`}
                label={bulk ? m.kilos : m.bags}
                hint={kg === undefined ? undefined : `${f.kg(kg)}`}
                invalid={invalid('quantity')}
                registration={register(`lines.${index}.quantity`)}
              >
                {(field) => <input {...field} {...DECIMAL_INPUT} inputMode={bulk ? 'decimal' : 'numeric'} />}
              </Field>
              <Field id={`order-line-${index}-price`} label={`Precio (${f.perKg})`} hint={m.priceHint} invalid={invalid('unit_price')} registration={register(`lines.${index}.unit_price`)}>
                {(field) => <input {...field} {...DECIMAL_INPUT} />}
              </Field>
              <SelectField id={`order-line-${index}-grind`} label="Molienda" options={GRIND_OPTIONS} invalid={invalid('grind')} registration={register(`lines.${index}.grind`)} />
            </div>
          );
        })}
        <button type="button" className="btn btn-secondary" onClick={() => lines.append(emptyLine(), { shouldFocus: true })}>
          <Plus aria-hidden="true" size={18} />
          {m.addLine}
        </button>
      </fieldset>
    </FormCard>
  );
}
