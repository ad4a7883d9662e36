import type { RoastCurve } from '#shared/schemas/artisan.js';
import { curveExtent, finitePoints } from '#web/components/roast-curve/roast-curve-format.js';

type CurvePoint = RoastCurve['points'][number];

/**
 * A curve's points on the comparison's time axis: seconds from its own CHARGE,
 * so every roast starts at 0:00 whatever moment its recording began. The
 * curve's answer already counts from CHARGE (its `events.charge` is 0); a
 * CHARGE at another time (an older answer) is subtracted all the same. Points
 * that cannot be drawn are left out as the single curve does (finitePoints),
 * and ET too unless it is shown.
 */
export function alignedPoints(curve: Pick<RoastCurve, 'points' | 'events'>, withEt: boolean): CurvePoint[] {
  const charge = curve.events.charge ?? 0;
  return finitePoints(curve.points).map((point) => ({ t: point.t - charge, bt: point.bt, et: withEt ? point.et : null }));
}

/** The time span and the temperatures of every compared curve together, for one pair of axes; null with nothing to draw. */
export function sharedExtent(curves: readonly (readonly CurvePoint[])[]): { from: number; to: number; coldest: number; hottest: number } | null {
  let shared: { from: number; to: number; coldest: number; hottest: number } | null = null;
  for (const points of curves) {
    if (points.length === 0) continue;
    const extent = curveExtent(points);
    if (!extent) continue;
    shared = shared
      ? {
          from: Math.min(shared.from, extent.from),
          to: Math.max(shared.to, extent.to),
          coldest: Math.min(shared.coldest, extent.coldest),
          hottest: Math.max(shared.hottest, extent.hottest),
        }
      : extent;
  }
  return shared;
}

/** The index of the point nearest `t` in time (a scan: the file's samples need not be ordered), or −1 without points. */
export function nearestIndex(points: readonly { t: number }[], t: number): number {
  let nearest = -1;
  for (let index = 0; index < points.length; index++) {
    if (nearest === -1 || Math.abs(points[index]!.t - t) < Math.abs(points[nearest]!.t - t)) nearest = index;
  }
  return nearest;
}
