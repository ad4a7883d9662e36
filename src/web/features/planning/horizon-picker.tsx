import { planningMessages as m } from '#shared/planning-messages.js';
import { RadioGroupField } from '#web/components/radio-group-field.js';
import { type Horizon, HORIZONS } from './plan-view.js';

const HORIZON_OPTIONS = HORIZONS.map((horizon) => ({ value: String(horizon), label: m.horizonOption(horizon) }));

/**
 * 'Horizonte': 7, 14 or 28 days, one choice, applied at once (the page keeps it in the URL).
 * The radios keep their own state: the router applies a new address in a transition, and a
 * controlled radio would show the old choice until it commits. Remounted (key) when the
 * address changes otherwise (back, a link).
 */
export function HorizonPicker({ value, onChange }: { value: Horizon; onChange: (horizon: Horizon) => void }) {
  return (
    <RadioGroupField
      key={value}
      legend={m.horizon}
      name="horizonte"
      options={HORIZON_OPTIONS}
      defaultValue={String(value)}
      onChange={(chosen) => onChange(Number(chosen) as Horizon)}
      classes={{ group: 'plan-horizon', legend: 'plan-horizon__legend', options: 'plan-horizon__options', option: 'plan-horizon__option' }}
    />
  );
}
