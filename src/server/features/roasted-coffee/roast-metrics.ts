import type { ArtisanCurve, ArtisanEvents, RoastEventFigure, RoastMetrics, RoastPhase, RorPoint } from '#shared/schemas/artisan.js';
import { convertTemperature, convertTemperatureDelta, type TemperatureUnit } from '#shared/temperature.js';

/**
 * A roast's figures and its rate of rise from its stored curve, with Artisan's
 * own definitions so a roaster reads the same numbers in both
 * (docs/decisions/0052-roast-metrics.md). Pure: the curve endpoint calls it on
 * the curve it has just read, and the reference profile's differences on theirs.
 *
 * The stored curve keeps the file's samples in order, `t` in seconds from
 * CHARGE, and each event as the `t` of the sample Artisan's `timeindex` names
 * (alog-profile.ts), so an event's sample is the point whose `t` is the event's.
 */

type EventName = keyof ArtisanEvents;
const EVENT_NAMES: readonly EventName[] = ['charge', 'dry_end', 'fc_start', 'fc_end', 'sc_start', 'sc_end', 'drop'];

/**
 * Artisan's `float2float`: one decimal as Python's '%.1f' writes it, so the figures read as its
 * `computed` block does. That rounds the number's exact binary value, as toFixed does, but a true
 * tie (x.25 or x.75, exact in binary) to the even digit, where toFixed goes up: 191.25 is 191.2.
 */
export function oneDecimal(value: number): number {
  if (Number.isInteger(value * 4) && !Number.isInteger(value * 2)) {
    const tenths = Math.floor(value * 10);
    return (tenths % 2 === 0 ? tenths : tenths + 1) / 10 + 0;
  }
  return Number(value.toFixed(1)) + 0;
}

const percentOf = (part: number, whole: number | null): number | null => (whole === null || whole <= 0 ? null : oneDecimal((part / whole) * 100));

/**
 * The figures (Artisan's `computedProfileInformation` and `calcStatistics`):
 * - each event's time and BT at its sample (the raw reading, as Artisan's
 *   annotations and `computed` block), null when not marked;
 * - the turning point, Artisan's `findTP`: the lowest BT above 0 from CHARGE up
 *   to (not including) FC START, else DROP, else the end; the latest of equal
 *   lows; none when that is the file's first sample;
 * - total CHARGE → DROP; drying CHARGE → DRY END, Maillard DRY END → FC START,
 *   development FC START → DROP, each with its share of the total; DTR is
 *   development's share. A phase whose bounds are not both marked is null
 *   (Artisan would guess DRY END from its phase temperature; we show what the
 *   roaster marked, decision 0052);
 * - weight loss (green − resultant) / green of the roast record.
 * One pass over the points: each point is matched against the events' times
 * and the turning point's running low as it goes.
 */
export function roastMetrics(
  curve: ArtisanCurve,
  weights: { green_kg: number; resultant_kg: number },
  unit: TemperatureUnit,
): RoastMetrics {
  const { events, points } = curve;
  const temperature = (value: number | null): number | null => (value === null ? null : oneDecimal(convertTemperature(value, curve.unit, unit)));
  const figures: Partial<Record<EventName, RoastEventFigure>> = {};
  // Artisan's findTP scans [CHARGE, FC START or DROP or the end): every point from CHARGE on (t ≥ 0) before that event.
  const tpEnd = events.fc_start ?? events.drop ?? Infinity;
  let tp: { index: number; t: number; bt: number } | null = null;
  points.forEach((point, index) => {
    for (const name of EVENT_NAMES) {
      if (events[name] === point.t && figures[name] === undefined) figures[name] = { t: point.t, bt: temperature(point.bt) };
    }
    // `<=`: Artisan scans backwards keeping a strictly lower BT, so of equal lows the latest is the turning point.
    if (point.t >= 0 && point.t < tpEnd && point.bt !== null && point.bt > 0 && (tp === null || point.bt <= tp.bt)) tp = { index, t: point.t, bt: point.bt };
  });
  const figure = (name: EventName): RoastEventFigure | null =>
    figures[name] ?? (events[name] === null ? null : { t: events[name], bt: null });
  const found = tp as { index: number; t: number; bt: number } | null;
  const charge = figure('charge');
  const dryEnd = figure('dry_end');
  const fcStart = figure('fc_start');
  const drop = figure('drop');
  const total = charge && drop ? drop.t - charge.t : null;
  const phase = (from: RoastEventFigure | null, to: RoastEventFigure | null): RoastPhase | null => {
    if (!from || !to || total === null) return null;
    const seconds = to.t - from.t;
    return { s: Math.round(seconds * 1000) / 1000, pct: percentOf(seconds, total) ?? 0 };
  };
  const development = phase(fcStart, drop);
  const green = weights.green_kg;
  return {
    charge,
    tp: found && found.index > 0 ? { t: found.t, bt: temperature(found.bt) } : null,
    dry_end: dryEnd,
    fc_start: fcStart,
    fc_end: figure('fc_end'),
    sc_start: figure('sc_start'),
    sc_end: figure('sc_end'),
    drop,
    total_time_s: total,
    phases: { drying: phase(charge, dryEnd), maillard: phase(dryEnd, fcStart), development },
    dtr_pct: development && total ? development.pct : null,
    weight_loss_pct: green > 0 ? percentOf(green - weights.resultant_kg, green) : null,
  };
}

/**
 * The curve's points in `unit` (the 'Temperatura' setting), to the hundredth of a degree; the
 * stored curve stays in the file's unit (docs/decisions/0052-roast-metrics.md). One pass.
 */
export function curveInUnit(curve: ArtisanCurve, unit: TemperatureUnit): ArtisanCurve {
  if (curve.unit === unit) return curve;
  const convert = (value: number | null) => (value === null ? null : Math.round(convertTemperature(value, curve.unit, unit) * 100) / 100 + 0);
  return { unit, points: curve.points.map((point) => ({ t: point.t, bt: convert(point.bt), et: convert(point.et) })), events: curve.events };
}

/** Artisan's defaults (its canvas.py): the delta span in seconds, and its RoR and curve smoothing windows. */
export const ROR_SPAN_S = 20;
/** `curvefilter` 3: BT is averaged over 3 samples, weights 1, 2, 3 (Artisan's "decay" smoothing, its default). */
const CURVE_WEIGHTS = [1, 2, 3] as const;
/** `deltaBTfilter` 7, halved and rounded by Artisan for decay smoothing: 4 samples, weights 1 to 4. */
const ROR_WEIGHTS = [1, 2, 3, 4] as const;
/** Artisan leaves the first 10 samples after CHARGE out of the RoR (the drop of the charge's own peak). */
const ROR_SKIP_AFTER_CHARGE = 10;
/** Artisan's default RoR limits, per unit (45 °C/min and −10 °C/min, 81 and −18 °F/min): readings beyond are not drawn. */
const ROR_LIMITS: Readonly<Record<TemperatureUnit, readonly [number, number]>> = { C: [-10, 45], F: [-18, 81] };
/** Artisan fills a gap of at most this many missing readings in a row ("Interpolate drops", on by default). */
const FILL_GAP_MAX = 3;

/** Python's round() (half to even), which Artisan's `int(round(span / interval))` uses. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (Math.abs(fraction - 0.5) > 1e-9) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Samples in the 20 s delta span: Artisan's `max(1, round(deltaBTspan / sampling interval))`, the interval the points' mean spacing. */
export function rorSamples(points: ArtisanCurve['points']): number {
  if (points.length < 2) return 1;
  const interval = (points[points.length - 1]!.t - points[0]!.t) / (points.length - 1);
  return interval > 0 ? Math.max(1, roundHalfEven(ROR_SPAN_S / interval)) : 1;
}

/** A trailing weighted mean with Artisan's decay weights; at the start of a run, the last weights only. NaN in, NaN out. */
function decayMean(values: Float64Array, from: number, to: number, weights: readonly number[], into: Float64Array): void {
  for (let index = from; index < to; index++) {
    const count = Math.min(weights.length, index - from + 1);
    let sum = 0;
    let weightSum = 0;
    for (let back = 0; back < count; back++) {
      const weight = weights[weights.length - 1 - back]!;
      sum += values[index - back]! * weight;
      weightSum += weight;
    }
    into[index] = sum / weightSum;
  }
}

/**
 * BT rate of rise in degrees of `unit` per minute, as Artisan draws it for a
 * loaded profile with its default settings (canvas.py `smoothETBT`,
 * `computeDeltas`, `smooth_slice`): gaps of up to 3 readings filled by a
 * straight line; BT smoothed by a trailing mean over 3 samples (weights 1, 2,
 * 3) within each unbroken run; the rise over the delta span (20 s in samples
 * of the file's interval) per minute; that smoothed by a trailing mean over 4
 * samples (weights 1 to 4); kept from the 10th sample after CHARGE to DROP and
 * within Artisan's limits. Artisan resamples to an even time grid first; the
 * stored samples are evenly spaced to the millisecond in practice, so that
 * step is left out (decision 0052). Computed in the file's unit and converted
 * by 9/5 alone. A few linear passes over arrays, nothing per point beyond them.
 */
export function rateOfRise(curve: ArtisanCurve, unit: TemperatureUnit): RorPoint[] {
  const { points, events } = curve;
  const count = points.length;
  if (count < 2) return [];
  const times = new Float64Array(count);
  const bt = new Float64Array(count);
  let chargeIndex = -1;
  let dropIndex = -1;
  for (let index = 0; index < count; index++) {
    const point = points[index]!;
    times[index] = point.t;
    bt[index] = point.bt ?? Number.NaN;
    if (chargeIndex === -1 && events.charge !== null && point.t === events.charge) chargeIndex = index;
    if (dropIndex === -1 && events.drop !== null && point.t === events.drop) dropIndex = index;
  }
  fillGaps(bt);
  // Smoothed within each run of readings; a missing reading stays missing.
  const smooth = new Float64Array(count).fill(Number.NaN);
  for (let start = 0; start < count; ) {
    if (Number.isNaN(bt[start]!)) {
      start++;
      continue;
    }
    let end = start;
    while (end < count && !Number.isNaN(bt[end]!)) end++;
    decayMean(bt, start, end, CURVE_WEIGHTS, smooth);
    start = end;
  }
  const span = rorSamples(points);
  if (count <= span) return [];
  const rise = new Float64Array(count);
  for (let index = span; index < count; index++) {
    rise[index] = (smooth[index]! - smooth[index - span]!) / ((times[index]! - times[index - span]!) / 60);
  }
  // Artisan repeats the first rise before it (numpy.append of z1[0]).
  rise.fill(rise[span]!, 0, span);
  const ror = new Float64Array(count);
  decayMean(rise, 0, count, ROR_WEIGHTS, ror);
  const first = chargeIndex === -1 ? 0 : Math.min(chargeIndex + ROR_SKIP_AFTER_CHARGE, count - 1);
  const last = dropIndex > 0 ? dropIndex : count - 1;
  const [low, high] = ROR_LIMITS[curve.unit];
  const series: RorPoint[] = [];
  for (let index = first; index <= last; index++) {
    const value = ror[index]!;
    if (!Number.isFinite(value) || value <= low || value >= high) continue;
    series.push({ t: times[index]!, v: oneDecimal(convertTemperatureDelta(value, curve.unit, unit)) });
  }
  return series;
}

/** Artisan's `fill_gaps`: a run of at most 3 missing readings between two readings becomes the straight line between them. */
function fillGaps(values: Float64Array): void {
  for (let index = 1; index < values.length; index++) {
    if (!Number.isNaN(values[index]!) || Number.isNaN(values[index - 1]!)) continue;
    let next = index;
    while (next < values.length && Number.isNaN(values[next]!) && next - index < FILL_GAP_MAX) next++;
    if (next >= values.length || Number.isNaN(values[next]!)) continue;
    const before = values[index - 1]!;
    const step = (values[next]! - before) / (next - index + 1);
    for (let gap = index; gap < next; gap++) values[gap] = before + step * (gap - index + 1);
    index = next;
  }
}
