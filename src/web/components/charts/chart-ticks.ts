/**
 * Round axis values for the app's charts, worked out without the DOM: the reports'
 * bars keep the steps Recharts chose before (docs/decisions/0031-report-charts-with-visx.md),
 * so they read the same; the roast curves take the round steps a roaster reads.
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

/** The roast curves' steps within each power of ten. */
const ROAST_STEPS = [1, 2, 2.5, 5];

/**
 * A roast curve's temperature or rate-of-rise marks: the multiples of the smallest
 * step of 1, 2, 2.5 or 5 × a power of ten that spans `from` to `to` in at most
 * `most` marks, from the multiple at or below `from` to the one at or above `to`
 * (50 / 100 / 150 / 200 / 250 °C, or −10 / 0 / 10 / 20 °C/min). Being multiples of
 * the step, they hold 0 whenever the range crosses it. Whole degrees from the value
 * on when there is no range at all. At least 3 marks: a range across 0 always
 * takes them (−step, 0, step), however large the step.
 */
export function roastTicks(from: number, to: number, most: number): number[] {
  const room = Math.max(3, most);
  if (!(to > from)) return Array.from({ length: room }, (_, index) => Math.floor(from) + index);
  let power = 10 ** Math.floor(Math.log10((to - from) / (room - 1)));
  for (;;) {
    for (const factor of ROAST_STEPS) {
      const step = factor * power;
      const first = Math.floor(from / step + 1e-9);
      const last = Math.ceil(to / step - 1e-9);
      // Each mark rounded to 12 digits, so 3 × 0.1 reads 0.3.
      if (last - first + 1 <= room) return Array.from({ length: last - first + 1 }, (_, index) => Number(((first + index) * step).toPrecision(12)));
    }
    power *= 10;
  }
}
