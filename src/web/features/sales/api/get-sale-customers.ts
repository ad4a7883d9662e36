import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerPage } from '#shared/schemas/customers.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';
import { PICKER_LIMIT } from './get-products.js';

/**
 * The active customers whose name, NIF/CIF, email or phone hold the text, by name: what the sale
 * form's 'Cliente' offers (a deactivated one cannot be chosen for a sale, docs/product-guide.md#ventas).
 */
export const saleCustomersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.customers.picker(q),
    queryFn: () => apiRequest<CustomerPage>('GET', withQuery('/customers', { q: q.trim() || undefined, active: 'true', limit: PICKER_LIMIT })),
    placeholderData: keepPreviousData,
  });
