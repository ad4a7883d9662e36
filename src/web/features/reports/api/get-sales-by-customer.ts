import { useQuery } from '@tanstack/react-query';
import type { SalesByCustomer } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** The top 10 customers by revenue in the range with their margin; the other customers and the counter sales apart. */
export const useSalesByCustomer = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<SalesByCustomer>(queryKeys.reports.salesByCustomer(range), '/reports/sales-by-customer', range));
