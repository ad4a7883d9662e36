import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#shared/schemas/settings.js';
import { apiRequest } from '#web/lib/api-client.js';
import { queryKeys } from './query-keys.js';

/**
 * Every setting with its current value: the Configuración screen edits them,
 * and the sales form fills in a chosen product's default unit price
 * (default_price_roasted / default_price_blend; 15.00 / 25.00 out of the box,
 * docs/product-guide.md#business-constants). One request and one cache for
 * both, so a saved price shows in Ventas at once.
 */
export const getSettings = () => apiRequest<Settings>('GET', '/settings');

export const settingsQueryOptions = queryOptions({ queryKey: queryKeys.settings.all, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions);
