import { useForm } from 'react-hook-form';
import { ACTION_NAMES, AREA_NAMES } from '#shared/activity-sentence.js';
import { formatDate } from '#shared/format.js';
import type { User } from '#shared/schemas/auth.js';
import type { ActivityFilters } from '#web/api/query-keys.js';
import { DateField } from '#web/components/date-field.js';
import { SubmitActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import type { SelectOption } from '#web/lib/form-values.js';
import { isoDateOrAsTyped } from '#web/lib/form-values.js';
import { checkActivityFilters } from './activity-filters.js';

/** What the inputs hold: the selects' values and the two dates as typed (dd/mm/aaaa); the URL and the API keep YYYY-MM-DD. */
interface FilterFormValues {
  user: string;
  area: string;
  action: string;
  from: string;
  to: string;
}

const namedOptions = (names: Record<string, string>): SelectOption[] => Object.entries(names).map(([value, label]) => ({ value, label }));
const AREA_OPTIONS = namedOptions(AREA_NAMES);
const ACTION_OPTIONS = namedOptions(ACTION_NAMES);

/** A user as the filter lists them: full name and username, the name the log's sentences use. */
const userOptions = (users: readonly User[]): SelectOption[] => users.map((user) => ({ value: String(user.id), label: `${user.full_name} (${user.username})` }));

const formValuesOf = (filters: ActivityFilters): FilterFormValues => ({
  user: filters.user === undefined ? '' : String(filters.user),
  area: filters.area ?? '',
  action: filters.action ?? '',
  from: filters.from ? formatDate(filters.from) : '',
  to: filters.to ? formatDate(filters.to) : '',
});

/**
 * The log's filters (docs/product-guide.md#actividad): user, area, action and a range of days.
 * 'Filtrar' applies them all at once (a select does not reload the list while the next one is
 * chosen), checked by the API's rules so both refuse with the same Spanish message;
 * 'Quitar filtros' shows the whole log again.
 */
export function ActivityFilterForm({ filters, users, onChange }: { filters: ActivityFilters; users: readonly User[]; onChange: (filters: ActivityFilters) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<FilterFormValues>({ values: formValuesOf(filters) });
  const message = formState.errors.root?.message;

  const apply = handleSubmit((typed) => {
    const checked = checkActivityFilters({ ...typed, from: isoDateOrAsTyped(typed.from), to: isoDateOrAsTyped(typed.to) });
    if ('error' in checked) {
      setError('root', { message: checked.error });
      return;
    }
    onChange(checked.filters);
  });

  return (
    <FormCard
      id="activity-filters"
      className="activity-filters"
      title="Filtros"
      onSubmit={apply}
      alert={message}
      actions={
        <SubmitActions label="Filtrar">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              reset(formValuesOf({}));
              onChange({});
            }}
          >
            Quitar filtros
          </button>
        </SubmitActions>
      }
    >
      <SelectField id="activity-user" label="Usuario" placeholder="Todos los usuarios" options={userOptions(users)} registration={register('user')} />
      <SelectField id="activity-area" label="Área" placeholder="Todas las áreas" options={AREA_OPTIONS} registration={register('area')} />
      <SelectField id="activity-action" label="Acción" placeholder="Todas las acciones" options={ACTION_OPTIONS} registration={register('action')} />
      {/* The two days side by side, on a phone too: the list starts higher on the screen. */}
      <div className="activity-filters__days">
        <DateField id="activity-from" label="Desde" kind="range" invalid={Boolean(message)} registration={register('from')} />
        <DateField id="activity-to" label="Hasta" kind="range" invalid={Boolean(message)} registration={register('to')} />
      </div>
    </FormCard>
  );
}
