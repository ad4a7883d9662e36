import type { ArtisanCurve, RoastMetrics, RorPoint } from '#shared/schemas/artisan.js';
import type { TemperatureUnit } from '#shared/temperature.js';

/**
 * The figures of a roast from its stored curve, with Artisan's own definitions
 * (docs/decisions/0052-roast-metrics.md), temperatures in `unit` whatever the
 * file's. Pure: the curve endpoint and the reference profile's differences
 * call it on a curve already read.
 */
export function roastMetrics(
  curve: ArtisanCurve,
  weights: { green_kg: number; resultant_kg: number },
  unit: TemperatureUnit,
): RoastMetrics {
  void curve;
  void weights;
  void unit;
  throw new Error('roastMetrics: not built yet (contract commit)');
}

/** BT rate of rise in degrees of `unit` per minute (docs/decisions/0052-roast-metrics.md). */
export function rateOfRise(curve: ArtisanCurve, unit: TemperatureUnit): RorPoint[] {
  void curve;
  void unit;
  throw new Error('rateOfRise: not built yet (contract commit)');
}
