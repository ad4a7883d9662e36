import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { ArtisanCurve, ArtisanEvents } from '#shared/schemas/artisan.js';

/** BT in the product's brown, ET in a blue that differs from it for every colour vision (Okabe–Ito). */
export const BT_COLOUR = '#6f3d1e';
export const ET_COLOUR = '#0072B2';
/** BT's rate of rise in Okabe–Ito's vermillion, dashed, apart from both temperatures (docs/decisions/0052-roast-metrics.md). */
export const ROR_COLOUR = '#D55E00';

/** The roast's events in the order they happen. */
export const EVENT_ORDER = Object.keys(m.events) as (keyof ArtisanEvents)[];

/** 'm:ss' from seconds, with a minus sign before CHARGE. */
export function clockTime(seconds: number): string {
  const sign = seconds < 0 ? '−' : '';
  const whole = Math.round(Math.abs(seconds));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

type CurvePoint = ArtisanCurve['points'][number];

/**
 * The points that can be drawn: a point without a finite time is left out, a
 * reading that is not finite is a gap, as a missing one. The server refuses
 * such values in new files (docs/decisions/0026-artisan-alog-import.md); a
 * curve stored before that must still draw, never as NaN coordinates.
 */
export function finitePoints(points: readonly CurvePoint[]): CurvePoint[] {
  const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);
  return points.filter((point) => Number.isFinite(point.t)).map((point) => ({ t: point.t, bt: finite(point.bt), et: finite(point.et) }));
}

/**
 * The curve's time span and its coldest and hottest reading (0 and 0 without
 * any), in loops rather than Math.min(...list): a 5 MB profile has more points
 * than a call takes arguments. Null when there is nothing to draw, or when the
 * span itself is not a finite number (values so far apart their difference
 * overflows): a scale over it would give NaN.
 */
export function curveExtent(points: readonly CurvePoint[]): { from: number; to: number; coldest: number; hottest: number } | null {
  let from = Infinity;
  let to = -Infinity;
  let coldest = Infinity;
  let hottest = -Infinity;
  for (const point of points) {
    from = Math.min(from, point.t);
    to = Math.max(to, point.t);
    for (const value of [point.bt, point.et]) {
      if (value === null) continue;
      coldest = Math.min(coldest, value);
      hottest = Math.max(hottest, value);
    }
  }
  if (coldest > hottest) [coldest, hottest] = [0, 0];
  return Number.isFinite(to - from) && Number.isFinite(hottest - coldest) ? { from, to, coldest, hottest } : null;
}

/** The rate of rise's span for its axis: from 0 (or its lowest, when it dips below) to its highest; 0 to 1 without any. */
export function rorExtent(ror: readonly { v: number }[]): { low: number; high: number } {
  let low = 0;
  let high = 1;
  for (const point of ror) {
    low = Math.min(low, point.v);
    high = Math.max(high, point.v);
  }
  return { low, high };
}

/** Steps between the time axis's marks, in seconds: half a minute to half an hour. */
const TIME_STEPS = [30, 60, 120, 300, 600, 900, 1800];

/**
 * The time axis's marks, in seconds from CHARGE: the multiples of the smallest
 * step in TIME_STEPS that leaves at most `most` of them between `from` and `to`
 * (whole minutes a roaster reads at a glance, 0:00 at CHARGE when it is in range),
 * or of whole hours for a profile longer than that.
 */
export function timeTicks(from: number, to: number, most: number): number[] {
  const countOf = (step: number) => Math.floor(to / step) - Math.ceil(from / step) + 1;
  // Past half an hour a step (a profile logged for hours): whole hours, as many as leave `most` marks.
  const step = TIME_STEPS.find((candidate) => countOf(candidate) <= most) ?? Math.max(1, Math.ceil((to - from) / Math.max(1, most - 1) / 3600)) * 3600;
  const ticks: number[] = [];
  // `+ 0` turns Math.ceil's -0 (a curve that starts just before CHARGE) into 0.
  for (let tick = Math.ceil(from / step) * step + 0; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * The points a line `columns` pixels wide needs. A long profile (Artisan logs
 * a reading a second or faster; an hour is tens of thousands) has far more
 * points than pixels: each pixel column then keeps only its first, lowest,
 * highest and last reading, and its first missing one (where the line
 * breaks), in the file's order. The line looks the same to the pixel, and
 * is drawn in a fraction of the time. A profile with at most four points a
 * column, as most roasts have, is drawn whole.
 */
export function pointsForColumns<P extends { t: number }>(points: P[], reading: (point: P) => number | null, columns: number): P[] {
  if (points.length <= 4 * columns) return points;
  let from = Infinity;
  let to = -Infinity;
  for (const point of points) {
    from = Math.min(from, point.t);
    to = Math.max(to, point.t);
  }
  const width = (to - from) / columns || 1;
  const kept = new Set<number>();
  const firstOf = new Map<number, number>();
  const lastOf = new Map<number, number>();
  const lowOf = new Map<number, number>();
  const highOf = new Map<number, number>();
  const gapOf = new Map<number, number>();
  points.forEach((point, index) => {
    const column = Math.min(columns - 1, Math.floor((point.t - from) / width));
    const value = reading(point);
    if (value === null) {
      if (!gapOf.has(column)) gapOf.set(column, index);
      return;
    }
    if (!firstOf.has(column)) firstOf.set(column, index);
    lastOf.set(column, index);
    if (!lowOf.has(column) || value < reading(points[lowOf.get(column)!]!)!) lowOf.set(column, index);
    if (!highOf.has(column) || value > reading(points[highOf.get(column)!]!)!) highOf.set(column, index);
  });
  for (const indices of [firstOf, lastOf, lowOf, highOf, gapOf]) for (const index of indices.values()) kept.add(index);
  return [...kept].sort((one, other) => one - other).map((index) => points[index]!);
}
