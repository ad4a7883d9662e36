import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import type { Order } from '#shared/schemas/orders.js';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { emptyLine, formatOptions, lineKg, orderToValues, toOrderBody } from '#web/features/orders/order-form-values.js';
import { productGroups, productOf, productValue } from '#web/lib/plan-products.js';

const formats: SaleFormat[] = [
  { id: 1, version: 1, name: 'Bolsa 250 g', grams: 250, active: true },
  { id: 2, version: 1, name: 'Bolsa 5 kg', grams: 5000, active: false },
];

// The order form (docs/product-guide.md#pedidos): a line's product is one select value, the plan's units.
describe('order form values', () => {
  it("writes a roasted product as its origin and roast type and a blend product as its recipe, and reads them back", () => {
    const roasted = { kind: 'tostado', origin_id: 12, roast_type: 'Medio' } as const;
    expect(productValue(roasted)).toBe('tostado:12:Medio');
    expect(productOf('tostado:12:Medio')).toEqual(roasted);
    expect(productOf(productValue({ kind: 'mezcla', recipe_id: 3 }))).toEqual({ kind: 'mezcla', recipe_id: 3 });
    expect(productOf('')).toBeUndefined();
  });

  it('offers every origin in each roast type, then every recipe', () => {
    const groups = productGroups([{ id: 12, name: 'Colombia' } as never], [{ id: 3, name: 'Casa' } as never]);
    expect(groups.map((group) => [group.label, group.options.map((option) => option.label)])).toEqual([
      ['Café Tostado', ['Colombia · Claro', 'Colombia · Medio', 'Colombia · Oscuro']],
      ['Café Mezcla', ['Casa']],
    ]);
  });

  it("offers 'A granel' and the active formats, and an inactive one only to the line that already has it", () => {
    expect(formatOptions(formats, new Set()).map((option) => option.label)).toEqual(['A granel', 'Bolsa 250 g']);
    expect(formatOptions(formats, new Set([2])).map((option) => option.label)).toEqual(['A granel', 'Bolsa 250 g', 'Bolsa 5 kg']);
  });

  it("counts a line's kilos as bags × grams, or the bulk kilos as typed; nothing for half-typed or fractional bags", () => {
    expect(lineKg({ ...emptyLine(), format_id: '1', quantity: '20' }, formats)).toBe(5);
    expect(lineKg({ ...emptyLine(), quantity: '2,5' }, formats)).toBe(2.5);
    expect(lineKg({ ...emptyLine(), format_id: '1', quantity: '2,5' }, formats)).toBeUndefined();
    expect(lineKg({ ...emptyLine(), quantity: '' }, formats)).toBeUndefined();
  });

  it("sends the chosen customer's id, a typed and unchosen one as text (refused by the schema), the ISO due date and each line", () => {
    const values = {
      customer_id: '7',
      customer_search: '',
      due_date: '24/12/2030',
      notes: '',
      repeat_weeks: '1',
      lines: [{ product: 'mezcla:3', format_id: '1', quantity: '20', unit_price: '18,50', grind: 'molido' as const }],
    };
    expect(toOrderBody(values)).toEqual({
      customer_id: 7,
      due_date: '2030-12-24',
      notes: '',
      repeat_weeks: 1,
      lines: [{ product: { kind: 'mezcla', recipe_id: 3 }, format_id: 1, quantity: 20, unit_price: 18.5, grind: 'molido' }],
    });
    expect(toOrderBody({ ...values, customer_id: '', customer_search: 'Sol', repeat_weeks: '' })).toMatchObject({ customer_id: 'Sol', repeat_weeks: null });
  });

  it('loads an order to edit with its figures as text', () => {
    const order = {
      customer_id: 7,
      due_date: '2030-12-24',
      notes: null,
      repeat_weeks: null,
      lines: [{ product: { kind: 'tostado', origin_id: 12, roast_type: 'Oscuro' }, format_id: null, quantity: 2.5, unit_price: 18, grind: 'grano' }],
    } as unknown as Order;
    expect(orderToValues(order, defaultFormatter)).toEqual({
      customer_id: '7',
      customer_search: '',
      due_date: '24/12/2030',
      notes: '',
      repeat_weeks: '',
      lines: [{ product: 'tostado:12:Oscuro', format_id: '', quantity: '2.5', unit_price: '18.00', grind: 'grano' }],
    });
  });
});
