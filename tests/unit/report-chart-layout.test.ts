import { describe, expect, it } from 'vitest';
import { monthLabelPlaces, yTicks } from '#web/features/reports/chart-layout.js';

// The axes of 'Ventas Mensuales' (src/web/features/reports/chart-layout.ts, docs/decisions/0031-report-charts-with-visx.md).
describe('report chart axes', () => {
  it('y ticks: five round values from 0 past the largest, as the chart always showed them', () => {
    expect(yTicks(0, 2183.09)).toEqual([0, 550, 1100, 1650, 2200]);
    expect(yTicks(19, 40.49)).toEqual([0, 15, 30, 45, 60]);
    expect(yTicks(0.2, 0.9)).toEqual([0, 0.25, 0.5, 0.75, 1].map((tick) => expect.closeTo(tick, 9)));
    // A step that divides the largest exactly ends on it.
    expect(yTicks(0, 2000)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('y ticks: a negative margin takes the axis below 0, still on the same step', () => {
    expect(yTicks(-120, 2000)).toEqual([-550, 0, 550, 1100, 1650, 2200]);
  });

  it('y ticks: nothing sold draws 0 to 4, not a flat axis', () => {
    expect(yTicks(0, 0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('month labels: the newest always, kept inside the axis; going back, only those that do not touch the next one', () => {
    const labels = ['ene 24', 'feb 24', 'mar 24', 'abr 24', 'may 24', 'jun 24'];
    // 6 months of 20 px from x = 80: centres 90, 110, … 190; a label is 54 px wide.
    const centres = labels.map((_, index) => 90 + index * 20);
    const places = monthLabelPlaces(labels, centres, 80, 200);
    // 'jun 24' moves left to end at the axis's end (200 - 27); 'mar 24' (centre 150) would touch it; 'feb 24' keeps the gap;
    // 'ene 24' would pass the axis's start.
    expect([...places].sort(([one], [other]) => one - other)).toEqual([[1, 110], [5, 173]]);
  });

  it('month labels: all of them when there is room', () => {
    const places = monthLabelPlaces(['ene 24', 'feb 24'], [300, 800], 80, 1000);
    expect([...places.keys()].sort()).toEqual([0, 1]);
    expect(places.get(1)).toBe(800);
  });
});
