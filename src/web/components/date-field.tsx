import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.js';

/**
 * A labelled date input on <Field> that reads and writes dd/mm/aaaa, as Spain
 * does, whatever the browser's language; the form turns the text into the
 * API's YYYY-MM-DD with `isoDateOrAsTyped` (#web/lib/form-values) and the
 * shared zod schema decides what is valid.
 * A text input rather than <input type="date">: the native one shows
 * mm/dd/yyyy in an English browser, and building the first one on a page
 * loads the locale's date data, a long task on every form screen's first paint.
 */
export function DateField({ id, label, invalid, registration }: {
  id: string;
  label: string;
  invalid: boolean | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} hint="dd/mm/aaaa" invalid={invalid} registration={registration}>
      {(control) => <input {...control} inputMode="numeric" autoComplete="off" placeholder="dd/mm/aaaa" maxLength={10} />}
    </Field>
  );
}
