import { ACTION_NAMES, AREA_NAMES } from '#shared/activity-sentence.js';
import { activityMessages } from '#shared/activity-messages.js';
import type { ActivityAction, ActivityArea } from '#shared/schemas/activity.js';
import { isRealIsoDate, MAX_ROW_ID } from '#shared/schemas/common.js';
import type { ActivityFilters } from '#web/api/query-keys.js';

/**
 * The filters of /actividad (docs/product-guide.md#actividad), kept in the URL in Spanish
 * (`?usuario=3&area=coffee-origins&accion=update&desde=2024-03-01&hasta=2024-03-31`) so a
 * filtered log can be reloaded or shared; the API takes them as user, area, action, from, to.
 *
 * Checked here by the rules of GET /api/activity's query (activityQuerySchema) rather than with
 * it: that module's zod schemas would grow the `forms` chunk the login loads
 * (docs/decisions/0019-web-chunk-groups-and-route-preloads.md); tests/unit/activity-filters.test.ts
 * holds the two to the same answers.
 */
const URL_NAMES = { user: 'usuario', area: 'area', action: 'accion', from: 'desde', to: 'hasta' } as const satisfies Record<keyof ActivityFilters, string>;

const FILTERS = Object.keys(URL_NAMES) as (keyof ActivityFilters)[];

/** Each filter's text as the API takes it, or undefined where the API would refuse it. */
const READERS: { [Name in keyof ActivityFilters]-?: (text: string) => ActivityFilters[Name] } = {
  user: (text) => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ROW_ID ? Number(text) : undefined),
  area: (text) => (Object.hasOwn(AREA_NAMES, text) ? (text as ActivityArea) : undefined),
  action: (text) => (Object.hasOwn(ACTION_NAMES, text) ? (text as ActivityAction) : undefined),
  from: (text) => (isRealIsoDate(text) ? text : undefined),
  to: (text) => (isRealIsoDate(text) ? text : undefined),
};

/** Filters as the API takes them, from texts ('' for an empty one); the first rule broken, in the API's words. */
export function checkActivityFilters(texts: Partial<Record<keyof ActivityFilters, string>>): { filters: ActivityFilters } | { error: string } {
  const filters: Record<string, unknown> = {};
  for (const name of FILTERS) {
    const text = texts[name];
    if (text === undefined || text === '') continue;
    const value = READERS[name](text);
    if (value === undefined) return { error: name === 'from' || name === 'to' ? activityMessages.invalidDate : activityMessages.invalidFilter };
    filters[name] = value;
  }
  const checked = filters as ActivityFilters;
  if (checked.from && checked.to && checked.from > checked.to) return { error: activityMessages.fromAfterTo };
  return { filters: checked };
}

/**
 * What the URL asks for: a value the API would refuse (an unknown area, a day the calendar
 * lacks, 'hasta' before 'desde') is left out, so an edited or old link shows the log rather
 * than an error.
 */
export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const filters: Record<string, unknown> = {};
  for (const name of FILTERS) {
    const value = READERS[name](params.get(URL_NAMES[name]) ?? '');
    if (value !== undefined) filters[name] = value;
  }
  const read = filters as ActivityFilters;
  if (read.from && read.to && read.from > read.to) delete read.to;
  return read;
}

/** The URL of a set of filters (empty ones left out; no filter is the bare /actividad). */
export function activitySearchParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(URL_NAMES[name], String(value));
  }
  return params;
}
