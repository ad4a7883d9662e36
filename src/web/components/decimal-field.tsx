import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type FieldInvalid } from './field.js';

/**
 * A decimal typed as text with the phone's decimal keypad: a comma or a point
 * ('1,5' or '1.5', read by parseDecimalText). Not type="number": Chromium drops a
 * typed comma there, so '1,5' became 15 and was saved
 * (docs/decisions/0035-decimal-inputs-as-text.md).
 */
export const DECIMAL_INPUT = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * A labelled decimal input for kilos, a price or a percentage, on <Field>. It holds the text
 * as typed (quantities and prices load as text, docs/product-guide.md#screens); the form's shared zod
 * schema decides what is valid, with its own messages (3 decimals for kilos, 2 for a price).
 */
export function DecimalField({ id, label, invalid, hint, readOnly, registration }: {
  id: string;
  label: string;
  invalid: FieldInvalid;
  hint?: ReactNode;
  /** Filled by the form from other fields (the sale's kilos from its bags). */
  readOnly?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} invalid={invalid} hint={hint} registration={registration}>
      {(control) => <input {...control} {...DECIMAL_INPUT} readOnly={readOnly} />}
    </Field>
  );
}
