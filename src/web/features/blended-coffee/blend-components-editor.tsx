import { type Control, type UseFieldArrayReturn, type UseFormRegister, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import type { BlendedCoffeeBody } from '#shared/schemas/blended-coffee.js';
import type { Origin } from '#shared/schemas/origins.js';
import { gramsToKg } from '#shared/units.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { Field } from '#web/components/field.js';
import { SelectField } from '#web/components/select-field.js';
import {
  type BlendFormValues,
  componentProgress,
  drawnGrams,
  emptyComponent,
  lotKey,
  lotsOfOrigin,
  requiredGrams,
  type RoastedLotOption,
} from './blend-form-values.js';

export interface BlendComponentsEditorProps {
  control: Control<BlendFormValues, unknown, BlendedCoffeeBody>;
  register: UseFormRegister<BlendFormValues>;
  setValue: UseFormSetValue<BlendFormValues>;
  components: UseFieldArrayReturn<BlendFormValues, 'components'>;
  origins: Origin[];
  lots: RoastedLotOption[];
  /** A recipe fixes the components' origins and percentages; only the draws stay editable. */
  fromRecipe: boolean;
}

const originNameOf = (origins: Origin[], id: string) => origins.find((origin) => String(origin.id) === id)?.name ?? '';

/**
 * The component editor (docs/product-guide.md#cafe-mezcla): per component its origin and
 * percentage, the roasted lots of that origin with stock, each with a kg
 * field, and, as the user types, the kg the component needs (split to the
 * gram like the server, docs/decisions/0006) next to what its lots add up to.
 */
export function BlendComponentsEditor({ control, register, setValue, components, origins, lots, fromRecipe }: BlendComponentsEditorProps) {
  const f = useFormat();
  const values = useWatch({ control, name: ['total_quantity_kg', 'components'] });
  const [totalKg, watched] = values;
  const required = requiredGrams({ total_quantity_kg: totalKg, components: watched });

  return (
    <fieldset className="field field--wide blend-components">
      <legend>Componentes</legend>
      {components.fields.length === 0 && <p className="field__hint">Elige una receta o añade un componente.</p>}
      <ol className="blend-components__list">
        {components.fields.map((field, index) => {
          const component = watched[index] ?? emptyComponent();
          const usedG = drawnGrams(component);
          const requiredG = required?.[index];
          const originLots = lotsOfOrigin(lots, component.origin_id);
          const done = requiredG !== undefined && usedG === requiredG;
          const originField = register(`components.${index}.origin_id`, {
            // The lots shown belong to the origin: a new origin starts with no draws.
            onChange: () => setValue(`components.${index}.draws`, {}),
          });
          return (
            <li key={field.id} className="blend-component">
              <div className="blend-component__head">
                {fromRecipe ? (
                  // The recipe's origin, shown read-only; the value stays in the form's state.
                  <Field id={`blend-component-${index}-origin`} label="Origen">
                    {(control) => <input {...control} readOnly value={originNameOf(origins, component.origin_id)} />}
                  </Field>
                ) : (
                  <SelectField
                    id={`blend-component-${index}-origin`}
                    label="Origen"
                    placeholder="Selecciona un origen"
                    options={origins.map((origin) => ({ value: String(origin.id), label: origin.name }))}
                    registration={originField}
                  />
                )}
                <Field id={`blend-component-${index}-percentage`} label="Porcentaje (%)" registration={register(`components.${index}.percentage`)}>
                  {(control) => <input {...control} {...DECIMAL_INPUT} readOnly={fromRecipe} />}
                </Field>
                {!fromRecipe && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small blend-component__remove"
                    onClick={() => components.remove(index)}
                    aria-label={`Quitar componente ${index + 1}`}
                  >
                    Quitar
                  </button>
                )}
              </div>
              <p className={done ? 'blend-component__progress blend-component__progress--done' : 'blend-component__progress'} aria-live="polite">
                {requiredG === undefined ? 'Necesario: completa la cantidad total y porcentajes que sumen 100%. ' : `Necesario: ${f.kg(gramsToKg(requiredG))}. `}
                {componentProgress(usedG, requiredG, f)}
              </p>
              {component.origin_id !== '' &&
                (originLots.length === 0 ? (
                  <p className="field__hint">No hay café tostado con stock de este origen.</p>
                ) : (
                  <ul className="blend-component__lots">
                    {originLots.map((lot) => {
                      const id = `blend-component-${index}-lot-${lot.id}`;
                      return (
                        <li key={lot.id} className="blend-lot">
                          <label htmlFor={id}>
                            <strong>{lot.batch_code}</strong>
                            {lot.roast_type && ` · ${lot.roast_type}`}
                            {lot.roast_date && ` · ${formatDate(lot.roast_date)}`} · {f.kgExact(gramsToKg(lot.availableG))} disponibles
                          </label>
                          <input
                            id={id}
                            {...DECIMAL_INPUT}
                            placeholder="Kg"
                            {...register(`components.${index}.draws.${lotKey(lot.id)}`)}
                          />
                        </li>
                      );
                    })}
                  </ul>
                ))}
            </li>
          );
        })}
      </ol>
      {!fromRecipe && (
        <button type="button" className="btn btn-secondary" onClick={() => components.append(emptyComponent())}>
          Añadir componente
        </button>
      )}
    </fieldset>
  );
}
