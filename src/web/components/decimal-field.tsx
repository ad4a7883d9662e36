import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.js';

/**
 * The finest step each kind of quantity takes: the server keeps kilos to the
 * gram and prices to the cent, and price inputs step 0.01
 * (docs/product-guide.md#business-constants).
 */
const STEP = { kg: '0.001', price: '0.01' } as const;

/**
 * A labelled decimal input for kilos or a price, on <Field>. It holds the text
 * as typed (quantities and prices load as text, docs/product-guide.md#screens); the form's shared zod
 * schema decides what is valid, so the browser's own number checks stay out of the way.
 */
export function DecimalField({ id, label, kind, invalid, hint, registration }: {
  id: string;
  label: string;
  kind: keyof typeof STEP;
  invalid: boolean | undefined;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} invalid={invalid} hint={hint} registration={registration}>
      {(control) => <input {...control} type="number" inputMode="decimal" min="0" step={STEP[kind]} />}
    </Field>
  );
}
