import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { CountSheetLot } from '#shared/schemas/stock-counts.js';
import { countBody, countedKg, differenceG, largeDifferences, sheetTotals, valueCents } from '#web/features/stock-counts/count-sheet-values.js';

// The count sheet's arithmetic (docs/product-guide.md#recuento-de-inventario).
const lot = (change: Partial<CountSheetLot> = {}): CountSheetLot => ({
  kind: 'roasted',
  id: 7,
  batch_code: 'CO-R7',
  name: 'Colombia · Medio',
  origin_name: 'Colombia',
  origin_ids: [1],
  date: '2024-03-15',
  stock_kg: 5,
  cost_per_kg: 12.34,
  ...change,
});

describe('la hoja de recuento', () => {
  it('lee los Kg contados con coma o punto decimal, y nada que no sea un recuento', () => {
    expect(countedKg('4,5')).toBe(4.5);
    expect(countedKg(' 4.125 ')).toBe(4.125);
    expect(countedKg('0')).toBe(0);
    for (const text of ['', '  ', 'cuatro', '4.1234', '-1', '4,5,6', undefined]) expect(countedKg(text)).toBeUndefined();
  });

  it('calcula la diferencia exacta en gramos y su valor al coste, redondeado una vez', () => {
    expect(differenceG(lot(), '4,875')).toBe(-125);
    expect(differenceG(lot({ stock_kg: 0.1 }), '0.3')).toBe(200);
    // 125 g at 12.34 $/Kg = 1.5425 $ → 154 cents; the same taken away → −154.
    expect(valueCents(lot(), 125)).toBe(154);
    expect(valueCents(lot(), -125)).toBe(-154);
    expect(valueCents(lot({ cost_per_kg: null }), 125)).toBeNull();
  });

  it('pide una segunda confirmación de las diferencias de más del 10 % del lote o de más de 5 Kg, nombrando esos lotes', () => {
    const lots = [lot(), lot({ kind: 'green', id: 8, batch_code: 'CO-V8', stock_kg: 100 }), lot({ kind: 'blend', id: 2, batch_code: 'MZ-2', stock_kg: 0.999 })];
    const body = (counted: Record<string, string>) => {
      const checked = countBody(lots, { reason: 'recuento', note: '', counted });
      if (!checked.body) throw new Error(checked.error);
      return checked.body;
    };
    // 10 % of 5 Kg is 0.5 Kg: 4.5 is not beyond it, 4.499 is; of 100 Kg the 5 Kg come first.
    expect(largeDifferences(lots, body({ 'roasted-7': '4,5', 'green-8': '95', 'blend-2': '0.9' }))).toEqual([]);
    expect(largeDifferences(lots, body({ 'roasted-7': '4.499', 'green-8': '94.999', 'blend-2': '1' }))).toEqual([
      { code: 'CO-R7', expectedKg: 5, countedKg: 4.499 },
      { code: 'CO-V8', expectedKg: 100, countedKg: 94.999 },
    ]);
    // The typo of the 999,999 kg count.
    const typo = largeDifferences(lots, body({ 'roasted-7': '999999' }));
    expect(typo).toEqual([{ code: 'CO-R7', expectedKg: 5, countedKg: 999_999 }]);
    expect(m.confirmLarge(typo, defaultFormatter)).toBe(
      'Este lote cambia más del 10 % o más de 5 Kg: CO-R7 (esperado 5.00 Kg, contado 999999.00 Kg). ¿Son correctos los Kg contados?',
    );
    expect(m.confirmLarge([{ code: 'MZ-2', expectedKg: 0.999, countedKg: 0 }, { code: 'CO-R7', expectedKg: 5, countedKg: 6 }], defaultFormatter)).toBe(
      'Estos lotes cambian más del 10 % o más de 5 Kg: MZ-2 (esperado 0.999 Kg, contado 0.00 Kg); CO-R7 (esperado 5.00 Kg, contado 6.00 Kg). ¿Son correctos los Kg contados?',
    );
  });

  it('suma solo los lotes con algo escrito: cuántos, cuántos difieren y el valor de las diferencias', () => {
    const lots = [lot(), lot({ kind: 'green', id: 7, cost_per_kg: 5 }), lot({ kind: 'blend', id: 2 })];
    expect(sheetTotals(lots, { 'roasted-7': '4', 'green-7': '5', 'blend-2': '' })).toEqual({ lines: 2, adjusted: 1, cents: -1234 });
  });

  it('envía una línea por lote contado, con el stock mostrado como esperado, y comprueba las reglas del servidor antes', () => {
    const lots = [lot(), lot({ kind: 'green', id: 3, stock_kg: 2.5 })];
    expect(countBody(lots, { counted: { 'roasted-7': '4,9' }, reason: 'merma', note: '' })).toEqual({
      body: { reason: 'merma', note: null, lines: [{ lot_kind: 'roasted', lot_id: 7, expected_kg: 5, counted_kg: 4.9 }] },
    });
    expect(countBody(lots, { counted: {}, reason: 'merma', note: '' }).error).toBe(m.noLines);
    expect(countBody(lots, { counted: { 'green-3': '-1' }, reason: 'merma', note: '' }).error).toBe(m.countedNegative);
    expect(countBody(lots, { counted: { 'green-3': 'dos' }, reason: 'merma', note: '' }).error).toBe(m.countedRequired);
    expect(countBody(lots, { counted: { 'green-3': '2' }, reason: '', note: '' }).error).toBe(m.reasonRequired);
    expect(countBody(lots, { counted: { 'green-3': '2' }, reason: 'otro', note: ' ' }).error).toBe('Con el motivo «Otro», escribe una nota que explique el ajuste.');
  });
});
