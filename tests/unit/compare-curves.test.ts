import { describe, expect, it } from 'vitest';
import { defaultFormatter, regionalFormatter } from '#shared/format.js';
import type { RoastCurve, RoastMetrics } from '#shared/schemas/artisan.js';
import { alignedPoints, nearestIndex, sharedExtent } from '#web/features/roasted-coffee/compare-curves/compare-chart-layout.js';
import { type CurveColumn, figureRows } from '#web/features/roasted-coffee/compare-curves/compare-figures.js';
import { type ComparedRoast, pickCompared } from '#web/features/roasted-coffee/compare-curves/compare-selection.js';

/** 'Comparar curvas' (docs/product-guide.md#comparar-curvas): the four-roast limit, the figures' columns, the curves' alignment. */

const roast = (id: number): ComparedRoast => ({ id, batch_code: `CO-R${id}`, origin_name: 'Colombia', roast_type: 'Medio', roast_date: '2026-11-30' });

describe('pickCompared', () => {
  it('keeps the order of the ticks, refuses a fifth and lets one go', () => {
    let chosen: readonly ComparedRoast[] = [];
    for (const id of [3, 1, 4, 2]) {
      const next = pickCompared(chosen, roast(id), true);
      expect(next.refused).toBe(false);
      chosen = next.chosen;
    }
    expect(chosen.map((one) => one.id)).toEqual([3, 1, 4, 2]);
    const fifth = pickCompared(chosen, roast(5), true);
    expect(fifth.refused).toBe(true);
    expect(fifth.chosen).toBe(chosen);
    // Ticking one already chosen is no fifth.
    expect(pickCompared(chosen, roast(4), true)).toEqual({ chosen, refused: false });
    const fewer = pickCompared(chosen, roast(1), false);
    expect(fewer.chosen.map((one) => one.id)).toEqual([3, 4, 2]);
    expect(pickCompared(fewer.chosen, roast(5), true).chosen.map((one) => one.id)).toEqual([3, 4, 2, 5]);
  });
});

const noMetrics: RoastMetrics = {
  charge: null,
  tp: null,
  dry_end: null,
  fc_start: null,
  fc_end: null,
  sc_start: null,
  sc_end: null,
  drop: null,
  total_time_s: null,
  phases: { drying: null, maillard: null, development: null },
  dtr_pct: null,
  weight_loss_pct: null,
};

const curve = (metrics: Partial<RoastMetrics>, unit: 'C' | 'F' = 'C'): RoastCurve => ({
  unit,
  points: [],
  events: { charge: 0, dry_end: null, fc_start: null, fc_end: null, sc_start: null, sc_end: null, drop: null },
  metrics: { ...noMetrics, ...metrics },
  ror: [],
});

const full = curve({
  charge: { t: 0, bt: 200 },
  tp: { t: 92, bt: 96.3 },
  dry_end: { t: 272, bt: 150 },
  fc_start: { t: 480, bt: 196.6 },
  fc_end: { t: 540, bt: null },
  drop: { t: 600, bt: 210.3 },
  total_time_s: 600,
  phases: { drying: { s: 272, pct: 45.3 }, maillard: { s: 208, pct: 34.7 }, development: { s: 120, pct: 20 } },
  dtr_pct: 20,
  weight_loss_pct: 15,
});

describe('figureRows', () => {
  // The server sends the figures rounded to one decimal as Artisan does (roast-metrics.ts); the table writes them in the shop's format.
  it('a row per figure, a column per roast: time and BT in the regional format, an em-dash where an event is missing', () => {
    const comma = regionalFormatter({ currency_symbol: '€', currency_position: 'after', decimal_separator: ',' });
    const partial = curve({ charge: { t: 0, bt: 390 }, drop: { t: 720, bt: 420.5 }, total_time_s: 720, weight_loss_pct: 12 }, 'F');
    const rows = figureRows(
      [
        { roast: roast(1), state: 'ready', curve: full },
        { roast: roast(2), state: 'ready', curve: partial },
      ],
      comma,
    );
    const table = Object.fromEntries(rows.map((row) => [row.label, row.values]));
    expect(rows.map((row) => row.label)).toEqual([
      'Carga',
      'Punto de inflexión',
      'Fin de secado',
      'Inicio del primer crack',
      'Fin del primer crack',
      'Descarga',
      'Tiempo total',
      'Secado',
      'Maillard',
      'Desarrollo',
      'Ratio de desarrollo',
      'Pérdida de peso',
    ]);
    expect(table['Carga']).toEqual(['0:00 · 200,0 °C', '0:00 · 390,0 °F']);
    expect(table['Punto de inflexión']).toEqual(['1:32 · 96,3 °C', '—']);
    expect(table['Inicio del primer crack']).toEqual(['8:00 · 196,6 °C', '—']);
    // An event without a reading at its sample: its time alone.
    expect(table['Fin del primer crack']).toEqual(['9:00', '—']);
    expect(table['Descarga']).toEqual(['10:00 · 210,3 °C', '12:00 · 420,5 °F']);
    expect(table['Tiempo total']).toEqual(['10:00', '12:00']);
    expect(table['Secado']).toEqual(['4:32 (45,3 %)', '—']);
    expect(table['Desarrollo']).toEqual(['2:00 (20,0 %)', '—']);
    expect(table['Ratio de desarrollo']).toEqual(['20,0 %', '—']);
    expect(table['Pérdida de peso']).toEqual(['15,0 %', '12,0 %']);
  });

  it('the second crack only when a compared roast reached it; null down a column whose curve is loading or failed', () => {
    const columns: CurveColumn[] = [
      { roast: roast(1), state: 'ready', curve: full },
      { roast: roast(2), state: 'error' },
      { roast: roast(3), state: 'pending' },
    ];
    const rows = figureRows(columns, defaultFormatter);
    expect(rows.some((row) => row.key === 'sc_start')).toBe(false);
    expect(rows.every((row) => row.values[1] === null && row.values[2] === null && typeof row.values[0] === 'string')).toBe(true);
    const secondCrack = curve({ ...full.metrics, sc_start: { t: 590, bt: 224 } });
    const keys = figureRows([...columns, { roast: roast(4), state: 'ready', curve: secondCrack }], defaultFormatter).map((row) => row.key);
    expect(keys.slice(0, 8)).toEqual(['charge', 'tp', 'dry_end', 'fc_start', 'fc_end', 'sc_start', 'sc_end', 'drop']);
  });
});

describe('the curves on one axis', () => {
  const points = (list: [number, number | null, number | null][]) => list.map(([t, bt, et]) => ({ t, bt, et }));

  it('counts each curve from its own CHARGE and spans every curve together', () => {
    const early = { points: points([[-30, 210, 250], [0, 200, 240], [600, 212, 260]]), events: { ...full.events, charge: 0 } };
    // A CHARGE 15 s into the answer's time (an older answer): shifted onto 0:00 like the other.
    const shifted = { points: points([[15, 190, 230], [735, 205, Number.NaN]]), events: { ...full.events, charge: 15 } };
    const one = alignedPoints(early, false);
    const other = alignedPoints(shifted, true);
    expect(one.map((point) => [point.t, point.et])).toEqual([[-30, null], [0, null], [600, null]]);
    expect(other.map((point) => [point.t, point.bt, point.et])).toEqual([[0, 190, 230], [720, 205, null]]);
    expect(sharedExtent([one, other])).toEqual({ from: -30, to: 720, coldest: 190, hottest: 230 });
    expect(sharedExtent([[], []])).toBeNull();
  });

  it('the pointer finds the nearest reading', () => {
    expect(nearestIndex([{ t: 0 }, { t: 10 }, { t: 20 }], 13)).toBe(1);
    expect(nearestIndex([], 13)).toBe(-1);
  });
});
