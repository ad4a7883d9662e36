import { useForm, useWatch } from 'react-hook-form';
import type { Formatter } from '#shared/format.js';
import { productPriceMessages as m } from '#shared/product-price-messages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { Origin } from '#shared/schemas/origins.js';
import { type ProductPrice, type ProductPriceBody, productPriceBodySchema } from '#shared/schemas/product-prices.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { originSelectOptions } from '#web/api/get-origin-options.js';
import { useFormat } from '#web/api/use-format.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateProductPrice } from './api/create-product-price.js';
import { useUpdateProductPrice } from './api/update-product-price.js';

/** The form as typed: the product's type and its parts, and the price as text (docs/decisions/0035-decimal-inputs-as-text.md). */
interface ProductPriceFormValues {
  product_type: string;
  origin_id: string;
  roast_type: string;
  recipe_id: string;
  price: string;
}

const FIELDS = ['product_type', 'origin_id', 'roast_type', 'recipe_id', 'price'] as const;

const PRODUCT_TYPE_OPTIONS = [
  { value: 'tostado', label: 'Café Tostado' },
  { value: 'mezcla', label: 'Café Mezcla' },
];
const ROAST_TYPE_OPTIONS = ROAST_TYPES.map((type) => ({ value: type, label: type }));

/** The body the server's schema checks: only the parts of the chosen product type. */
const toBody = (values: ProductPriceFormValues) => {
  const price = numberOrMissing(values.price);
  if (values.product_type === 'tostado') return { product_type: 'tostado', origin_id: numberOrMissing(values.origin_id), roast_type: values.roast_type || undefined, price };
  if (values.product_type === 'mezcla') return { product_type: 'mezcla', recipe_id: numberOrMissing(values.recipe_id), price };
  return { price };
};

const resolver = schemaThenRulesResolver<ProductPriceFormValues, ProductPriceBody>(productPriceBodySchema, toBody, []);

// The price in the shop's decimal separator, as the other prefilled inputs (parsing takes either).
const toValues = (price: ProductPrice | null, f: Formatter): ProductPriceFormValues => ({
  product_type: price?.product_type ?? '',
  origin_id: price?.origin_id == null ? '' : String(price.origin_id),
  roast_type: price?.roast_type ?? '',
  recipe_id: price?.recipe_id == null ? '' : String(price.recipe_id),
  price: price ? f.twoDecimals(price.price) : '',
});

export interface ProductPriceFormProps extends EntityFormProps<ProductPrice> {
  origins: Origin[];
  recipes: BlendRecipe[];
}

/**
 * Add a price for a product, or edit one's price (docs/product-guide.md#configuracion): a product
 * is an origin and a roast type, or a recipe. An edit changes only the price; its product is the
 * form's title (another product is another price).
 */
export function ProductPriceForm({ origins, recipes, editing, onSaved, onCancel, onFailure, onReload }: ProductPriceFormProps) {
  const { mutation, save } = useFormSave(editing, useCreateProductPrice(), useUpdateProductPrice(), m, { onSaved, onFailure, onReload });
  const f = useFormat();
  const { register, control, handleSubmit, formState } = useForm<ProductPriceFormValues, unknown, ProductPriceBody>({ resolver, defaultValues: toValues(editing, f) });
  const productType = useWatch({ control, name: 'product_type' });
  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  const alertMessage = formAlertMessage(formState.errors, FIELDS, m.required, mutation.error);
  return (
    <FormCard
      id="product-price-form"
      title={editing ? `Editar Precio · ${editing.name}` : m.title}
      note={!editing && <p className="prices-note">{m.intro}</p>}
      onSubmit={(event) => void handleSubmit(save)(event)}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Agregar Precio" updateLabel="Actualizar Precio" onCancel={onCancel} />}
    >
      {!editing && (
        <SelectField id="product-price-type" label="Tipo de Producto" invalid={invalid('product_type')} placeholder="Selecciona un tipo" options={PRODUCT_TYPE_OPTIONS} registration={register('product_type')} />
      )}
      {!editing && productType === 'tostado' && (
        <>
          <SelectField id="product-price-origin" label="Origen" invalid={invalid('origin_id')} placeholder="Selecciona un origen" options={originSelectOptions(origins)} registration={register('origin_id')} />
          <SelectField id="product-price-roast" label="Tipo de Tueste" invalid={invalid('roast_type')} placeholder="Selecciona un tipo" options={ROAST_TYPE_OPTIONS} registration={register('roast_type')} />
        </>
      )}
      {!editing && productType === 'mezcla' && (
        <SelectField
          id="product-price-recipe"
          label="Receta"
          invalid={invalid('recipe_id')}
          placeholder="Selecciona una receta"
          options={recipes.map((recipe) => ({ value: String(recipe.id), label: recipe.name }))}
          registration={register('recipe_id')}
        />
      )}
      <DecimalField id="product-price-price" label={`Precio (${f.perKg})`} invalid={invalid('price')} registration={register('price')} />
    </FormCard>
  );
}
