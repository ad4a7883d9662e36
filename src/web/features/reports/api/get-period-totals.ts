import { useQuery } from '@tanstack/react-query';
import type { PeriodTotals } from '#shared/schemas/reports.js';
import { queryKeys, type ReportRangeParams } from '#web/api/query-keys.js';
import { rangedReportQuery } from './report-query.js';

/** 'Totales del Periodo' for the range: kg, number of sales, revenue and gross margin. */
export const usePeriodTotals = (range: ReportRangeParams) =>
  useQuery(rangedReportQuery<PeriodTotals>(queryKeys.reports.periodTotals(range), '/reports/period-totals', range));
