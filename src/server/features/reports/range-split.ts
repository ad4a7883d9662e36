import type { ReportRange } from '#shared/schemas/reports.js';

/**
 * How a report range is read (migration 0007, docs/decisions/0010): the whole
 * months inside it from `sales_monthly`, the (at most two) months it cuts from
 * `sales_daily`, day by day. So a report never reads the sales table, and
 * reads at most ~62 daily rows per product whatever the range.
 */
export interface RangeSplit {
  /** Inclusive YYYY-MM bounds for sales_monthly (a missing bound is open), or null when no whole month is inside. */
  months: { from?: string; to?: string } | null;
  /** Inclusive YYYY-MM-DD ranges for sales_daily, one per cut month. */
  days: { from: string; to: string }[];
}

const monthOf = (date: string) => date.slice(0, 7);

function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const firstDay = (month: string) => `${month}-01`;

function lastDay(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

export function splitRange({ from, to }: ReportRange): RangeSplit {
  // The first and last whole months of the range (open ends stay open).
  const firstWhole = from === undefined ? undefined : from === firstDay(monthOf(from)) ? monthOf(from) : shiftMonth(monthOf(from), 1);
  const lastWhole = to === undefined ? undefined : to === lastDay(monthOf(to)) ? monthOf(to) : shiftMonth(monthOf(to), -1);
  const hasWholeMonths = firstWhole === undefined || lastWhole === undefined || firstWhole <= lastWhole;
  const months = hasWholeMonths ? { ...(firstWhole ? { from: firstWhole } : {}), ...(lastWhole ? { to: lastWhole } : {}) } : null;

  const days: RangeSplit['days'] = [];
  const cutMonths = new Set<string>();
  if (from !== undefined && from !== firstDay(monthOf(from))) cutMonths.add(monthOf(from));
  if (to !== undefined && to !== lastDay(monthOf(to))) cutMonths.add(monthOf(to));
  for (const month of [...cutMonths].sort()) {
    const start = from !== undefined && from > firstDay(month) ? from : firstDay(month);
    const end = to !== undefined && to < lastDay(month) ? to : lastDay(month);
    days.push({ from: start, to: end });
  }
  return { months, days };
}
