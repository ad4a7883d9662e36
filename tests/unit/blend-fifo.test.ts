import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { type BlendFormValues, fifoDraws, lotKey, type RoastedLotOption } from '#web/features/blended-coffee/blend-form-values.js';

// 'Rellenar lotes (más antiguos primero)' (docs/product-guide.md#cafe-mezcla) follows the recipe component's roast type.
const lot = (id: number, roast_type: string, roast_date: string, kg: number): RoastedLotOption => ({
  id,
  origin_id: 1,
  batch_code: `HU-R${id}`,
  roast_type,
  roast_date,
  availableG: kg * 1000,
});
const lots = [lot(1, 'Medio', '2026-11-01', 2), lot(2, 'Oscuro', '2026-11-02', 3), lot(3, 'Oscuro', '2026-11-03', 5)];
const values = (recipe_id: string): BlendFormValues => ({
  recipe_id,
  name: 'Espresso',
  total_quantity_kg: '4',
  creation_date: '01/12/2026',
  batch_code: '',
  components: [{ origin_id: '1', percentage: '100', draws: {} }],
});
const recipe = (roast_type: 'Oscuro' | null) => ({ id: 7, components: [{ origin_id: 1, origin_name: 'Huila', percentage: 100, roast_type }] });

describe("'Rellenar lotes' and the recipe's roast types", () => {
  it("takes only the lots of the roast type the chosen recipe's component names, oldest first", () => {
    expect(fifoDraws(values('7'), lots, [recipe('Oscuro')], defaultFormatter)?.[0]?.draws).toEqual({ [lotKey(2)]: '3', [lotKey(3)]: '1' });
  });

  it('takes every roast type, oldest first, when the component names none or no recipe is chosen', () => {
    expect(fifoDraws(values('7'), lots, [recipe(null)], defaultFormatter)?.[0]?.draws).toEqual({ [lotKey(1)]: '2', [lotKey(2)]: '2' });
    expect(fifoDraws(values(''), lots, [recipe('Oscuro')], defaultFormatter)?.[0]?.draws).toEqual({ [lotKey(1)]: '2', [lotKey(2)]: '2' });
  });
});
