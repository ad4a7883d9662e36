import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';
import { queryKeys } from './query-keys.js';

/** Every sale format, active or not, by grams: the sale form's 'Formato' and Configuración's 'Formatos de venta' share this request. */
export const getSaleFormats = () => fetchAllPages<SaleFormat>('/sale-formats');

export const saleFormatsQueryOptions = queryOptions({ queryKey: [...queryKeys.saleFormats.all, 'every'], queryFn: getSaleFormats });

export const useSaleFormats = () => useQuery(saleFormatsQueryOptions);
