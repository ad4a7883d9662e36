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
/** Real roasts, byte for byte as published (tests/fixtures/artisan/real/README.md). */
const R68 = 'real/scottjames-roast_26-08-09_R68_caturra_26.alog';
const PROFILE2_JSON = 'real/artisan-profile2.json';
const PROFILE4_F = 'real/artisan-profile4.alog';

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
    // The real profiles (tests/fixtures/artisan/real/README.md) too; profile4's out-weight is 0, so the record's kilos are 0.46 (the import asks for them).
    const files = [
      ['kaleido-template.alog', undefined],
      ['python-literal-lb.alog', undefined],
      [R68, undefined],
      [PROFILE2_JSON, undefined],
      [PROFILE4_F, 460],
    ] as const;
    for (const [name, resultantG] of files) {
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
      // An out-weight of 0 is 'not weighed': Artisan writes a loss of 100.0, the app takes the record's kilos instead.
      const loss = computed.get('weight_loss');
      if (typeof loss === 'number' && computed.get('weightout') !== 0) expect(metrics.weight_loss_pct, `${name} weight_loss`).toBe(oneDecimal(loss));
      expect(compared, name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('real Artisan profiles (tests/fixtures/artisan/real/README.md), worked out by hand from their own lists', () => {
  it('a Celsius .alog (R68, Artisan 4.2.0, samples 1.5 s apart): two equal lows, the latest is the turning point; shown in °C and °F', () => {
    const { curve, weights } = stored(R68);
    expect([curve.unit, curve.points.length]).toEqual(['C', 490]);
    expect(roastMetrics(curve, weights, 'C')).toEqual({
      // timeindex [6, 207, 337, 383, 0, 0, 428, 0]; CHARGE is timex[6] = 9.571365417, temp2[6] = 140.06.
      charge: { t: 0, bt: 140.1 },
      // The lowest temp2 in samples 6–336 (FC START is 337) is 112.54, at samples 48 and 54: the latest, 54,
      // at timex[54] − timex[6] = 81.571362167 − 9.571365417 = 72.0 s (Artisan's TP_idx is 54 too).
      tp: { t: 72, bt: 112.5 },
      dry_end: { t: 301.5, bt: 150.9 }, // timex[207] − timex[6] = 311.0713675 − 9.571365417; temp2[207] = 150.91
      fc_start: { t: 496.5, bt: 179.9 }, // timex[337] = 506.071366834; temp2[337] = 179.9
      fc_end: { t: 565.5, bt: 188.2 }, // timex[383] = 575.0713865; temp2[383] = 188.23
      sc_start: null,
      sc_end: null,
      drop: { t: 634.5, bt: 194.3 }, // timex[428] = 644.071364792; temp2[428] = 194.25666667
      total_time_s: 634.5,
      phases: {
        drying: { s: 301.5, pct: 47.5 }, // 301.5 / 634.5 = 47.52 %
        maillard: { s: 195, pct: 30.7 }, // 496.5 − 301.5 = 195; 195 / 634.5 = 30.73 %
        development: { s: 138, pct: 21.7 }, // 634.5 − 496.5 = 138; 138 / 634.5 = 21.75 %
      },
      dtr_pct: 21.7,
      weight_loss_pct: 16.8, // weight [250.0, 208.0, 'g']: 42 / 250
    } satisfies RoastMetrics);
    // In °F (× 9/5 + 32): 140.06 → 284.108, 112.54 → 234.572, 150.91 → 303.638, 179.9 → 355.82, 188.23 → 370.814,
    // 194.25666667 → 381.662; times, shares and the loss do not change.
    const inF = roastMetrics(curve, weights, 'F');
    expect([inF.charge, inF.tp, inF.dry_end, inF.fc_start, inF.fc_end, inF.drop].map((figure) => figure?.bt)).toEqual([284.1, 234.6, 303.6, 355.8, 370.8, 381.7]);
    expect([inF.tp?.t, inF.total_time_s, inF.phases, inF.dtr_pct, inF.weight_loss_pct]).toEqual([72, 634.5, roastMetrics(curve, weights, 'C').phases, 21.7, 16.8]);
  });

  it('a Fahrenheit .alog (profile4, NC-500, 2020): the figures in °F and in °C; the out-weight 0 leaves the loss to the record', () => {
    // weight [540.0, 0.0, 'g']: not weighed, so the import asks for the kilos; 0.46 here.
    const { curve, weights } = stored(PROFILE4_F, 460);
    expect([curve.unit, curve.points.length]).toEqual(['F', 316]);
    const inF = roastMetrics(curve, weights, 'F');
    expect(inF).toEqual({
      // timeindex [1, 144, 251, 0, 0, 0, 314, 0]; CHARGE is timex[1] = 3.9992573955, temp2[1] = 407.98653428.
      charge: { t: 0, bt: 408 },
      // Lowest temp2 in samples 1–250: 203.69304956 at sample 26 (203.69784656 follows), timex 54.000165157 − 3.9992573955 = 50.000907762.
      tp: { t: 50.001, bt: 203.7 },
      dry_end: { t: 286, bt: 324.1 }, // timex[144] = 289.9995528865 → 286.000295; temp2[144] = 324.12480464
      fc_start: { t: 500, bt: 389 }, // timex[251] = 503.9990771595 → 499.99982; temp2[251] = 389.01286424
      fc_end: null,
      sc_start: null,
      sc_end: null,
      drop: { t: 630.001, bt: 410.5 }, // timex[314] = 634.000216362 → 630.000959; temp2[314] = 410.49766784
      total_time_s: 630.001,
      phases: {
        drying: { s: 286, pct: 45.4 }, // 286 / 630.001 = 45.40 %
        maillard: { s: 214, pct: 34 }, // 500 − 286 = 214; 214 / 630.001 = 33.97 %
        development: { s: 130.001, pct: 20.6 }, // 630.001 − 500; 130.001 / 630.001 = 20.64 %
      },
      dtr_pct: 20.6,
      weight_loss_pct: 14.8, // 80 / 540 = 14.81 %
    } satisfies RoastMetrics);
    // In °C ((°F − 32) × 5/9): 407.98653428 → 208.881, 203.69304956 → 95.385, 324.12480464 → 162.292,
    // 389.01286424 → 198.340, 410.49766784 → 210.277.
    const inC = roastMetrics(curve, weights, 'C');
    expect([inC.charge, inC.tp, inC.dry_end, inC.fc_start, inC.drop].map((figure) => figure?.bt)).toEqual([208.9, 95.4, 162.3, 198.3, 210.3]);
    expect([inC.tp?.t, inC.total_time_s, inC.phases, inC.dtr_pct]).toEqual([50.001, 630.001, inF.phases, 20.6]);
  });

  it('an Artisan JSON profile (profile2, Probat LG3, 2015, samples 5 s apart with one missing)', () => {
    const { curve, weights } = stored(PROFILE2_JSON);
    expect([curve.unit, curve.points.length]).toEqual(['C', 167]);
    expect(roastMetrics(curve, weights, 'C')).toEqual({
      // timeindex [3, 42, 109, 134, 0, 0, 149, 0]; CHARGE is timex[3] = 21.2555, temp2[3] = 219.454.
      charge: { t: 0, bt: 219.5 },
      tp: { t: 85.013, bt: 133.1 }, // lowest temp2 in samples 3–108: 133.101 at 19, timex 106.2685 − 21.2555
      dry_end: { t: 200.032, bt: 150.6 }, // timex[42] = 221.2875; temp2[42] = 150.612
      fc_start: { t: 535.086, bt: 188.9 }, // timex[109] = 556.3415; temp2[109] = 188.89
      fc_end: { t: 660.105, bt: 195.9 }, // timex[134] = 681.3605; temp2[134] = 195.899
      sc_start: null,
      sc_end: null,
      drop: { t: 735.118, bt: 200.9 }, // timex[149] = 756.3735; temp2[149] = 200.93
      total_time_s: 735.118,
      phases: {
        drying: { s: 200.032, pct: 27.2 }, // 200.032 / 735.118 = 27.21 %
        maillard: { s: 335.054, pct: 45.6 }, // 535.086 − 200.032; 335.054 / 735.118 = 45.58 %
        development: { s: 200.032, pct: 27.2 }, // 735.118 − 535.086
      },
      dtr_pct: 27.2,
      weight_loss_pct: 15.2, // weight [1646.0, 1395.0, 'g']: 251 / 1646 = 15.25 %
    } satisfies RoastMetrics);
  });

  it('the rate of rise at a few samples, by Artisan\'s definition (decision 0052), in the file\'s unit and converted', () => {
    // s(j) = (b[j−2] + 2·b[j−1] + 3·b[j]) / 6; r(j) = (s(j) − s(j−n)) / ((t[j] − t[j−n]) / 60); RoR(j) = (r(j−3) + 2·r(j−2) + 3·r(j−1) + 4·r(j)) / 10.
    const at = (ror: { t: number; v: number }[], t: number) => ror.find((point) => point.t === t)?.v;
    const r68 = stored(R68).curve;
    // 490 samples over 735.0000096 s: 1.50307 s apart, n = round(20 / 1.50307) = 13.
    expect(rorSamples(r68.points)).toBe(13);
    const r68InC = rateOfRise(r68, 'C');
    // FC START, sample 337: s(334…337) = 179.0850, 179.2567, 179.4317, 179.6950; s(321…324) = 176.1517, 176.4100,
    // 176.7233, 176.9783; each 19.5 s apart: r = 9.0256, 8.7590, 8.3333, 8.3590; RoR = 8.498.
    expect(at(r68InC, 496.5)).toBe(8.5);
    // Sample 422 (625.5 s): temp2[419] is −1, filled as (193.41 + 193.8) / 2 = 193.605 (and sample 420 came 3 s late):
    // s(419…422) = 193.4408, 193.6700, 193.8625, 193.9633; s(406…409) = 191.4178, 191.5494, 191.6217, 191.7517;
    // 19.5, 21.0, 21.0, 21.0 s apart: r = 6.2248, 6.0587, 6.4024, 6.3190; RoR = 6.2826.
    expect(at(r68InC, 625.5)).toBe(6.3);
    // In °F by 9/5 alone: 8.498 × 1.8 = 15.296; 6.2826 × 1.8 = 11.309.
    const r68InF = rateOfRise(r68, 'F');
    expect([at(r68InF, 496.5), at(r68InF, 625.5)]).toEqual([15.3, 11.3]);

    const profile4 = stored(PROFILE4_F, 460).curve;
    // 316 samples over 633.9996492 s: 2.01270 s apart, n = round(9.937) = 10.
    expect(rorSamples(profile4.points)).toBe(10);
    // FC START, sample 251 (500 s): s(248…251) = 386.9453, 387.4076, 387.9794, 388.5933; s(238…241) = 382.4317,
    // 382.9060, 383.3356, 383.7328; about 20 s apart: r = 13.5409, 13.5050, 13.9312, 14.5822; RoR = 14.067 °F/min
    // (Artisan's own fcs_ror in the file: 14.1); in °C × 5/9 = 7.815.
    expect(at(rateOfRise(profile4, 'F'), 500)).toBe(14.1);
    expect(at(rateOfRise(profile4, 'C'), 500)).toBe(7.8);
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
