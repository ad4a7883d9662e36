/**
 * Round axis values for the app's charts (the reports' bars, the Artisan roast
 * curve), worked out without the DOM: the steps Recharts chose before
 * (docs/decisions/0031-report-charts-with-visx.md), so the charts read the same.
 */

/**
 * `count` evenly spaced values from `from` (or just below it) past `to`, on a
 * step rounded up to 2 significant digits in steps of 5: 0 / 550 / 1100 / 1650 /
 * 2200, or 90 / 180 / 270 / 360 / 450. More than `count` when the step leaves
 * `to` beyond the last; 0 to count − 1 when there is no range at all.
 */
export function roundTicks(from: number, to: number, count: number): number[] {
  if (to === from) return Array.from({ length: count }, (_, index) => from + index);
  const rough = (to - from) / (count - 1);
  const unit = 10 ** (Math.floor(Math.log10(rough)) + 1) * 0.05;
  const step = Math.ceil(rough / unit - 1e-9) * unit;
  const first = Math.floor(from / step + 1e-9) * step;
  const ticks = [first];
  while (ticks.length < count || ticks[ticks.length - 1]! < to - 1e-9) ticks.push(first + ticks.length * step);
  return ticks;
}
