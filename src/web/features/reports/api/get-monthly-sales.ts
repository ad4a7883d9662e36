import { useQuery } from '@tanstack/react-query';
import type { MonthlySales } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** 'Ventas Mensuales' for the range. */
export const useMonthlySales = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<MonthlySales>(queryKeys.reports.monthlySales(range), '/reports/monthly-sales', range));
