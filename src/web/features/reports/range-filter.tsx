import { type FormEvent, useEffect, useState } from 'react';
import { formatDate } from '#shared/format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { DateField } from '#web/components/date-field.js';
import type { ControlledField } from '#web/components/field.js';
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

const typedOf = (choice: RangeChoice): RangeFormValues => ({ period: choice.period, from: formatDate(choice.from), to: formatDate(choice.to) });

const sameChoice = (one: RangeChoice, other: RangeChoice) => one.period === other.period && one.from === other.from && one.to === other.to;

/**
 * The API's own schema for a range, downloaded when 'Personalizado' is chosen:
 * with zod it is ~35 KB gzip that the reports themselves never need, and
 * evaluating zod and react-hook-form, the shared schemas and the first useForm were
 * about a tenth of the page load's busy time (docs/performance.md, Lighthouse).
 */
const loadRangeSchema = async () => (await import('#shared/schemas/reports.js')).reportRangeQuerySchema;

/**
 * The period select (this month, last 3 months, this year, all, custom): a
 * preset applies at once; 'Personalizado' shows two dates and 'Aplicar',
 * checked with the API's own schema so both say the same Spanish message.
 * Its values live in React state (ControlledField), not in react-hook-form:
 * the one form of /reportes, which loads no form library (see loadRangeSchema).
 */
export function RangeFilter({ choice, onChange }: { choice: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const [typed, setTyped] = useState(() => typedOf(choice));
  const [message, setMessage] = useState<string>();
  // The URL's choice can change under the form (back, a link): the inputs follow it.
  const [shown, setShown] = useState(choice);
  if (!sameChoice(shown, choice)) {
    setShown(choice);
    setTyped(typedOf(choice));
    setMessage(undefined);
  }

  const custom = typed.period === 'personalizado';
  useEffect(() => {
    if (custom) void loadRangeSchema().catch(() => {});
  }, [custom]);

  const field = (name: 'from' | 'to'): ControlledField => ({
    name,
    value: typed[name],
    onChange: async (event: { target: { value: string } }) => setTyped((values) => ({ ...values, [name]: event.target.value })),
  });
  const period: ControlledField = {
    name: 'period',
    value: typed.period,
    onChange: async (event: { target: { value: Period } }) => {
      const next = event.target.value;
      setTyped((values) => ({ ...values, period: next }));
      if (next !== 'personalizado') onChange({ period: next, from: '', to: '' });
    },
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const values = { from: isoDateOrAsTyped(typed.from), to: isoDateOrAsTyped(typed.to) };
    const schema = await loadRangeSchema().catch(() => undefined);
    if (!schema) {
      setMessage(m.rangeCheckFailed);
      return;
    }
    const checked = schema.safeParse({ from: values.from || undefined, to: values.to || undefined });
    if (!checked.success) {
      setMessage(checked.error.issues[0]?.message ?? '');
      return;
    }
    setMessage(undefined);
    onChange({ period: 'personalizado', from: values.from, to: values.to });
  };

  return (
    <form className="card report-range" aria-label="Filtro de fechas del reporte" onSubmit={(event) => void apply(event)} noValidate>
      <div className="report-range__fields">
        <SelectField id="report-period" label="Periodo" options={PERIODS} registration={period} />
        {custom && (
          <>
            <DateField id="report-from" label="Desde" kind="range" invalid={Boolean(message)} registration={field('from')} />
            <DateField id="report-to" label="Hasta" kind="range" invalid={Boolean(message)} registration={field('to')} />
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
