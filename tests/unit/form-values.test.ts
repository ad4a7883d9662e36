import { describe, expect, it } from 'vitest';
import { numberOrMissing } from '#web/lib/form-values.js';

// Forms hold what was typed as text (docs/decisions/0035-decimal-inputs-as-text.md); this turns it
// into the number the shared schema checks, so '69,5' kilos per bag are saved as 69.5, not 695.
describe('numberOrMissing', () => {
  it('reads a decimal comma or point', () => {
    expect(numberOrMissing('69,5')).toBe(69.5);
    expect(numberOrMissing('69.5')).toBe(69.5);
    expect(numberOrMissing(' 1,250 ')).toBe(1.25);
    expect(numberOrMissing('12')).toBe(12);
  });

  it('leaves an empty input missing, for the form\'s "required" message', () => {
    expect(numberOrMissing('')).toBeUndefined();
    expect(numberOrMissing('   ')).toBeUndefined();
  });

  it('makes anything but a plain decimal NaN, for the field\'s "not a number" message', () => {
    for (const text of ['1,5,0', '1.000,5', '1e3', 'Infinity', '0x10', 'diez', '1,5 kg']) expect(numberOrMissing(text)).toBeNaN();
  });
});
