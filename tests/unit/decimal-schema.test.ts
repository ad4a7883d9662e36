import { describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { decimalSchema } from '#shared/schemas/common.js';
import { greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import { originBodySchema } from '#shared/schemas/origins.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('decimalSchema', () => {
  it('refuses more decimals than the field keeps, including tiny numbers JS writes as 1e-7', () => {
    expect(firstMessage(decimalSchema(3, 'falta').safeParse(1.0005))).toBe('Usa como máximo 3 decimales.');
    expect(firstMessage(decimalSchema(3, 'falta').safeParse(1e-7))).toBe(commonMessages.tooManyDecimals(3));
    expect(decimalSchema(2, 'falta').safeParse(19.99).success).toBe(true);
  });

  it('lets a huge whole number reach the field’s own limit instead of the decimals message', () => {
    expect(decimalSchema(3, 'falta').safeParse(1e21).success).toBe(true);
    const green = greenCoffeeBodySchema.safeParse({
      origin_id: 1, supplier_finca: 'Finca', quantity_kg: 1e308, unit_price: 5, entry_date: '2024-03-15', batch_code: 'L1',
    });
    expect(firstMessage(green)).toBe(greenCoffeeMessages.quantityTooLarge);
    const origin = originBodySchema.safeParse({ name: 'Colombia', kilos_per_bag: 1e25, suppliers_fincas: ['Finca'] });
    expect(firstMessage(origin)).toBe(originMessages.kilosPerBagTooLarge);
  });
});
