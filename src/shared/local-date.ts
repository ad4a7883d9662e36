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

/** Calendar days from `from` to `to` ('YYYY-MM-DD', UTC arithmetic on dates without time: no zone shifts); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
