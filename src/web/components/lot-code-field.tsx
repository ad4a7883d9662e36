import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type FieldInvalid } from './field.js';
import './lot-code-field.css';

/**
 * The lot-code field of the roast, blend and green lot forms: the code as typed, and the
 * 'Generar Lote' button beside it (shapes in docs/product-guide.md#business-constants; the server keeps codes
 * unique). Roasts and blends: left empty, the server generates one on create and keeps the
 * current one on edit. A green lot's code is required, so its form gives its own hint.
 */
export function LotCodeField({ id, invalid, editing, placeholder, hint, registration, onGenerate }: {
  id: string;
  invalid: FieldInvalid;
  editing: boolean;
  /** The code's shape, e.g. 'CO-010124-1234'. */
  placeholder: string;
  /** Instead of the roast and blend forms' 'Vacío: …' hint. */
  hint?: string;
  registration: UseFormRegisterReturn;
  onGenerate: () => void;
}) {
  return (
    <Field
      id={id}
      label="Lote"
      invalid={invalid}
      hint={hint ?? (editing ? 'Vacío: se mantiene el lote actual.' : 'Vacío: se genera al guardar.')}
      registration={registration}
    >
      {(field) => (
        <div className="lot-code-row">
          <input {...field} placeholder={placeholder} autoComplete="off" />
          <button type="button" className="btn btn-secondary" onClick={onGenerate}>
            Generar Lote
          </button>
        </div>
      )}
    </Field>
  );
}
