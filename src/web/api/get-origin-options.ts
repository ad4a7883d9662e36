import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Origin } from '#shared/schemas/origins.js';
import type { SelectOption } from '#web/lib/form-values.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';
import { queryKeys } from './query-keys.js';

/**
 * Every origin with its suppliers, by name, following the API's pages to the
 * end: the origin selects of several areas' forms (green coffee, roasts,
 * recipes…) share this one request and its cache.
 */
export const getOriginOptions = () => fetchAllPages<Origin>('/coffee-origins');

export const originOptionsQueryOptions = queryOptions({ queryKey: queryKeys.origins.options, queryFn: getOriginOptions });

export const useOriginOptions = () => useQuery(originOptionsQueryOptions);

/** The origins as <SelectField> options: id as the value, name as the text. */
export const originSelectOptions = (origins: readonly Origin[]): SelectOption[] =>
  origins.map((origin) => ({ value: String(origin.id), label: origin.name }));
