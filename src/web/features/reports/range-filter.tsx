import { useForm, useWatch } from 'react-hook-form';
import { reportRangeQuerySchema } from '#shared/schemas/reports.js';
import { formatDate } from '#shared/format.js';
import { DateField } from '#web/components/date-field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { SelectField } from '#web/components/select-field.js';
import { isoDateOrAsTyped } from '#web/lib/form-values.js';
import { PERIODS, type Period, type RangeChoice } from './report-range.js';

/** What the inputs hold: the period and the two dates as typed (dd/mm/aaaa); the URL and the API keep YYYY-MM-DD. */
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
  const { register, handleSubmit, control, setError, formState } = useForm<RangeFormValues>({
    values: { period: choice.period, from: formatDate(choice.from), to: formatDate(choice.to) },
  });
  const period = useWatch({ control, name: 'period' });
  const message = formState.errors.root?.message;

  const apply = handleSubmit((typed) => {
    const values = { from: isoDateOrAsTyped(typed.from), to: isoDateOrAsTyped(typed.to) };
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
            <DateField id="report-from" label="Desde" kind="range" invalid={Boolean(message)} registration={register('from')} />
            <DateField id="report-to" label="Hasta" kind="range" invalid={Boolean(message)} registration={register('to')} />
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
