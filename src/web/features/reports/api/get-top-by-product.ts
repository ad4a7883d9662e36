import { useQuery } from '@tanstack/react-query';
import type { TopByProduct } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** The top 5 products (origin and roast type, or recipe) by kg sold in the range, their lots summed. */
export const useTopByProduct = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<TopByProduct>(queryKeys.reports.topByProduct(range), '/reports/top-by-product', range));
