import type { Formatter } from './format.js';

/**
 * A roast's temperature or share with 1 decimal, as Artisan shows them ('201.3', '20,5' with a
 * decimal comma): rounded half away from zero on the decimal value, as Formatter.twoDecimals is,
 * in the shop's separator (docs/decisions/0042-one-regional-formatter.md). Beside the formatter
 * rather than in it: format.ts is in the login and home's code, which only the curves need this in.
 */
export function oneDecimal(value: number, f: Formatter): string {
  const micro = Math.round(Math.abs(value) * 1_000_000);
  const tenths = Math.floor(micro / 100_000) + (micro % 100_000 >= 50_000 ? 1 : 0);
  const text = `${Math.floor(tenths / 10)}${f.format.decimal_separator}${tenths % 10}`;
  return value < 0 && tenths !== 0 ? `-${text}` : text;
}
