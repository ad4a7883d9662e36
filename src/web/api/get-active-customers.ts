import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerPage } from '#shared/schemas/customers.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PICKER_LIMIT } from '#web/lib/page-size.js';
import { queryKeys } from './query-keys.js';

/**
 * The active customers whose name, NIF/CIF, email or phone hold the text, by name: what the sale
 * and order forms' 'Cliente' offers (a deactivated one cannot be chosen, docs/product-guide.md#ventas
 * and #pedidos).
 */
export const activeCustomersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.customers.picker(q),
    queryFn: () => apiRequest<CustomerPage>('GET', withQuery('/customers', { q: q.trim() || undefined, active: 'true', limit: PICKER_LIMIT })),
    placeholderData: keepPreviousData,
  });
