import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockAlerts } from '#shared/schemas/stock-alerts.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest } from '#web/lib/api-client.js';

/** GET /api/stock-alerts: what is under its low-stock threshold, and the days left at the last 30 days' pace. */
export const getStockAlerts = () => apiRequest<StockAlerts>('GET', '/stock-alerts');

export const stockAlertsQueryOptions = () => queryOptions({ queryKey: queryKeys.traceability.stockAlerts, queryFn: getStockAlerts });

export const useStockAlerts = () => useQuery(stockAlertsQueryOptions());
