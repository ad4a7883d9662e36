import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { type GreenLotOption, prefilledRoastValues } from '#web/features/roasted-coffee/roast-form-values.js';
import { readRoastPrefill, roastPrefillPath } from '#web/lib/roast-prefill.js';

const lots: GreenLotOption[] = [{ id: 7, origin_id: 1, origin_name: 'Huila', batch_code: 'HU-V1', availableG: 20_000 }];
const read = (path: string) => readRoastPrefill(new URL(path, 'http://cafe.test').searchParams);

// 'Tostar' on the roast plan (docs/product-guide.md#roast-plan) opens the roast form filled in.
describe("roast plan 'Tostar': the roast form's address", () => {
  it('writes the green lot, the kg and the roast type, and reads them back', () => {
    const path = roastPrefillPath({ greenLotId: 7, kg: 4.118, roastType: 'Medio' });
    expect(path).toBe('/cafe-tostado?verde=7&kg=4.118&tueste=Medio');
    expect(read(path)).toEqual({ greenLotId: 7, kg: 4.118, roastType: 'Medio' });
  });

  it('ignores each part that is malformed, and an address with none', () => {
    expect(read('/cafe-tostado')).toBeUndefined();
    expect(read('/cafe-tostado?verde=0&kg=-1&tueste=')).toBeUndefined();
    expect(read('/cafe-tostado?verde=7&kg=1.2345&tueste=<b>')).toEqual({ greenLotId: 7 });
    expect(read('/cafe-tostado?verde=x&kg=12,5&tueste=Claro')).toEqual({ roastType: 'Claro' });
  });

  it('fills the form with what the select and the list offer, the rest as a new roast starts', () => {
    const values = prefilledRoastValues({ greenLotId: 7, kg: 4.118, roastType: 'Oscuro' }, lots, defaultFormatter);
    expect(values).toMatchObject({ origin_filter: '', green_coffee_id: '7', quantity_green_kg: '4.118', resultant_kg: '', roast_type: 'Oscuro', batch_code: '' });
    expect(values.roast_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // A lot without stock left is not offered, a type outside the list is not one: both stay empty.
    expect(prefilledRoastValues({ greenLotId: 8, kg: 1, roastType: 'Quemado' }, lots, defaultFormatter)).toMatchObject({ green_coffee_id: '', quantity_green_kg: '1', roast_type: '' });
  });
});
