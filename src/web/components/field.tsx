import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A control whose value lives in its screen's React state instead of a
 * react-hook-form form: /reportes' period filter, the one form of a screen
 * that loads neither zod nor react-hook-form (range-filter.tsx, docs/performance.md).
 */
export interface ControlledField extends Pick<UseFormRegisterReturn, 'name' | 'onChange'> {
  value: string;
}

/** How a control is wired: react-hook-form's `register('x')`, or a ControlledField. */
export type FieldRegistration = UseFormRegisterReturn | ControlledField;

/** What a `Field` hands its control: spread it on the input, select or textarea. */
export interface FieldControlProps extends Partial<UseFormRegisterReturn> {
  value?: string;
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * What a check says of a control (invalidFields in #web/lib/form-feedback): nothing; `true`,
 * marked aria-invalid while the form's alert says what is missing (the spec's "complete every
 * field" text); or the field's own message ('Cantidad (Kg): escribe un número, con coma o punto
 * decimal.'), shown under it as well (docs/product-guide.md#validation-rules).
 */
export type FieldInvalid = boolean | string | undefined;

export interface FieldProps {
  /** The control's id; the hint and error take `${id}-hint` / `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Small help text under the control, announced with it (aria-describedby). */
  hint?: ReactNode;
  /**
   * A message shown under the control, for a control outside react-hook-form
   * (a search's own problem). Forms pass `invalid` instead.
   */
  error?: string | undefined;
  /**
   * Marks the control aria-invalid; a string is its own message, shown under it
   * too. The form's <FormAlert> still says the form's one message (a save answers
   * one, docs/product-guide.md#validation-rules), like an error summary.
   */
  invalid?: FieldInvalid;
  /** Spans the whole row of the .form-grid. */
  wide?: boolean;
  /** More ids the control is described by (e.g. a list the field renders in `after`). */
  describedBy?: string;
  /** Rendered after the hint and error, inside the field (e.g. the chips a control adds). */
  after?: ReactNode;
  /**
   * react-hook-form's `register('x')`, handed to the control with the rest.
   * Pass it here, not inside `children`: `children` runs after the form's own
   * render, and react-hook-form focuses the first invalid field in the order
   * fields were registered, so registering inside it would move the focus
   * after a failed save to a later field.
   */
  registration?: FieldRegistration;
  /** The control, given its id, aria attributes and registration: `(control) => <input {...control} />`. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled form control: the label, the control, its hint and its error,
 * with `id`, `aria-invalid` and `aria-describedby` wired here once, so every
 * form reads as a list of fields. Use it for every control of a form:
 *
 * ```tsx
 * <Field id="origin-name" label="Nombre del Origen" invalid={invalid('name')} registration={register('name')}>
 *   {(control) => <input {...control} autoComplete="off" />}
 * </Field>
 * ```
 *
 * Kilos and prices use <DecimalField>, selects <SelectField>, both built on
 * this one; a form's card, alert and buttons come from <FormCard>.
 */
export function Field({ id, label, hint, error, invalid, wide, describedBy, after, registration, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const message = error ?? (typeof invalid === 'string' && invalid !== '' ? invalid : undefined);
  const errorId = message ? `${id}-error` : undefined;
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        ...registration,
        id,
        'aria-invalid': invalid || message ? true : undefined,
        'aria-describedby': describedByIds === '' ? undefined : describedByIds,
      })}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {message && (
        <span id={errorId} className="field__error">
          {message}
        </span>
      )}
      {after}
    </div>
  );
}
