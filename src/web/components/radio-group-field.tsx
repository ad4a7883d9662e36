/** One choice of a <RadioGroupField>: the value it gives and the text beside its radio. */
export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
}

/** The group's classes: the fieldset, its legend, a box around the options (none without it) and each option's label. */
export interface RadioGroupClasses {
  group?: string;
  legend?: string;
  options?: string;
  option?: string;
}

/**
 * One choice among a few, as radios in a fieldset named by its legend: each radio's label is tied
 * to it (a click on the text chooses it), and the arrow keys move the choice within the group (one
 * `name`). `value` keeps the choice in the screen's state; `defaultValue` leaves it to the radios,
 * for a choice the screen applies elsewhere (the plan's horizon, in the address: its picker is
 * remounted with a `key` when the address changes otherwise).
 */
export function RadioGroupField<Value extends string>({ legend, name, options, value, defaultValue, onChange, classes = {} }: {
  legend: string;
  /** The radios' shared name: one group for the keyboard and the browser. */
  name: string;
  options: readonly RadioOption<Value>[];
  value?: Value;
  defaultValue?: Value;
  onChange: (value: Value) => void;
  classes?: RadioGroupClasses;
}) {
  const radios = options.map((option) => (
    <label key={option.value} className={classes.option}>
      <input
        type="radio"
        name={name}
        value={option.value}
        {...(value === undefined ? { defaultChecked: option.value === defaultValue } : { checked: option.value === value })}
        onChange={() => onChange(option.value)}
      />
      {option.label}
    </label>
  ));
  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{legend}</legend>
      {classes.options ? <div className={classes.options}>{radios}</div> : radios}
    </fieldset>
  );
}
