import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { parsePercentText } from '#shared/percentages.js';
import {
  type BlendRecipe,
  type BlendRecipeBody,
  blendRecipeBodySchema,
  type BlendRecipeComponentBody,
  blendRecipeComponentBodySchema,
} from '#shared/schemas/blend-recipes.js';
import type { Origin } from '#shared/schemas/origins.js';
import { Field } from '#web/components/field.js';
import { FormActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { formAlertMessage, invalidFields, useFormSave } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import type { EntityFormProps } from '#web/lib/use-form-screen.js';
import { useCreateBlendRecipe } from './api/create-blend-recipe.js';
import { useUpdateBlendRecipe } from './api/update-blend-recipe.js';
import { RecipeComponentsEditor } from './recipe-components-editor.js';

/** The recipe, plus the origin and percentage (text, as typed) of the component being added. */
interface RecipeFormValues {
  name: string;
  components: BlendRecipeComponentBody[];
  component_origin_id: string;
  component_percentage: string;
  component_roast_type: string;
}

const FIELDS = ['name', 'components'] as const;

const toBody = (values: RecipeFormValues) => ({ name: values.name, components: values.components });

/** The server's schema on the body the form sends: 'Por favor, completa el nombre de la receta…', then the 100% total. */
const resolver = schemaThenRulesResolver<RecipeFormValues, BlendRecipeBody>(blendRecipeBodySchema, toBody, []);

const noDraft = { component_origin_id: '', component_percentage: '', component_roast_type: '' };

/** Edit loads the name and components (docs/product-guide.md#configuracion). */
const toValues = (recipe: BlendRecipe | null): RecipeFormValues => ({
  name: recipe?.name ?? '',
  components: recipe?.components.map(({ origin_id, percentage, roast_type }) => ({ origin_id, percentage, roast_type })) ?? [],
  ...noDraft,
});

export interface RecipeFormProps extends EntityFormProps<BlendRecipe> {
  origins: Origin[];
}

/** Create or edit a blend recipe (docs/product-guide.md#configuracion and #blend-recipe); after an update it returns to create mode. */
export function RecipeForm({ origins, editing, onSaved, onCancel, onFailure, onReload }: RecipeFormProps) {
  const { mutation, save } = useFormSave(editing, useCreateBlendRecipe(), useUpdateBlendRecipe(), m, { onSaved, onFailure, onReload });
  const { register, control, handleSubmit, formState, getValues, setValue } = useForm<RecipeFormValues, unknown, BlendRecipeBody>({
    resolver,
    defaultValues: toValues(editing),
  });
  const components = useWatch({ control, name: 'components' });
  // The add-component button's message, shown until the next attempt.
  const [componentMessage, setComponentMessage] = useState<string | null>(null);

  const setComponents = (next: BlendRecipeComponentBody[]) =>
    // After a refused save the form re-checks as the recipe changes, like any other field.
    setValue('components', next, { shouldValidate: formState.isSubmitted });

  /** 'Por favor, selecciona un origen de café y un porcentaje válido para el componente.' (docs/product-guide.md#blend-recipe; the server's own component check). */
  const addComponent = () => {
    const parsed = blendRecipeComponentBodySchema.safeParse({
      origin_id: numberOrMissing(getValues('component_origin_id')),
      percentage: parsePercentText(getValues('component_percentage')),
      // 'Cualquiera' (the empty option) is no roast type.
      roast_type: getValues('component_roast_type') || null,
    });
    if (!parsed.success) {
      setComponentMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setComponentMessage(null);
    setComponents([...getValues('components'), parsed.data]);
    setValue('component_origin_id', noDraft.component_origin_id);
    setValue('component_percentage', noDraft.component_percentage);
    setValue('component_roast_type', noDraft.component_roast_type);
  };

  const onSubmit = handleSubmit(save);
  const submit: typeof onSubmit = (event) => {
    setComponentMessage(null);
    return onSubmit(event);
  };

  const alertMessage = componentMessage ?? formAlertMessage(formState.errors, FIELDS, m.required, mutation.error);
  const invalid = invalidFields(formState.errors, m.required);
  useUnsavedInput(formState.isDirty);
  return (
    <FormCard
      id="recipe-form"
      title={editing ? 'Editar Receta de Mezcla' : 'Crear Nueva Receta de Mezcla'}
      onSubmit={submit}
      alert={alertMessage}
      onReload={mutation.reload}
      onEdit={mutation.dismiss}
      actions={<FormActions editing={editing !== null} pending={mutation.isPending} createLabel="Crear Receta" updateLabel="Actualizar Receta" onCancel={onCancel} />}
    >
      <Field id="recipe-name" label="Nombre de la Receta" wide invalid={invalid('name')} registration={register('name')}>
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <RecipeComponentsEditor
        origins={origins}
        components={components}
        originRegistration={register('component_origin_id')}
        percentageRegistration={register('component_percentage')}
        roastTypeRegistration={register('component_roast_type')}
        onAdd={addComponent}
        onRemove={(originId) => setComponents(getValues('components').filter((component) => component.origin_id !== originId))}
        invalid={componentMessage !== null || Boolean(invalid('components'))}
      />
    </FormCard>
  );
}
