import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.js';

/**
 * The finest step each kind of quantity takes: the server keeps kilos to the
 * gram and prices to the cent (DESIGN.md section 1), and spec 9 says "The price
 * input step is 0.01".
 */
const STEP = { kg: '0.001', price: '0.01' } as const;

/**
 * A labelled decimal input for kilos or a price, on <Field>. It holds the text
 * as typed (spec 4: quantities and prices load as text); the form's shared zod
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
