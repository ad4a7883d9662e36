import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ArtisanCurve, RoastMetrics } from '#shared/schemas/artisan.js';
import { convertTemperature, convertTemperatureDelta } from '#shared/temperature.js';
import { gramsToKg } from '#shared/units.js';
import { decodeAlogBytes, parseAlog, type AlogDict } from '#server/features/artisan-import/alog-parser.js';
import { readAlogFile } from '#server/features/artisan-import/alog-profile.js';
import { oneDecimal, rateOfRise, roastMetrics, rorSamples } from '#server/features/roasted-coffee/roast-metrics.js';

/**
 * A roast's figures and rate of rise with Artisan's definitions (docs/decisions/0052-roast-metrics.md).
 * Every expected number below was worked out by hand from the fixture's own lists (`timeindex`,
 * `timex`, `temp2`, `weight`), written as Artisan's `float2float` would (Python's '%.1f').
 */

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/artisan/${name}`, import.meta.url));

/** A fixture as the import stores it, with the roast record's weights (grams, as the record holds them). */
function stored(name: string, resultantG?: number) {
  const profile = readAlogFile(fixture(name));
  if (!profile.curve) throw new Error(`${name} has no curve`);
  return { curve: profile.curve, weights: { green_kg: gramsToKg(profile.greenG), resultant_kg: gramsToKg(resultantG ?? profile.resultantG ?? 0) } };
}

describe('the figures of a roast', () => {
  it('a Celsius profile (roast-2015.alog, samples 3 s apart): events, turning point, phases, DTR, weight loss', () => {
    const { curve, weights } = stored('roast-2015.alog');
    expect(roastMetrics(curve, weights, 'C')).toEqual({
      // timeindex [2, 80, 150, 170, 0, 0, 195, 0] over timex 0, 3, 6…: CHARGE at 6 s is 0:00; temp2[2] = 91.79.
      charge: { t: 0, bt: 91.8 },
      // BT only rises after CHARGE, so its lowest above 0 before FC START (sample 150) is CHARGE's own, at sample 2 (> 0).
      tp: { t: 0, bt: 91.8 },
      dry_end: { t: 234, bt: 152.4 }, // timex[80] = 240 − 6; temp2[80] = 152.4
      fc_start: { t: 444, bt: 191.2 }, // timex[150] = 450 − 6; temp2[150] = 191.25, a tie Python rounds to the even 191.2
      fc_end: { t: 504, bt: 199.7 }, // timex[170] = 510 − 6; temp2[170] = 199.65
      sc_start: null,
      sc_end: null,
      drop: { t: 579, bt: 208.5 }, // timex[195] = 585 − 6; temp2[195] = 208.46
      total_time_s: 579,
      phases: {
        drying: { s: 234, pct: 40.4 }, // 234 / 579 = 40.41 %
        maillard: { s: 210, pct: 36.3 }, // 444 − 234 = 210; 210 / 579 = 36.27 %
        development: { s: 135, pct: 23.3 }, // 579 − 444 = 135; 135 / 579 = 23.32 %
      },
      dtr_pct: 23.3,
      weight_loss_pct: 15, // weight [1.2, 1.02, 'Kg']: 0.18 / 1.2
    } satisfies RoastMetrics);
  });

  it('a Fahrenheit profile (out-weight-zero.alog): no reading at CHARGE, the turning point after it; shown in °F and in °C', () => {
    // The file's out-weight is 0: the import asks for the kilos, 1.2 here.
    const { curve, weights } = stored('out-weight-zero.alog', 1200);
    expect(curve.unit).toBe('F');
    const inF = roastMetrics(curve, weights, 'F');
    expect(inF).toEqual({
      // timeindex [0, 10, 30, 0, 0, 0, 39, 0], timex 2 s apart: CHARGE at sample 0, whose temp2 is −1 (no reading).
      charge: { t: 0, bt: null },
      // Lowest temp2 above 0 in samples 0–29 (FC START is 30): 154.47 at sample 2, 4 s.
      tp: { t: 4, bt: 154.5 },
      dry_end: { t: 20, bt: 188.8 }, // temp2[10] = 188.81
      fc_start: { t: 60, bt: 216.6 }, // temp2[30] = 216.59
      fc_end: null,
      sc_start: null,
      sc_end: null,
      drop: { t: 78, bt: 222.9 }, // temp2[39] = 222.94
      total_time_s: 78,
      phases: {
        drying: { s: 20, pct: 25.6 }, // 20 / 78
        maillard: { s: 40, pct: 51.3 }, // 40 / 78
        development: { s: 18, pct: 23.1 }, // 18 / 78
      },
      dtr_pct: 23.1,
      weight_loss_pct: 20, // 0.3 / 1.5
    } satisfies RoastMetrics);
    const inC = roastMetrics(curve, weights, 'C');
    // (°F − 32) × 5 / 9: 154.47 → 68.04, 188.81 → 87.12, 216.59 → 102.55, 222.94 → 106.08; times and shares unchanged.
    expect([inC.tp?.bt, inC.dry_end?.bt, inC.fc_start?.bt, inC.drop?.bt]).toEqual([68, 87.1, 102.6, 106.1]);
    expect({ ...inC, charge: null, tp: null, dry_end: null, fc_start: null, drop: null }).toEqual({ ...inF, charge: null, tp: null, dry_end: null, fc_start: null, drop: null });
  });

  it('a JSON profile (kaleido-template.alog, events in seconds): the figures its own computed block has, and the phases', () => {
    const { curve, weights } = stored('kaleido-template.alog');
    const metrics = roastMetrics(curve, weights, 'C');
    // timeindex [60, 300, 480, 540, 0, 0, 600, 0] are seconds over timex 0, 10, …, 600: samples 6, 30, 48, 54, 60.
    expect(metrics.charge).toEqual({ t: 0, bt: 110 }); // temp2[6]
    expect(metrics.tp).toEqual({ t: 0, bt: 110 }); // BT falls to 110.0 at CHARGE and rises after
    expect(metrics.dry_end).toEqual({ t: 240, bt: 173.7 }); // temp2[30]
    expect(metrics.fc_start).toEqual({ t: 420, bt: 199.1 }); // temp2[48]
    expect(metrics.fc_end).toEqual({ t: 480, bt: 206.3 }); // temp2[54]
    expect(metrics.drop).toEqual({ t: 540, bt: 213 }); // temp2[60]
    expect(metrics.phases).toEqual({ drying: { s: 240, pct: 44.4 }, maillard: { s: 180, pct: 33.3 }, development: { s: 120, pct: 22.2 } });
    expect(metrics.dtr_pct).toBe(22.2);
    expect(metrics.weight_loss_pct).toBe(15.2); // weight [250, 212, 'g']: 38 / 250
  });

  it('the latest of equal lows is the turning point, and the search stops before FC START (Artisan\'s findTP)', () => {
    const points = [
      { t: -4, bt: 50, et: null }, // before CHARGE: not searched
      { t: 0, bt: 200, et: null },
      { t: 2, bt: 120, et: null },
      { t: 4, bt: 120, et: null },
      { t: 6, bt: 130, et: null },
      { t: 8, bt: 100, et: null }, // FC START: the search ends before it
      { t: 10, bt: 150, et: null },
    ];
    const curve: ArtisanCurve = { unit: 'C', points, events: { charge: 0, dry_end: null, fc_start: 8, fc_end: null, sc_start: null, sc_end: null, drop: 10 } };
    expect(roastMetrics(curve, { green_kg: 1, resultant_kg: 0.8 }, 'C').tp).toEqual({ t: 4, bt: 120 });
  });

  it('missing events give nulls: without DRY END or FC START the phases they bound and the DTR are null', () => {
    const points = Array.from({ length: 11 }, (_, index) => ({ t: index * 10, bt: 150 + index, et: null }));
    const curve: ArtisanCurve = { unit: 'C', points, events: { charge: 0, dry_end: null, fc_start: null, fc_end: null, sc_start: null, sc_end: null, drop: 100 } };
    const metrics = roastMetrics(curve, { green_kg: 2, resultant_kg: 1.7 }, 'C');
    expect(metrics).toMatchObject({ dry_end: null, fc_start: null, fc_end: null, sc_start: null, sc_end: null, total_time_s: 100, dtr_pct: null });
    expect(metrics.phases).toEqual({ drying: null, maillard: null, development: null });
    expect(metrics.drop).toEqual({ t: 100, bt: 160 });
    expect(metrics.weight_loss_pct).toBe(15);
    const noDrop = roastMetrics({ ...curve, events: { ...curve.events, drop: null } }, { green_kg: 2, resultant_kg: 1.7 }, 'C');
    expect([noDrop.drop, noDrop.total_time_s]).toEqual([null, null]);
  });

  it('agrees with Artisan\'s own computed block wherever the file carries one', () => {
    for (const [name, resultantG] of [['kaleido-template.alog', undefined], ['python-literal-lb.alog', undefined]] as const) {
      const { curve, weights } = stored(name, resultantG);
      const metrics = roastMetrics(curve, weights, curve.unit);
      const computed = parseAlog(decodeAlogBytes(fixture(name))).get('computed') as AlogDict;
      const expected: [string, number | null | undefined][] = [
        ['CHARGE_BT', metrics.charge?.bt],
        ['TP_time', metrics.tp?.t],
        ['TP_BT', metrics.tp?.bt],
        ['DRY_time', metrics.dry_end?.t],
        ['DRY_BT', metrics.dry_end?.bt],
        ['FCs_time', metrics.fc_start?.t],
        ['FCs_BT', metrics.fc_start?.bt],
        ['FCe_time', metrics.fc_end?.t],
        ['FCe_BT', metrics.fc_end?.bt],
        ['SCs_time', metrics.sc_start?.t],
        ['SCe_time', metrics.sc_end?.t],
        ['DROP_time', metrics.drop?.t],
        ['DROP_BT', metrics.drop?.bt],
        ['totaltime', metrics.total_time_s],
        ['dryphasetime', metrics.phases.drying?.s],
        ['midphasetime', metrics.phases.maillard?.s],
        ['finishphasetime', metrics.phases.development?.s],
      ];
      // Artisan writes an event's time to one decimal and the phases' to three (its float2float).
      const asArtisan = (key: string, value: number | null | undefined) =>
        value === null || value === undefined ? value : key.endsWith('_time') ? oneDecimal(value) : Math.round(value * 1000) / 1000;
      let compared = 0;
      for (const [key, ours] of expected) {
        const theirs = computed.get(key);
        if (typeof theirs !== 'number') continue;
        expect(asArtisan(key, ours), `${name} ${key}`).toBe(theirs);
        compared++;
      }
      // Artisan writes the loss unrounded in older files (15.000000000000002): compared at its one decimal.
      const loss = computed.get('weight_loss');
      if (typeof loss === 'number') expect(metrics.weight_loss_pct, `${name} weight_loss`).toBe(oneDecimal(loss));
      expect(compared, name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the rate of rise', () => {
  /** BT rising `perMinute` degrees a minute, a sample every `step` s from 5 samples before CHARGE (at 0) to DROP at `drop` s. */
  const ramp = (perMinute: number, step: number, drop: number, unit: 'C' | 'F' = 'C'): ArtisanCurve => ({
    unit,
    points: Array.from({ length: Math.round(drop / step) + 6 }, (_, index) => {
      const t = (index - 5) * step;
      return { t, bt: 100 + (perMinute * t) / 60, et: 200 };
    }),
    events: { charge: 0, dry_end: null, fc_start: null, fc_end: null, sc_start: null, sc_end: null, drop },
  });

  it('of a linear ramp is its slope, constant and exact, from the 10th sample after CHARGE to DROP', () => {
    const curve = ramp(30, 2, 600);
    expect(rorSamples(curve.points)).toBe(10); // 20 s over samples 2 s apart
    const ror = rateOfRise(curve, 'C');
    // CHARGE is sample 5 (−10, −8, …, 0): the series starts at sample 15 (20 s) and ends at DROP (600 s).
    expect(ror[0]).toEqual({ t: 20, v: 30 });
    expect(ror.at(-1)).toEqual({ t: 600, v: 30 });
    expect(ror).toHaveLength(291); // (600 − 20) / 2 + 1
    expect(ror.every((point) => point.v === 30)).toBe(true);
  });

  it('turns the 20 s span into samples by the file\'s interval, Python\'s rounding included', () => {
    const at = (step: number) => rorSamples(ramp(30, step, 600).points);
    expect([at(1), at(3), at(8), at(10), at(40)]).toEqual([20, 7, 2, 2, 1]); // 20/3 = 6.67 → 7; 20/8 = 2.5 → 2 (half to even)
    const everyThird = rateOfRise(ramp(30, 3, 600), 'C');
    expect(everyThird[0]).toEqual({ t: 30, v: 30 }); // 10 samples of 3 s after CHARGE
    expect(everyThird.every((point) => point.v === 30)).toBe(true);
  });

  it('converts by 9/5 alone, both ways, and leaves out what is beyond Artisan\'s limits (45 °C/min, 81 °F/min)', () => {
    expect(rateOfRise(ramp(30, 2, 600), 'F').every((point) => point.v === 54)).toBe(true);
    expect(rateOfRise(ramp(54, 2, 600, 'F'), 'C').every((point) => point.v === 30)).toBe(true);
    expect(rateOfRise(ramp(50, 2, 600), 'C')).toEqual([]);
    expect(rateOfRise(ramp(50, 2, 600, 'F'), 'F').every((point) => point.v === 50)).toBe(true);
  });

  it('a missing reading in a short gap is filled; a long gap leaves the rise out around it', () => {
    const curve = ramp(30, 2, 600);
    const gap = (from: number, length: number): ArtisanCurve => ({
      ...curve,
      points: curve.points.map((point, index) => (index >= from && index < from + length ? { ...point, bt: null } : point)),
    });
    // Three missing readings are a straight line again: nothing changes.
    expect(rateOfRise(gap(100, 3), 'C')).toEqual(rateOfRise(curve, 'C'));
    // Ten are not filled: no rise where the span reaches into them.
    const broken = rateOfRise(gap(100, 10), 'C');
    expect(broken.length).toBeLessThan(291);
    expect(broken.some((point) => point.t === -10 + 105 * 2)).toBe(false);
  });
});

describe('temperature units', () => {
  it('converts a temperature both ways with the offset, and a rise with 9/5 alone', () => {
    expect(convertTemperature(100, 'C', 'F')).toBe(212);
    expect(convertTemperature(212, 'F', 'C')).toBe(100);
    expect(convertTemperature(-40, 'C', 'F')).toBe(-40);
    expect(convertTemperature(180, 'C', 'C')).toBe(180);
    expect(convertTemperatureDelta(10, 'C', 'F')).toBe(18);
    expect(convertTemperatureDelta(18, 'F', 'C')).toBe(10);
  });
});
