import { localIsoDate } from '#shared/local-date.js';
import type { ReportRangeParams } from '#web/api/query-keys.js';

/**
 * The date-range filter of /reportes (docs/product-guide.md#reportes), kept in the URL
 * (`?periodo=…&desde=…&hasta=…`) so a report can be shared or reloaded.
 * Presets are relative to today in the browser's time zone: a shared
 * "Este mes" link shows the month of whoever opens it.
 */
export const PERIODS = [
  { value: 'mes', label: 'Este mes' },
  { value: '3meses', label: 'Últimos 3 meses' },
  { value: 'anio', label: 'Este año' },
  { value: 'todo', label: 'Todo' },
  { value: 'personalizado', label: 'Personalizado' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

export interface RangeChoice {
  period: Period;
  /** Only for 'personalizado': inclusive YYYY-MM-DD bounds, '' = open. */
  from: string;
  to: string;
}

const isPeriod = (value: string | null): value is Period => PERIODS.some((period) => period.value === value);

/** What the URL asks for; no or unknown `periodo` = all time (the reports' default). */
export function readRangeChoice(params: URLSearchParams): RangeChoice {
  const period = params.get('periodo');
  if (!isPeriod(period)) return { period: 'todo', from: '', to: '' };
  return period === 'personalizado' ? { period, from: params.get('desde') ?? '', to: params.get('hasta') ?? '' } : { period, from: '', to: '' };
}

/** The URL of a choice (custom dates only for 'personalizado'; 'todo' is the bare /reportes). */
export function rangeSearchParams(choice: RangeChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.period === 'todo') return params;
  params.set('periodo', choice.period);
  if (choice.period === 'personalizado') {
    if (choice.from) params.set('desde', choice.from);
    if (choice.to) params.set('hasta', choice.to);
  }
  return params;
}

/** The API range of a choice, from today's date (YYYY-MM-DD, local). */
export function rangeOf(choice: RangeChoice, today: string = localIsoDate()): ReportRangeParams {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  switch (choice.period) {
    case 'mes':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case '3meses': {
      // This month and the two before it.
      const index = Number(year) * 12 + (month - 1) - 2;
      return { from: `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`, to: today };
    }
    case 'anio':
      return { from: `${year}-01-01`, to: today };
    case 'personalizado':
      return { ...(choice.from ? { from: choice.from } : {}), ...(choice.to ? { to: choice.to } : {}) };
    case 'todo':
      return {};
  }
}
