import type { InputHTMLAttributes } from 'react';
import { EARLIEST_DATE } from '#shared/limits.js';
import { localIsoDate } from '#shared/local-date.js';
import { commonMessages } from '#shared/messages.js';
import { Field, type FieldInvalid, type FieldRegistration } from './field.js';

/**
 * Which days a date field takes, as the shared schemas check them:
 * - 'business': an entry, roast, blend or sale date, from 01/01/2000 to today
 *   (businessDateSchema in #shared/schemas/common);
 * - 'range': a report's Desde/Hasta, from 01/01/2000 (reportRangeQuerySchema);
 * - 'upcoming': an order's 'Fecha de entrega', today or later (the orders' body schema), whose
 *   hint the caller words in its area's messages (messages.ts is in the first visit's code).
 */
export type DateFieldKind = 'business' | 'range' | 'upcoming';

/**
 * A labelled date input on <Field> that reads and writes dd/mm/aaaa, as Spain
 * does, whatever the browser's language; the form turns the text into the
 * API's YYYY-MM-DD with `isoDateOrAsTyped` (#web/lib/form-values) and the
 * shared zod schema decides what is valid.
 * A text input rather than <input type="date">: the native one shows
 * mm/dd/yyyy in an English browser, and building the first one on a page
 * loads the locale's date data, a long task on every form screen's first paint.
 * The days it takes are said twice: under it, in words ('dd/mm/aaaa, del
 * 01/01/2000 a hoy'), and in `min`/`max` (YYYY-MM-DD, as a date input writes
 * them) for tools and tests; the schema, not the browser, refuses the rest.
 */
export function DateField({ id, label, kind, hint: ownHint, invalid, registration }: {
  id: string;
  label: string;
  kind: DateFieldKind;
  /** The days it takes in words, for an 'upcoming' date ('dd/mm/aaaa, de hoy en adelante'). */
  hint?: string;
  invalid: FieldInvalid;
  registration: FieldRegistration;
}) {
  const hint = ownHint ?? (kind === 'business' ? commonMessages.dateHint : commonMessages.rangeDateHint);
  return (
    <Field id={id} label={label} hint={hint} invalid={invalid} registration={registration}>
      {(control) => <DateInput kind={kind} {...control} />}
    </Field>
  );
}

/**
 * DateField's input alone, for a date typed where a labelled field does not fit: a table's
 * cell, named by its `aria-label` (the Artisan import's row, docs/product-guide.md#artisan-import).
 * Same dd/mm/aaaa text and same `min`/`max`; the caller turns the text into YYYY-MM-DD with
 * `isoDateOrAsTyped` (#web/lib/form-values).
 */
export function DateInput({ kind, ...input }: { kind: DateFieldKind } & InputHTMLAttributes<HTMLInputElement>) {
  // Today in the browser's time zone when the form renders, as the schema's rule reads it.
  const today = localIsoDate();
  const max = kind === 'business' ? today : undefined;
  const min = kind === 'upcoming' ? today : EARLIEST_DATE;
  return <input {...input} inputMode="numeric" autoComplete="off" placeholder="dd/mm/aaaa" maxLength={10} min={min} max={max} />;
}
