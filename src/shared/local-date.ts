/**
 * Today as YYYY-MM-DD in the local time zone of whoever runs it: the browser's
 * for a form, the server process's (its TZ) for the API. Every business date
 * rule '… no puede ser posterior a hoy.' (entry, roast, blend creation, sale:
 * businessDateSchema in schemas/common.ts) compares with it
 * (docs/decisions/0009-sale-totals-and-aggregates.md).
 */
export function localIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
