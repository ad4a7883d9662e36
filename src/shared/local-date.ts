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

/**
 * 'YYYY-MM-DD' plus whole months, the day kept; a day the month reached lacks becomes its last:
 * 31/01 + 1 month is 28/02 (29/02 in a leap year), 29/02/2024 + 12 months is 28/02/2025
 * (a bag's 'Consumir preferentemente antes del', docs/decisions/0050-bag-labels-and-business-identity.md).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}
