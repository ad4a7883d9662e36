import { planningMessages as m } from '#shared/planning-messages.js';
import { type Horizon, HORIZONS } from './plan-view.js';

/**
 * 'Horizonte': 7, 14 or 28 days, one choice, applied at once (the page keeps it in the URL).
 * The radios keep their own state: the router applies a new address in a transition, and a
 * controlled radio would show the old choice until it commits. Remounted (key) when the
 * address changes otherwise (back, a link).
 */
export function HorizonPicker({ value, onChange }: { value: Horizon; onChange: (horizon: Horizon) => void }) {
  return (
    <fieldset key={value} className="plan-horizon">
      <legend className="plan-horizon__legend">{m.horizon}</legend>
      <div className="plan-horizon__options">
        {HORIZONS.map((horizon) => (
          <label key={horizon} className="plan-horizon__option">
            <input type="radio" name="horizonte" value={horizon} defaultChecked={horizon === value} onChange={() => onChange(horizon)} />
            {m.horizonOption(horizon)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
