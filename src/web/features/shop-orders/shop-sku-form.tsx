import { type Control, type FieldErrors, useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { GRIND_LABELS } from '#shared/order-messages.js';
import { type ShopSku, type ShopSkuBody, shopSkuBodySchema } from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormAlert } from '#web/components/form-alert.js';
import { FormCard } from '#web/components/form-card.js';
import { PlanProductOptions } from '#web/components/plan-product-options.js';
import { SelectField } from '#web/components/select-field.js';
import { serverRefusal } from '#web/lib/api-client.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { productGroups, productOf, productValue } from '#web/lib/plan-products.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateShopSku } from './api/create-shop-sku.js';
import { useUpdateShopSku } from './api/update-shop-sku.js';

/** The plan's products and the formats, which the 'Café' and 'Formato' selects offer. */
export interface SkuChoices {
  origins: Parameters<typeof productGroups>[0];
  recipes: Parameters<typeof productGroups>[1];
  formats: readonly { id: number; name: string; active: boolean }[];
}

/** The form as chosen: 'Café' is 'ignore', a plan product's value ('tostado:12:Medio') or '' (none yet); 'Formato' '' is bulk. */
interface SkuFormValues {
  sku: string;
  product: string;
  format_id: string;
  grind: string;
}

const FIELDS = ['sku', 'product', 'format_id', 'grind'] as const;

const toBody = (values: SkuFormValues) =>
  values.product === 'ignore'
    ? { sku: values.sku, ignore: true }
    : { sku: values.sku, ignore: false, product: productOf(values.product) ?? null, format_id: values.format_id === '' ? null : Number(values.format_id), grind: values.grind || null };

/** The server's schema on the body the form would send: both answer the same message. */
const resolver = schemaThenRulesResolver<SkuFormValues, ShopSkuBody>(shopSkuBodySchema, toBody, []);

const toValues = (sku: ShopSku | null, fixedSku = ''): SkuFormValues =>
  sku
    ? { sku: sku.sku, product: sku.ignore || !sku.product ? 'ignore' : productValue(sku.product), format_id: sku.format_id === null ? '' : String(sku.format_id), grind: sku.grind ?? 'grano' }
    : { sku: fixedSku, product: '', format_id: '', grind: 'grano' };

/** 'Café' (a plan product or 'Ignorar'), then, for a coffee, 'Formato' (bulk or an active one, or the mapping's own) and 'Molienda'. */
function SkuChoiceFields({ id, choices, register, control, errors, currentFormat }: {
  id: string;
  choices: SkuChoices;
  register: UseFormRegister<SkuFormValues>;
  control: Control<SkuFormValues, unknown, ShopSkuBody>;
  errors: FieldErrors<SkuFormValues>;
  /** The format the mapping names now, offered even if deactivated since, so an edit shows it. */
  currentFormat?: number | null | undefined;
}) {
  const invalid = invalidFields(errors, m.skuRequired);
  const product = useWatch({ control, name: 'product' });
  return (
    <>
      <Field id={`${id}-product`} label={m.skuProduct} invalid={invalid('product')} registration={register('product')}>
        {(control) => (
          <select {...control}>
            <option value="">{m.skuChoose}</option>
            <option value="ignore">{m.ignore}</option>
            <PlanProductOptions groups={productGroups(choices.origins, choices.recipes)} />
          </select>
        )}
      </Field>
      {product !== 'ignore' && (
        <>
          <SelectField
            id={`${id}-format`}
            label={m.skuFormat}
            placeholder={m.bulk}
            options={choices.formats.filter((format) => format.active || format.id === currentFormat).map((format) => ({ value: String(format.id), label: format.name }))}
            invalid={invalid('format_id')}
            registration={register('format_id')}
          />
          <SelectField
            id={`${id}-grind`}
            label={m.skuGrind}
            options={Object.entries(GRIND_LABELS).map(([value, label]) => ({ value, label }))}
            invalid={invalid('grind')}
            registration={register('grind')}
          />
        </>
      )}
    </>
  );
}

/**
 * Add or edit a saved SKU mapping ('Correspondencias de productos guardadas',
 * docs/product-guide.md#pedidos-de-la-tienda-online): the SKU (or line name) as the shop writes
 * it, and its coffee, format and grind, or 'Ignorar'. An edit sends the version it was read at.
 */
export function ShopSkuForm({ editing, onSaved, onCancel, onFailure, onReload, choices }: EntityFormProps<ShopSku> & { choices: SkuChoices }) {
  const { mutation, save } = useFormSave(
    editing,
    useCreateShopSku(),
    useUpdateShopSku(),
    { added: m.skuAdded, updated: m.skuUpdated, addError: m.skuSaveError, updateError: m.skuUpdateError },
    { onSaved, onFailure, onReload },
  );
  const { register, control, handleSubmit, formState } = useForm<SkuFormValues, unknown, ShopSkuBody>({ resolver, defaultValues: toValues(editing) });
  const invalid = invalidFields(formState.errors, m.skuRequired);
  useUnsavedInput(formState.isDirty);
  return (
    <FormCard
      id="shop-sku-form"
      title={editing ? m.skuEditTitle(editing.sku) : m.skuFormTitle}
      onSubmit={(event) => void handleSubmit(save)(event)}
      alert={formAlertMessage(formState.errors, FIELDS, m.skuRequired, mutation.error)}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel={m.skuAdd} updateLabel={m.skuUpdate} onCancel={onCancel} />}
    >
      <Field id="shop-sku-sku" label={m.skuLabel} hint={m.skuHint} invalid={invalid('sku')} registration={register('sku')}>
        {(control) => <input {...control} type="text" autoComplete="off" />}
      </Field>
      <SkuChoiceFields id="shop-sku" choices={choices} register={register} control={control} errors={formState.errors} currentFormat={editing?.format_id} />
    </FormCard>
  );
}

/**
 * One SKU the preview does not know ('Productos de la tienda sin correspondencia'), with its
 * choice: 'Guardar correspondencia' saves the mapping, then `onSaved` previews the file again.
 */
export function UnknownSkuForm({ index, sku, choices, onSaved }: { index: number; sku: string; choices: SkuChoices; onSaved: () => void }) {
  const createSku = useCreateShopSku();
  const { register, control, handleSubmit, formState, reset } = useForm<SkuFormValues, unknown, ShopSkuBody>({ resolver, defaultValues: toValues(null, sku) });
  useUnsavedInput(formState.isDirty);
  const id = `shop-unknown-${index}`;
  const save = async (body: ShopSkuBody) => {
    try {
      await createSku.mutateAsync({ body, key: crypto.randomUUID() });
      // Saved: nothing left to lose here while the preview is read again.
      reset(toValues(null, sku));
      onSaved();
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const alert = formAlertMessage(formState.errors, FIELDS, m.skuRequired, undefined) ?? (createSku.error ? (serverRefusal(createSku.error) ?? m.skuSaveError) : null);
  return (
    <form className="shop-sku" noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-labelledby={`${id}-legend`}>
      <fieldset>
        <legend id={`${id}-legend`}>{m.skuLegend(sku)}</legend>
        <div className="form-grid">
          <SkuChoiceFields id={id} choices={choices} register={register} control={control} errors={formState.errors} />
        </div>
        <FormAlert message={alert} />
        <button type="submit" className="btn btn-secondary" disabled={createSku.isPending}>
          {m.skuSave}
        </button>
      </fieldset>
    </form>
  );
}
