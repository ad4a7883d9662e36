import { describe, expect, it } from 'vitest';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { CountSheetLot } from '#shared/schemas/stock-counts.js';
import { countBody, countedKg, differenceG, sheetTotals, valueCents } from '#web/features/stock-counts/count-sheet-values.js';

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
