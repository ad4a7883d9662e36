import { useQuery } from '@tanstack/react-query';
import type { TopProducts } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** The top 5 lots by kg sold in the range. */
export const useTopProducts = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<TopProducts>(queryKeys.reports.topProducts(range), '/reports/top-products', range));
