import { useInfiniteQuery } from '@tanstack/react-query';
import type { CustomerPage } from '#shared/schemas/customers.js';
import { type CustomerSearch, queryKeys } from '#web/api/query-keys.js';
import { keysetQueryOptions } from '#web/lib/keyset-pages.js';

/** The customers by name, 'Cargar más' at a time (src/web/lib/screens.ts preloads the first page without a search). */
export const customersQueryOptions = (search: CustomerSearch) => keysetQueryOptions<CustomerPage>(queryKeys.customers.list(search), '/customers', search);

export const useCustomers = (search: CustomerSearch) => useInfiniteQuery(customersQueryOptions(search));
