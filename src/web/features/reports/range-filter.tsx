import { useForm, useWatch } from 'react-hook-form';
import { reportRangeQuerySchema } from '#shared/schemas/reports.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { SelectField } from '#web/components/select-field.js';
import { PERIODS, type Period, type RangeChoice } from './report-range.js';

interface RangeFormValues {
  period: Period;
  from: string;
  to: string;
}

/**
 * The period select (this month, last 3 months, this year, all, custom): a
 * preset applies at once; 'Personalizado' shows two dates and 'Aplicar',
 * checked with the API's own schema so both say the same Spanish message.
 */
export function RangeFilter({ choice, onChange }: { choice: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const { register, handleSubmit, control, setError, formState } = useForm<RangeFormValues>({ values: choice });
  const period = useWatch({ control, name: 'period' });
  const message = formState.errors.root?.message;

  const apply = handleSubmit((values) => {
    const checked = reportRangeQuerySchema.safeParse({ from: values.from || undefined, to: values.to || undefined });
    if (!checked.success) {
      setError('root', { message: checked.error.issues[0]?.message ?? '' });
      return;
    }
    onChange({ period: 'personalizado', from: values.from, to: values.to });
  });

  const periodRegistration = register('period', {
    onChange: (event: { target: { value: Period } }) => {
      if (event.target.value !== 'personalizado') onChange({ period: event.target.value, from: '', to: '' });
    },
  });

  return (
    <form className="card report-range" aria-label="Filtro de fechas del reporte" onSubmit={apply} noValidate>
      <div className="report-range__fields">
        <SelectField id="report-period" label="Periodo" options={PERIODS} registration={periodRegistration} />
        {period === 'personalizado' && (
          <>
            <Field id="report-from" label="Desde" invalid={Boolean(message)} registration={register('from')}>
              {(control) => <input {...control} type="date" />}
            </Field>
            <Field id="report-to" label="Hasta" invalid={Boolean(message)} registration={register('to')}>
              {(control) => <input {...control} type="date" />}
            </Field>
            <button type="submit" className="btn btn-primary report-range__apply">
              Aplicar
            </button>
          </>
        )}
      </div>
      <FormAlert message={message} />
    </form>
  );
}
