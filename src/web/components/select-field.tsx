import type { ReactNode } from 'react';
import type { SelectOption } from '#web/lib/form-values.js';
import { Field, type FieldInvalid, type FieldRegistration } from './field.js';

/**
 * A labelled select on <Field>: an optional first empty option (`placeholder`,
 * what a select shows before a choice) and the options in order.
 */
export function SelectField({ id, label, invalid, hint, placeholder, options, registration }: {
  id: string;
  label: string;
  invalid?: FieldInvalid;
  hint?: ReactNode;
  placeholder?: string;
  options: readonly SelectOption[];
  registration: FieldRegistration;
}) {
  return (
    <Field id={id} label={label} invalid={invalid} hint={hint} registration={registration}>
      {(field) => (
        <select {...field}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
