import { CircleAlert, CircleCheck, Plus, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { recipeComponentOrigin } from '#shared/recipe-component-label.js';
import { formatPercentTotal, FULL_BASIS_POINTS, sumBasisPoints } from '#shared/percentages.js';
import type { BlendRecipeComponentBody } from '#shared/schemas/blend-recipes.js';
import type { Origin } from '#shared/schemas/origins.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import { originSelectOptions } from '#web/api/get-origin-options.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { SelectField } from '#web/components/select-field.js';

export interface RecipeComponentsEditorProps {
  origins: Origin[];
  components: BlendRecipeComponentBody[];
  /** The origin select, the percentage input and the roast type select of the component being added. */
  originRegistration: UseFormRegisterReturn;
  percentageRegistration: UseFormRegisterReturn;
  roastTypeRegistration: UseFormRegisterReturn;
  /** Checks the origin and percentage typed and adds them, or shows the rule's message (docs/product-guide.md#blend-recipe). */
  onAdd: () => void;
  onRemove: (originId: number) => void;
  invalid: boolean;
}

const ROAST_TYPE_OPTIONS = ROAST_TYPES.map((type) => ({ value: type, label: type }));

/**
 * The recipe's components (docs/product-guide.md#configuracion): pick an origin and a
 * percentage (step 0.01) and, optionally, the roast type it goes in as, add it, remove any, with the running total, visibly
 * wrong while it is not 100. An origin already in the recipe leaves the select
 * (one component per origin).
 */
export function RecipeComponentsEditor(props: RecipeComponentsEditorProps) {
  const { origins, components, originRegistration, percentageRegistration, roastTypeRegistration, onAdd, onRemove, invalid } = props;
  const used = new Set(components.map((component) => component.origin_id));
  const nameOf = (id: number) => origins.find((origin) => origin.id === id)?.name ?? `Origen ${id}`;
  // Enter in the percentage adds the component instead of submitting the whole recipe.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onAdd();
    }
  };

  return (
    <fieldset className="form-fieldset recipe-components" aria-describedby="recipe-components-total">
      <legend>Componentes de la receta</legend>
      <div className="recipe-components__row">
        <SelectField
          id="recipe-component-origin"
          label="Origen del café"
          invalid={invalid}
          placeholder="Selecciona un origen"
          options={originSelectOptions(origins.filter((origin) => !used.has(origin.id)))}
          registration={originRegistration}
        />
        <Field id="recipe-component-percentage" label="Porcentaje (%)" invalid={invalid}>
          {(control) => (
            <input {...control} {...DECIMAL_INPUT} onKeyDown={onKeyDown} {...percentageRegistration} />
          )}
        </Field>
        <SelectField
          id="recipe-component-roast-type"
          label="Tueste (opcional)"
          placeholder="Cualquiera"
          options={ROAST_TYPE_OPTIONS}
          registration={roastTypeRegistration}
        />
        <button type="button" className="btn btn-secondary recipe-components__add" onClick={onAdd}>
          <Plus aria-hidden="true" size={18} />
          Añadir componente
        </button>
      </div>
      <ul className="chip-list" aria-label="Componentes añadidos">
        {components.map((component) => (
          <li key={component.origin_id} className="chip">
            {recipeComponentOrigin({ origin_name: nameOf(component.origin_id), roast_type: component.roast_type ?? null })} {component.percentage}%
            <button
              type="button"
              className="icon-button"
              aria-label={`Quitar ${nameOf(component.origin_id)}`}
              title="Quitar"
              onClick={() => onRemove(component.origin_id)}
            >
              <X aria-hidden="true" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <RecipeTotal components={components} />
    </fieldset>
  );
}

/** "Porcentaje total: 90%": exact (basis points), red with a warning while it is not 100 (docs/product-guide.md#business-constants: exactly 100). */
function RecipeTotal({ components }: { components: BlendRecipeComponentBody[] }) {
  const total = sumBasisPoints(components.map((component) => component.percentage));
  const complete = total === FULL_BASIS_POINTS;
  const Icon = complete ? CircleCheck : CircleAlert;
  return (
    <p id="recipe-components-total" className={complete ? 'recipe-total recipe-total--ok' : 'recipe-total recipe-total--wrong'} aria-live="polite">
      <Icon aria-hidden="true" size={18} />
      <span>
        Porcentaje total: <strong>{formatPercentTotal(total)}%</strong>
        {complete ? '' : ' (debe sumar 100%)'}
      </span>
    </p>
  );
}
