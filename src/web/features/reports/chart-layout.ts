/**
 * The axes of 'Ventas Mensuales' (charts.tsx), worked out without the DOM: the
 * round y ticks and which month labels fit, as Recharts chose them before
 * (docs/decisions/0031-report-charts-with-visx.md), so the chart reads the same.
 */
import { roundTicks } from '#web/components/charts/chart-ticks.js';

const Y_TICK_COUNT = 5;

/** A month label's width without measuring it ('sept 26' in the axis's 16 px type): about 0.56 em a character. */
const labelWidth = (label: string) => label.length * 9;
/** The least room between two month labels. */
const LABEL_GAP = 5;

/**
 * Y-axis ticks: `count` evenly spaced values from 0 (or below, for a negative
 * margin) past the largest (components/charts/chart-ticks.ts): the round numbers the chart
 * has always shown.
 */
export const yTicks = (low: number, high: number, count = Y_TICK_COUNT): number[] => roundTicks(Math.min(0, low), Math.max(0, high), count);

/**
 * The month labels written under the axis, as Recharts placed them
 * ('preserveEnd'): the newest month's always, moved left if it would pass the
 * axis's end, then going back, each label that keeps LABEL_GAP from the one
 * after it and does not pass the axis's start. `centres` are the months'
 * middles; the answer maps a written month to its label's middle.
 */
export function monthLabelPlaces(labels: string[], centres: number[], start: number, end: number): Map<number, number> {
  const places = new Map<number, number>();
  let limit = end;
  for (let index = labels.length - 1; index >= 0; index--) {
    const half = labelWidth(labels[index]!) / 2;
    const place = index === labels.length - 1 ? Math.min(centres[index]!, end - half) : centres[index]!;
    if (place + half > limit || place - half < start) continue;
    places.set(index, place);
    limit = place - half - LABEL_GAP;
  }
  return places;
}

