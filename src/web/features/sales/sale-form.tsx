import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { Product } from '#shared/schemas/products.js';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import type { Sale, SaleBody } from '#shared/schemas/sales.js';
import type { Settings } from '#shared/schemas/settings.js';
import { kgToGrams } from '#shared/units.js';
import { DateField } from '#web/components/date-field.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { CustomerPicker } from '#web/components/customer-picker.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateSale } from './api/create-sale.js';
import { useUpdateSale } from './api/update-sale.js';
import { ProductPicker } from './product-picker.js';
import {
  bagsKgText,
  type ChosenProduct,
  defaultPriceText,
  emptySaleValues,
  lineTotalText,
  PRODUCT_TYPE_LABELS,
  SALE_FIELDS,
  type SaleFormValues,
  saleResolverFor,
  saleToValues,
} from './sale-form-values.js';
import './sales.css';

export interface SaleFormProps extends EntityFormProps<Sale> {
  /** The settings, for the default unit price of each product type (Configuración). */
  prices: Settings;
  /** Every sale format: 'Formato' offers the active ones (and an edited sale's own). */
  formats: SaleFormat[];
}

/** The product an edited sale sold, before the picker has read its stock: no early stock check. */
const soldProduct = (sale: Sale): ChosenProduct => ({
  id: sale.product_id,
  type: sale.product_type,
  name: sale.product_name,
  batch_code: sale.batch_code_sold,
  stock_kg: 0,
  // Never shown: the picker's own list carries each lot's date.
  made_on: '',
  price: null,
  age_days: 0,
  freshness: 'fresco',
  availableG: Number.POSITIVE_INFINITY,
});

/** Record or edit a sale (docs/product-guide.md#ventas, #screens and #sale). */
export function SaleForm({ prices, formats, editing, onSaved, onCancel, onFailure, onReload }: SaleFormProps) {
  const f = useFormat();
  const { mutation, save } = useFormSave(editing, useCreateSale(), useUpdateSale(), m, { onSaved, onFailure, onReload });
  const [chosen, setChosen] = useState<ChosenProduct | null>(editing ? soldProduct(editing) : null);
  const [customerName, setCustomerName] = useState<string | null>(editing?.customer_name ?? null);
  const resolver = useMemo(() => saleResolverFor(chosen, f), [chosen, f]);
  const { register, control, handleSubmit, formState, setValue, getValues } = useForm<SaleFormValues, unknown, SaleBody>({
    resolver,
    defaultValues: editing ? saleToValues(editing, f) : emptySaleValues(),
  });
  const quantity = useWatch({ control, name: 'quantity_kg' });
  const formatId = useWatch({ control, name: 'format_id' });
  const price = useWatch({ control, name: 'unit_price' });
  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  const alertMessage = formAlertMessage(formState.errors, SALE_FIELDS, m.required, mutation.error);

  // The picker's input stands for product_id: a failed save focuses it like any field.
  const productField = register('product_id');
  const productInputRef = (element: HTMLInputElement | null) => productField.ref(element ? { focus: () => element.focus() } : null);

  // 'Cliente' stands for customer_id the same way; what is typed and not chosen goes in customer_search.
  const customerField = register('customer_id');
  const customerInputRef = (element: HTMLInputElement | null) => customerField.ref(element ? { focus: () => element.focus() } : null);
  const onChooseCustomer = (customer: { id: number; name: string }) => {
    setCustomerName(customer.name);
    setValue('customer_id', String(customer.id), { shouldDirty: true });
    setValue('customer_search', '', { shouldDirty: true });
  };
  const onTypeCustomer = (text: string) => {
    setCustomerName(null);
    setValue('customer_id', '', { shouldDirty: true });
    setValue('customer_search', text, { shouldDirty: true });
  };

  // 'Formato' and 'Bolsas' fill Cantidad (Kg) = bags × the format's grams, which is then read-only (docs/product-guide.md#ventas).
  const formatOptions = formats
    .filter((format) => format.active || format.id === editing?.format_id)
    .map((format) => ({ value: String(format.id), label: format.name }));
  const gramsOf = (id: string) => formats.find((format) => String(format.id) === id)?.grams;
  const fillQuantity = (id: string, bags: string) => {
    const grams = gramsOf(id);
    const kg = grams === undefined ? null : bagsKgText(bags, grams, f);
    if (kg !== null) setValue('quantity_kg', kg, { shouldDirty: true });
  };
  const formatField = register('format_id', { onChange: (event: { target: { value: string } }) => fillQuantity(event.target.value, getValues('bags')) });
  const bagsField = register('bags', { onChange: (event: { target: { value: string } }) => fillQuantity(getValues('format_id'), event.target.value) });

  /** Choosing a product fills in the product type, the lot and the unit price (docs/product-guide.md#ventas). */
  const onChoose = (product: Product | null) => {
    const options = { shouldDirty: true };
    if (!product) {
      setChosen(null);
      setValue('product_id', '', options);
      setValue('product_type', '', options);
      setValue('batch_code_sold', '', options);
      return;
    }
    // On an edit of the same product, the sale's own kg count as available (docs/product-guide.md#sale).
    const ownG = editing && editing.product_type === product.type && editing.product_id === product.id ? kgToGrams(editing.quantity_kg) : 0;
    setChosen({ ...product, availableG: kgToGrams(product.stock_kg) + ownG });
    setValue('product_id', String(product.id), options);
    setValue('product_type', product.type, options);
    setValue('batch_code_sold', product.batch_code, options);
    setValue('unit_price', defaultPriceText(product, prices, f), options);
  };

  return (
    <FormCard
      id="sale-form"
      className="sale-form"
      title={editing ? `Editar Venta · ${editing.product_name}` : 'Nueva Venta'}
      onSubmit={(event) => void handleSubmit(save)(event)}
      note={
        !editing && (
          <p className="field__hint">
            Se venden lotes de <Link to="/cafe-tostado">Café Tostado</Link> y de <Link to="/cafe-mezcla">Café Mezcla</Link> con stock.
          </p>
        )
      }
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={
        <FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Registrar Venta" updateLabel="Actualizar Venta" onCancel={onCancel} />
      }
    >
      <ProductPicker
        id="sale-product"
        invalid={invalid('product_id')}
        chosen={chosen}
        include={editing ? { type: editing.product_type, id: editing.product_id } : undefined}
        onChoose={onChoose}
        inputRef={productInputRef}
      />
      <CustomerPicker
        id="sale-customer"
        invalid={invalid('customer_id')}
        chosen={customerName}
        hint="Opcional: vacío es una venta de mostrador. Busca por nombre, NIF/CIF, correo o teléfono."
        placeholder={m.counterSale}
        onChoose={onChooseCustomer}
        onType={onTypeCustomer}
        inputRef={customerInputRef}
      />
      <input type="hidden" {...register('product_type')} />
      <Field id="sale-product-type" label="Tipo de Producto" invalid={invalid('product_type')}>
        {(control) => <input {...control} readOnly value={chosen ? PRODUCT_TYPE_LABELS[chosen.type] : ''} placeholder="Según el producto" />}
      </Field>
      <Field id="sale-batch" label="Lote Vendido" invalid={invalid('batch_code_sold')} registration={register('batch_code_sold')}>
        {(control) => <input {...control} readOnly placeholder="Según el producto" />}
      </Field>
      <SelectField id="sale-format" label={m.labels.format} invalid={invalid('format_id')} placeholder={m.bulk} options={formatOptions} registration={formatField} />
      {/* Always there, beside 'Formato', so the phone's two-a-row grid keeps its pairs; read-only for 'A granel'. */}
      <Field id="sale-bags" label={m.labels.bags} invalid={invalid('bags')} registration={bagsField}>
        {(control) => <input {...control} inputMode="numeric" autoComplete="off" readOnly={formatId === ''} placeholder={formatId === '' ? '—' : undefined} />}
      </Field>
      <DecimalField
        id="sale-quantity"
        label={m.labels.quantity}
        invalid={invalid('quantity_kg')}
        readOnly={formatId !== ''}
        hint={formatId === '' ? undefined : 'Bolsas × el formato.'}
        registration={register('quantity_kg')}
      />
      <DecimalField
        id="sale-price"
        label={`Precio Unitario (${f.perKg})`}
        invalid={invalid('unit_price')}
        hint="Por defecto, el de Configuración para su tipo."
        registration={register('unit_price')}
      />
      <DateField id="sale-date" label={m.labels.date} kind="business" invalid={invalid('sale_date')} registration={register('sale_date')} />
      <Field id="sale-total" label={`Total (${f.currency})`} hint="Cantidad × precio, redondeado al céntimo.">
        {(control) => <output {...control} className="sale-total" aria-live="polite">{lineTotalText(quantity, price, f)}</output>}
      </Field>
    </FormCard>
  );
}
