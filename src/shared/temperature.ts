/**
 * Temperatures of a roast curve (docs/decisions/0052-roast-metrics.md): the
 * 'Temperatura' setting's units and the conversions between them. A
 * temperature converts with the offset; a rate of rise (a difference of
 * temperatures per minute) by the factor 9/5 alone.
 */

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** The unit every curve is shown in while no administrator has chosen another. */
export const DEFAULT_TEMPERATURE_UNIT: TemperatureUnit = 'C';

/** A temperature from one unit to another. */
export function convertTemperature(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return to === 'F' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9;
}

/** A temperature difference (a rate of rise, degrees per minute) from one unit to another: no offset. */
export function convertTemperatureDelta(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return to === 'F' ? (value * 9) / 5 : (value * 5) / 9;
}
