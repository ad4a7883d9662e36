import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { runOutAlertNote, runOutAlertText } from '#shared/planning-alert-messages.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import { daysBetween, isIdle, isoDaysAfter, roundToBatches, runOutOf } from '#server/features/planning/plan-rules.js';

// The roast plan's rules that home shares (docs/product-guide.md#roast-plan, #home).
describe('roast plan rules', () => {
  it('runs out after ⌊stock × 28 / out⌋ whole days, on today + those days; nothing out is no run-out', () => {
    expect(runOutOf(8500, 14_000, '2026-12-01')).toEqual({ days_left: 17, run_out_date: '2026-12-18' });
    // 11.6 kg at 3.5 kg per 28 days: 92.8 → 92 days, across the year's end.
    expect(runOutOf(11_600, 3500, '2026-12-01')).toEqual({ days_left: 92, run_out_date: '2027-03-03' });
    expect(runOutOf(0, 1000, '2026-12-01')).toEqual({ days_left: 0, run_out_date: '2026-12-01' });
    expect(runOutOf(5000, 0, '2026-12-01')).toEqual({ days_left: null, run_out_date: null });
  });

  it('counts calendar days between two dates, across months, years and a leap day, negative backwards', () => {
    expect(daysBetween('2026-12-01', '2026-12-15')).toBe(14);
    expect(daysBetween('2026-12-28', '2027-01-04')).toBe(7);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-12-03', '2026-12-01')).toBe(-2);
    expect(daysBetween('2026-12-01', isoDaysAfter('2026-12-01', 90))).toBe(90);
  });

  it('is idle only with nothing in and nothing out', () => {
    expect(isIdle({ in_g: 0, out_g: 0 })).toBe(true);
    expect(isIdle({ in_g: 0, out_g: 1 })).toBe(false);
    expect(isIdle({ in_g: 8500, out_g: 0 })).toBe(false);
  });

  it('rounds green up to whole batches of the capacity, and leaves it as it is without one', () => {
    expect(roundToBatches(5589, 2500)).toEqual({ green_g: 7500, batches: 3 });
    expect(roundToBatches(5000, 2500)).toEqual({ green_g: 5000, batches: 2 });
    expect(roundToBatches(1, 15_000)).toEqual({ green_g: 15_000, batches: 1 });
    expect(roundToBatches(0, 15_000)).toEqual({ green_g: 0, batches: 0 });
    expect(roundToBatches(5589, null)).toEqual({ green_g: 5589, batches: null });
  });

  it("words home's one run-out per lot, and what it means, in Spanish", () => {
    expect(runOutAlertText('Huila · Medio', { days_left: 26, run_out_date: '2026-12-28' })).toBe('Huila · Medio se agota el 28/12/2026, en 26 días');
    expect(runOutAlertText('Mezcla Casa', { days_left: 1, run_out_date: '2026-12-03' })).toBe('Mezcla Casa se agota el 03/12/2026, en 1 día');
    expect(runOutAlertText(null, { days_left: 0, run_out_date: '2026-12-02' })).toBe('esta mezcla se agota hoy, 02/12/2026');
    expect(runOutAlertText('Huila · Claro', { days_left: null, run_out_date: null })).toBe('Huila · Claro: sin salidas en 28 días');
    expect(runOutAlertNote).toBe(
      'Fechas del Plan de Tueste: cada café con todos sus lotes (o cada receta con todas sus mezclas), al ritmo de salida de los últimos 28 días.',
    );
  });

  it('words batches and the idle list in Spanish', () => {
    expect(m.batches(3, 2.5, defaultFormatter)).toBe('3 tuestes de 2.50 Kg');
    expect(m.batches(1, 15, defaultFormatter)).toBe('1 tueste de 15.00 Kg');
    expect(m.idleTitle(90)).toBe('Sin movimiento en 90 días');
    expect(m.idleNote(90)).toBe('Ni tuestes, ni ventas, ni mezclas en los últimos 90 días: el plan no los repone ni los lleva a la hoja de tueste.');
  });
});
