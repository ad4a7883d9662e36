import { describe, expect, it } from 'vitest';
import { defaultFormatter } from '#shared/format.js';
import { planningMessages as m } from '#shared/planning-messages.js';
import type { BlendPlan, Planning, RoastedPlan } from '#shared/schemas/planning.js';
import { blendsToMake, idleUnits, ordersInHorizon, readHorizon, riskOf, roastedToRoast, unitRisk, unitsAtRisk } from '#web/features/planning/plan-view.js';

const pace = { stock_kg: 10, out_kg: 14, kg_per_day: 0.5, threshold_kg: 5, ordered_kg: 0, orders: [], uncovered_order_date: null, need_kg: 0, idle: false };
const roasted = (origin_name: string, days_left: number | null, need_kg = 0): RoastedPlan => ({
  ...pace,
  origin_id: origin_name.length,
  origin_name,
  roast_type: 'Medio',
  days_left,
  run_out_date: days_left === null ? null : `2026-12-${String(1 + days_left).padStart(2, '0')}`,
  need_kg,
  yield: 0.85,
  yield_note: null,
  green_kg: 0,
  batches: null,
  green_lots: [],
  shortfall_kg: 0,
});
const blend = (recipe_name: string, days_left: number | null, need_kg = 0): BlendPlan => ({
  ...pace,
  recipe_id: recipe_name.length,
  recipe_name,
  days_left,
  run_out_date: days_left === null ? null : `2026-12-${String(1 + days_left).padStart(2, '0')}`,
  need_kg,
  components: [],
});

// /planificacion (docs/product-guide.md#roast-plan): the horizon in the URL and the risk of each unit.
describe('roast plan screen: horizon and risk', () => {
  it('reads ?horizonte= as 7, 14 or 28 days; anything else is the default 14', () => {
    expect(readHorizon(new URLSearchParams('horizonte=7'))).toBe(7);
    expect(readHorizon(new URLSearchParams('horizonte=28'))).toBe(28);
    for (const other of ['', 'horizonte=', 'horizonte=15', 'horizonte=abc', 'horizonte=7.0x', 'horizonte=90']) expect(readHorizon(new URLSearchParams(other)), other).toBe(14);
  });

  it('is urgent (red) within the horizon, soon (amber) within twice it, else nothing; no pace is no risk', () => {
    expect([0, 14, 15, 28, 29].map((days) => riskOf(days, 14))).toEqual(['urgent', 'urgent', 'soon', 'soon', null]);
    expect(riskOf(null, 14)).toBeNull();
    expect([7, 8, 14, 15].map((days) => riskOf(days, 7))).toEqual(['urgent', 'soon', 'soon', null]);
  });

  it('lists the units at risk, roasted and blends together, soonest first, named for the screen', () => {
    const plan: Planning = {
      today: '2026-12-01',
      horizon_days: 7,
      window_days: 28, idle_days: 90, roaster_capacity_kg: null,
      roasted: [roasted('Huila', 3), roasted('Brasil', 10), roasted('Kenia', 20), roasted('Cauca', null)],
      blends: [blend('Casa', 5), blend('Lenta', 15)],
    };
    expect(unitsAtRisk(plan, m.blendName).map((unit) => [unit.name, unit.risk, unit.days_left])).toEqual([
      ['Huila · Medio', 'urgent', 3],
      ['Mezcla Casa', 'urgent', 5],
      ['Brasil · Medio', 'soon', 10],
    ]);
  });

  it('an order the stock does not cover makes a unit urgent and lists it by the earlier of that date and its run-out, even with no run-out', () => {
    const order = (order_id: number, due_date: string, covered: boolean) => ({ order_id, customer_name: `Cliente ${order_id}`, due_date, kg: 2, covered });
    const short = { ...roasted('Cauca', null), uncovered_order_date: '2026-12-09', orders: [order(1, '2026-12-03', true), order(2, '2026-12-09', false)] };
    const late = { ...roasted('Kenia', 40), uncovered_order_date: '2026-12-03', orders: [order(3, '2026-12-03', false)] };
    expect(unitRisk(short, 7)).toBe('urgent');
    expect(unitRisk(late, 7)).toBe('urgent');
    expect(unitRisk(roasted('Kenia', 40), 7)).toBeNull();
    const plan: Planning = {
      today: '2026-12-01',
      horizon_days: 7,
      window_days: 28, idle_days: 90, roaster_capacity_kg: null,
      roasted: [late, roasted('Huila', 5), short],
      blends: [blend('Casa', 6)],
    };
    expect(unitsAtRisk(plan, m.blendName).map((unit) => [unit.name, unit.risk, unit.date, unit.run_out_date, unit.uncovered_order?.order_id ?? null])).toEqual([
      ['Kenia · Medio', 'urgent', '2026-12-03', late.run_out_date, 3],
      ['Huila · Medio', 'urgent', '2026-12-06', '2026-12-06', null],
      ['Mezcla Casa', 'urgent', '2026-12-07', '2026-12-07', null],
      ['Cauca · Medio', 'urgent', '2026-12-09', null, 2],
    ]);
    // 'Pedidos del horizonte': every unit's orders by due date.
    expect(ordersInHorizon(plan, m.blendName).map((row) => [row.unit_name, row.order_id, row.due_date, row.covered])).toEqual([
      ['Kenia · Medio', 3, '2026-12-03', false],
      ['Cauca · Medio', 1, '2026-12-03', true],
      ['Cauca · Medio', 2, '2026-12-09', false],
    ]);
    expect(m.uncoveredOrder('Café Sol', '2026-12-09', 2, defaultFormatter)).toBe('El stock no cubre el pedido de Café Sol del 09/12/2026 (2.00 Kg)');
  });

  it('puts on the sheet only what needs coffee', () => {
    const plan: Planning = { today: '2026-12-01', horizon_days: 14, window_days: 28, idle_days: 90, roaster_capacity_kg: null, roasted: [roasted('Huila', 3, 2.5), roasted('Brasil', 40)], blends: [blend('Casa', 5, 1), blend('Lenta', 50)] };
    expect(roastedToRoast(plan).map((unit) => unit.origin_name)).toEqual(['Huila']);
    expect(blendsToMake(plan).map((unit) => unit.recipe_name)).toEqual(['Casa']);
  });

  it('lists the idle units apart, roasted then blends, named for the screen', () => {
    const plan: Planning = {
      today: '2026-12-01',
      horizon_days: 14,
      window_days: 28,
      idle_days: 90,
      roaster_capacity_kg: null,
      roasted: [roasted('Huila', 3, 2.5), { ...roasted('Cauca', null), idle: true, stock_kg: 4 }],
      blends: [{ ...blend('Vieja', null), idle: true }],
    };
    expect(idleUnits(plan, m.blendName).map((unit) => [unit.name, unit.stock_kg])).toEqual([
      ['Cauca · Medio', 4],
      ['Mezcla Vieja', 10],
    ]);
    expect(roastedToRoast(plan).map((unit) => unit.origin_name)).toEqual(['Huila']);
  });

  it('words the dates and the empty lists in Spanish', () => {
    expect(m.runOut('2026-12-04', 3)).toBe('Se agota el 04/12/2026, en 3 días');
    expect(m.runOut('2026-12-02', 1)).toBe('Se agota el 02/12/2026, en 1 día');
    expect(m.runOut('2026-12-01', 0)).toBe('Se agota hoy, 01/12/2026');
    expect(m.riskEmpty(14)).toBe('Ningún café se agota en los próximos 28 días.');
    expect(m.sheetEmpty(7)).toBe('No hace falta tostar café para cubrir los próximos 7 días.');
    expect(m.summary('2026-12-01', 14, 28)).toBe('Calculado el 01/12/2026 para cubrir los próximos 14 días, al ritmo de salida de los últimos 28 días.');
  });
});
