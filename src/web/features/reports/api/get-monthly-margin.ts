import { useQuery } from '@tanstack/react-query';
import type { MonthlyMargin } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** 'Margen bruto' per month for the range (its own route, docs/decisions/0011-cost-per-kg-and-margins.md). */
export const useMonthlyMargin = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<MonthlyMargin>(queryKeys.reports.monthlyMargin(range), '/reports/monthly-margin', range));
