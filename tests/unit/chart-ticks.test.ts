import { describe, expect, it } from 'vitest';
import { curveExtent, finitePoints, pointsForColumns, timeTicks } from '#web/components/roast-curve/roast-curve-format.js';
import { roastTicks, roundTicks } from '#web/components/charts/chart-ticks.js';

// The axes of the app's charts without the DOM (src/web/components/charts/chart-ticks.ts; the roast curve's time axis,
// src/web/components/roast-curve/roast-curve-format.ts; docs/decisions/0031-report-charts-with-visx.md).
describe('round ticks', () => {
  it('a range away from 0 starts at the multiple of its step at or below its low end', () => {
    expect(roundTicks(90, 450, 5)).toEqual([90, 180, 270, 360, 450]);
    expect(roundTicks(92.4, 231.7, 5)).toEqual([70, 105, 140, 175, 210, 245]);
    // 300 is no multiple of the step (40): the axis starts below it, and takes a sixth mark to pass 460.
    expect(roundTicks(300, 460, 5)).toEqual([280, 320, 360, 400, 440, 480]);
  });

  it('no range at all: the value and the next ones, not a flat axis', () => {
    expect(roundTicks(0, 0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(roundTicks(200, 200, 3)).toEqual([200, 201, 202]);
  });
});

describe('roast curve temperature and rate-of-rise ticks', () => {
  it('round steps a roaster reads: 1, 2, 2.5 or 5 × a power of ten, the smallest within the marks allowed', () => {
    // The curve roundTicks marks 70 / 105 / … / 245 °C.
    expect(roastTicks(92.4, 231.7, 6)).toEqual([50, 100, 150, 200, 250]);
    expect(roastTicks(20, 230, 6)).toEqual([0, 50, 100, 150, 200, 250]);
    // A °F curve: every 100 °F, as 7 marks of 50 would be one too many.
    expect(roastTicks(141.8, 359, 6)).toEqual([100, 200, 300, 400]);
    expect(roastTicks(92.4, 231.7, 8)).toEqual([75, 100, 125, 150, 175, 200, 225, 250]);
    expect(roastTicks(0.12, 0.31, 6)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
  });

  it('a rate of rise across 0 has 0 among its marks', () => {
    // roundTicks: −17 / −8.5 / 0 / 8.5 / 17 / 25.5.
    expect(roastTicks(-17, 25.5, 6)).toEqual([-20, -10, 0, 10, 20, 30]);
    expect(roastTicks(-3.2, 18.4, 6)).toEqual([-5, 0, 5, 10, 15, 20]);
    expect(roastTicks(0, 1, 6)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(roastTicks(-1, 1, 2)).toEqual([-1, 0, 1]);
    expect(roastTicks(-0.7, 0.3, 6)).toEqual([-0.75, -0.5, -0.25, 0, 0.25, 0.5]);
  });

  it('no range at all: whole degrees from the value, not a flat axis', () => {
    expect(roastTicks(0, 0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(roastTicks(200.4, 200.4, 3)).toEqual([200, 201, 202]);
  });
});

describe('roast curve time ticks', () => {
  it('whole minutes from CHARGE, the smallest step that leaves room for each mark', () => {
    // A 9:52 roast that starts 6 s before CHARGE: every 2 minutes in 6 marks' room, every minute in 11.
    expect(timeTicks(-6, 592, 6)).toEqual([0, 120, 240, 360, 480]);
    expect(timeTicks(-6, 592, 11)).toEqual([0, 60, 120, 180, 240, 300, 360, 420, 480, 540]);
    // A phone's narrow plot: every 5 minutes.
    expect(timeTicks(-6, 592, 3)).toEqual([0, 300]);
  });

  it('half minutes for a short curve, and never -0 (it would read as a separate mark)', () => {
    expect(timeTicks(-0.5, 95, 8)).toEqual([0, 30, 60, 90]);
    expect(Object.is(timeTicks(-20, 100, 8)[0], 0)).toBe(true);
  });

  it('a profile logged for hours: whole hours, still within the room', () => {
    expect(timeTicks(0, 7200, 2)).toEqual([0, 7200]);
    expect(timeTicks(-6, 99_000, 5)).toEqual([0, 25_200, 50_400, 75_600]);
  });
});

describe('roast curve points for the width', () => {
  const bt = (point: { bt: number | null }) => point.bt;

  it('a roast with at most four points a pixel column is drawn whole', () => {
    const points = Array.from({ length: 400 }, (_, t) => ({ t, bt: 100 + t }));
    expect(pointsForColumns(points, bt, 100)).toBe(points);
  });

  it('a long profile keeps each column\'s first, lowest, highest and last reading, in order', () => {
    // 1,000 points over 10 columns: a saw of period 7 on a slow rise, with one spike.
    const points = Array.from({ length: 1000 }, (_, t) => ({ t, bt: t === 555 ? 999 : 150 + t / 10 + (t % 7) }));
    const kept = pointsForColumns(points, bt, 10);
    expect(kept.length).toBeLessThanOrEqual(40);
    expect(kept.map((point) => point.t)).toEqual([...kept.map((point) => point.t)].sort((one, other) => one - other));
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points[999]);
    // The spike, and every column's extremes, survive: the drawn line spans the same heights.
    expect(kept).toContain(points[555]);
    for (let column = 0; column < 10; column++) {
      const inColumn = (point: { t: number }) => Math.min(9, Math.floor(point.t / 99.9)) === column;
      const all = points.filter(inColumn).map((point) => point.bt);
      const drawn = kept.filter(inColumn).map((point) => point.bt);
      expect([Math.min(...drawn), Math.max(...drawn)]).toEqual([Math.min(...all), Math.max(...all)]);
    }
  });

  it('a missing reading stays: the line still breaks there', () => {
    const points = Array.from({ length: 1000 }, (_, t) => ({ t, bt: t >= 500 && t < 520 ? null : 200 }));
    const kept = pointsForColumns(points, bt, 10);
    expect(kept.filter((point) => point.bt === null)).toEqual([points[500]]);
    expect(kept.indexOf(points[500]!)).toBeGreaterThan(0);
    expect(kept.indexOf(points[500]!)).toBeLessThan(kept.length - 1);
  });
});

describe('roast curve values that cannot be drawn', () => {
  it('leaves out a point without a finite time and reads a non-finite reading as a gap', () => {
    const points = [
      { t: 0, bt: 150, et: Number.NaN },
      { t: Number.NaN, bt: 160, et: 170 },
      { t: 60, bt: Infinity, et: 180 },
      { t: 120, bt: 200, et: null },
    ];
    expect(finitePoints(points)).toEqual([
      { t: 0, bt: 150, et: null },
      { t: 60, bt: null, et: 180 },
      { t: 120, bt: 200, et: null },
    ]);
    expect(curveExtent(finitePoints(points))).toEqual({ from: 0, to: 120, coldest: 150, hottest: 200 });
  });

  it('nothing to draw when no point is left, or the span overflows; no reading is a 0…0 axis', () => {
    expect(curveExtent(finitePoints([{ t: Number.NaN, bt: 1, et: 1 }]))).toBeNull();
    expect(curveExtent([{ t: -1e308, bt: 150, et: 150 }, { t: 1e308, bt: 160, et: 160 }])).toBeNull();
    expect(curveExtent([{ t: 0, bt: -1e308, et: 1e308 }])).toBeNull();
    expect(curveExtent([{ t: 0, bt: null, et: null }, { t: 30, bt: null, et: null }])).toEqual({ from: 0, to: 30, coldest: 0, hottest: 0 });
  });
});
