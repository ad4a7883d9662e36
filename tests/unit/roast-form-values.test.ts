import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import {
  generateRoastLotCode,
  type GreenLotOption,
  greenLotLabel,
  lotsOfOrigin,
  roastToValues,
} from '#web/features/roasted-coffee/roast-form-values.js';

const lots: GreenLotOption[] = [
  { id: 1, origin_id: 10, origin_name: 'Colombia', batch_code: '15-03-24', availableG: 12_500 },
  { id: 2, origin_id: 20, origin_name: 'Etiopía', batch_code: 'ET-1', availableG: 1_005 }, // 1.005 kg: every gram shown, never rounded up to 1.01
  { id: 3, origin_id: 10, origin_name: 'Colombia', batch_code: '16-03-24', availableG: 0 },
];
const origins = [
  { id: 10, name: 'Colombia' },
  { id: 20, name: 'Etiopía' },
  { id: 30, name: 'Brasil' },
];
const fixedRandom = () => 0.5; // randomLotNumber → 1000 + floor(0.5 × 9000) = 5500

describe('roast form: the lots the select offers (the origin filter narrows them)', () => {
  it('offers every lot without a filter and only the origin\'s lots with one', () => {
    expect(lotsOfOrigin(lots, '').map((lot) => lot.id)).toEqual([1, 2, 3]);
    expect(lotsOfOrigin(lots, '10').map((lot) => lot.id)).toEqual([1, 3]);
    expect(lotsOfOrigin(lots, '30')).toEqual([]);
  });

  it('labels a lot with its code, origin and the exact kilos available (docs/decisions/0039-stock-never-above-entry.md)', () => {
    expect(greenLotLabel(lots[0]!, defaultFormatter)).toBe('15-03-24 · Colombia · 12.50 Kg disponibles');
    expect(greenLotLabel(lots[1]!, defaultFormatter)).toBe('ET-1 · Etiopía · 1.005 Kg disponibles');
  });
});

describe("roast form: 'Generar Lote' (CO-010124-1234)", () => {
  it("uses the chosen lot's origin and the roast date", () => {
    const values = { green_coffee_id: '2', origin_filter: '10', roast_date: '01/01/2024' };
    expect(generateRoastLotCode(values, lots, origins, fixedRandom)).toEqual({ code: 'ET-010124-5500' });
  });

  it('uses the filtered origin before a lot is chosen', () => {
    const values = { green_coffee_id: '', origin_filter: '30', roast_date: '15/03/2024' };
    expect(generateRoastLotCode(values, lots, origins, fixedRandom)).toEqual({ code: 'BR-150324-5500' });
  });

  it('reads the date as typed: day first, from a digit pad, or ISO', () => {
    for (const roastDate of ['5/3/2024', '05-03-2024', '05032024', '2024-03-05']) {
      expect(generateRoastLotCode({ green_coffee_id: '2', origin_filter: '', roast_date: roastDate }, lots, origins, fixedRandom)).toEqual({ code: 'ET-050324-5500' });
    }
  });

  it('asks for an origin and a real date first', () => {
    expect(generateRoastLotCode({ green_coffee_id: '', origin_filter: '', roast_date: '2024-01-01' }, lots, origins)).toEqual({
      message: 'Por favor, selecciona un Origen del Café Verde y una Fecha de Tostado para generar el lote.',
    });
    expect(generateRoastLotCode({ green_coffee_id: '1', origin_filter: '', roast_date: '30/02/2024' }, lots, origins)).toEqual({
      message: roastedCoffeeMessages.lotCodeNeedsOriginAndDate,
    });
  });

  it('answers its own message when the origin is not known', () => {
    expect(generateRoastLotCode({ green_coffee_id: '99', origin_filter: '', roast_date: '2024-01-01' }, lots, origins)).toEqual({
      message: roastedCoffeeMessages.lotCodeOriginNotFound,
    });
  });
});

describe('roast form: an edited roast loads as text', () => {
  it('turns numbers into the text the inputs hold (the cupping score too), the date into dd/mm/aaaa, and leaves the filter empty', () => {
    const values = roastToValues({
      id: 7,
      green_coffee_id: 1,
      quantity_green_kg: 12.5,
      resultant_kg: 10.25,
      roast_type: 'Medio',
      roast_date: '2024-03-15',
      batch_code: 'CO-150324-1234',
      notes: 'Tueste uniforme',
      cupping_score: 86.75,
    } as never, defaultFormatter);
    expect(values).toEqual({
      origin_filter: '',
      green_coffee_id: '1',
      quantity_green_kg: '12.5',
      resultant_kg: '10.25',
      roast_type: 'Medio',
      roast_date: '15/03/2024',
      batch_code: 'CO-150324-1234',
      notes: 'Tueste uniforme',
      cupping_score: '86.75',
    });
  });
});
