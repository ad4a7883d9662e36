import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useFormat } from '#web/api/use-format.js';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { BlendedCoffee, BlendedCoffeeBody } from '#shared/schemas/blended-coffee.js';
import type { Origin } from '#shared/schemas/origins.js';
import { DateField } from '#web/components/date-field.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LotCodeField } from '#web/components/lot-code-field.js';
import { ApiError } from '#web/lib/api-client.js';
import { invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateBlendedCoffee } from './api/create-blended-coffee.js';
import { useUpdateBlendedCoffee } from './api/update-blended-coffee.js';
import { BlendComponentsEditor } from './blend-components-editor.js';
import {
  blendResolverFor,
  blendToValues,
  type BlendFormValues,
  emptyBlendValues,
  fifoDraws,
  generateBlendLotCode,
  recipeValues,
  type RoastedLotOption,
} from './blend-form-values.js';
import './blended-coffee.css';

export interface BlendFormProps extends EntityFormProps<BlendedCoffee> {
  origins: Origin[];
  recipes: BlendRecipe[];
  /** The lots the form may draw from (the page adds the edited blend's own lots and what it gives back). */
  lots: RoastedLotOption[];
}

/** Make or edit a blend (docs/product-guide.md#cafe-mezcla and #blend). */
export function BlendForm({ origins, recipes, lots, editing, onSaved, onCancel, onFailure, onReload }: BlendFormProps) {
  const f = useFormat();
  const { mutation, save } = useFormSave(editing, useCreateBlendedCoffee(), useUpdateBlendedCoffee(), m, { onSaved, onFailure, onReload });
  const resolver = useMemo(
    () => blendResolverFor(lots, (originId) => origins.find((origin) => origin.id === originId)?.name ?? '', f),
    [lots, origins, f],
  );
  const { register, control, handleSubmit, formState, setValue, getValues, clearErrors } = useForm<BlendFormValues, unknown, BlendedCoffeeBody>({
    resolver,
    defaultValues: editing ? blendToValues(editing, f) : emptyBlendValues(),
  });
  const components = useFieldArray({ control, name: 'components' });
  // The buttons' own messages ('Generar Lote', FIFO), shown until the next attempt.
  const [buttonMessage, setButtonMessage] = useState<string | null>(null);
  const recipeId = useWatch({ control, name: 'recipe_id' });
  const fromRecipe = recipeId !== '';

  const saveError = mutation.error instanceof ApiError && mutation.error.isUserError ? mutation.error.message : undefined;
  const alertMessage = buttonMessage ?? formState.errors.root?.message ?? saveError;
  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);

  const recipeField = register('recipe_id', {
    // Choosing a recipe fills the name and components and makes them read-only; clearing it empties both (docs/product-guide.md#cafe-mezcla).
    onChange: (event: { target: { value: string } }) => {
      const { name, components: filled } = recipeValues(recipes.find((recipe) => String(recipe.id) === event.target.value));
      setValue('name', name);
      components.replace(filled);
    },
  });

  const generateCode = () => {
    const result = generateBlendLotCode(getValues(), recipes);
    setButtonMessage('message' in result ? result.message : null);
    if ('code' in result) setValue('batch_code', result.code, { shouldDirty: true });
  };

  const fillFifo = () => {
    const filled = fifoDraws(getValues(), lots, recipes, f);
    setButtonMessage(filled ? null : m.fifoNeedsTotals);
    if (filled) filled.forEach((component, index) => setValue(`components.${index}.draws`, component.draws, { shouldDirty: true }));
  };

  return (
    <form
      className="card"
      onSubmit={(event) => {
        setButtonMessage(null);
        void handleSubmit(save)(event);
      }}
      // The one message answers the last save; once the user changes anything it no longer applies.
      onChange={() => {
        if (formState.errors.root) clearErrors('root');
        mutation.dismiss();
      }}
      noValidate
      aria-labelledby="blend-form-title"
    >
      <h2 id="blend-form-title" className="card__title">
        {editing ? `Editar Mezcla ${editing.batch_code}` : 'Crear Mezcla'}
      </h2>
      <div className="form-grid">
        <Field id="blend-recipe" label="Receta" hint="Opcional: rellena el nombre y los componentes.">
          {(field) => (
            <select {...field} {...recipeField}>
              <option value="">Sin receta</option>
              {recipes.map((recipe) => (
                <option key={recipe.id} value={String(recipe.id)}>
                  {recipe.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="blend-name" label="Nombre de la Mezcla" invalid={invalid('name')} hint={fromRecipe ? 'El nombre de la receta.' : undefined} registration={register('name')}>
          {(field) => <input {...field} autoComplete="off" readOnly={fromRecipe} />}
        </Field>
        <DecimalField id="blend-total" label={m.labels.totalKg} invalid={invalid('total_quantity_kg')} registration={register('total_quantity_kg')} />
        <DateField id="blend-date" label={m.labels.date} kind="business" invalid={invalid('creation_date')} registration={register('creation_date')} />
        <LotCodeField
          id="blend-batch"
          invalid={invalid('batch_code')}
          editing={editing !== null}
          placeholder="BL-MZ-010124-1234"
          registration={register('batch_code')}
          onGenerate={generateCode}
        />
        <BlendComponentsEditor
          control={control}
          register={register}
          setValue={setValue}
          components={components}
          origins={origins}
          lots={lots}
          fromRecipe={fromRecipe}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={fillFifo}>
          Rellenar lotes (más antiguos primero)
        </button>
      </div>
      <FormAlert message={alertMessage} onReload={mutation.reload} />
      <FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Crear Mezcla" updateLabel="Actualizar Mezcla" onCancel={onCancel} />
    </form>
  );
}
