import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#shared/schemas/settings.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/**
 * The settings, for the default unit price a chosen product fills in
 * (default_price_roasted / default_price_blend, Configuración; 15.00 / 25.00
 * out of the box, docs/product-guide.md#business-constants). Same key as the Configuración screen's query, so a
 * saved price shows here at once; features cannot import each other, so the
 * request is declared again here.
 */
export const getSalePrices = () => apiRequest<Settings>('GET', '/settings');

export const salePricesQueryOptions = queryOptions({ queryKey: queryKeys.settings.all, queryFn: getSalePrices });

export const useSalePrices = () => useQuery(salePricesQueryOptions);
