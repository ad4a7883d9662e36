import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';
import { queryKeys } from './query-keys.js';

/** Every sale format (Configuración's 'Formatos de venta'): the order lines' 'Formato' offers the active ones. */
export const saleFormatOptionsQueryOptions = queryOptions({ queryKey: queryKeys.saleFormats.all, queryFn: () => fetchAllPages<SaleFormat>('/sale-formats') });

export const useSaleFormatOptions = () => useQuery(saleFormatOptionsQueryOptions);
