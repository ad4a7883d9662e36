import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  monthlyMarginSchema,
  monthlySalesSchema,
  periodTotalsSchema,
  type ReportRange,
  reportRangeFields,
  reportRangeQuerySchema,
  salesByCustomerSchema,
  stockByAgeSchema,
  stockSummarySchema,
  topByProductSchema,
  topProductsSchema,
  withRangeInOrder,
} from '#shared/schemas/reports.js';
import type { Database } from '#server/db/schema.js';
import { csvDialectQuerySchema } from '#server/http/csv-export.js';
import { withCsvExport } from '#server/http/csv-export-route.js';
import { errorResponses } from '#server/http/error-responses.js';
import { exportReports } from './reports-csv.js';
import { monthlyMargin, monthlySales, periodTotals, salesByCustomer, stockByAge, stockSummary, topByProduct, topProducts } from './service.js';

const tags = ['reportes'];

/** /api/reports: any signed-in user, read-only, from the sales aggregates. */
const rangeReports: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  /** A report over a date range: `?from=&to=`, 400 when the range is not valid. */
  const rangeReport = <Report extends z.ZodType>(
    url: string,
    names: { operationId: string; summary: string },
    report: Report,
    read: (db: Kysely<Database>, range: ReportRange) => Promise<z.output<Report>>,
  ) => {
    // Plain zod to Fastify, as in crudRoutes: it cannot resolve a reply type from a generic schema; `read` is typed above.
    const body: z.ZodType = report;
    app.get(url, {
      schema: { tags, ...names, querystring: reportRangeQuerySchema, response: { 200: body, ...errorResponses(400, 401) } },
    }, (request) => read(db, request.query));
  };

  rangeReport('/monthly-sales', {
    operationId: 'getMonthlySalesReport',
    summary: 'Ventas por mes (en $) dentro del rango de fechas',
  }, monthlySalesSchema, monthlySales);

  rangeReport('/monthly-margin', {
    operationId: 'getMonthlyMarginReport',
    summary: 'Margen bruto por mes (en $) dentro del rango de fechas, con el coste actual de cada lote',
  }, monthlyMarginSchema, monthlyMargin);

  rangeReport('/top-products', {
    operationId: 'getTopProductsReport',
    summary: 'Los 5 lotes más vendidos en Kg dentro del rango de fechas',
  }, topProductsSchema, topProducts);

  rangeReport('/period-totals', {
    operationId: 'getPeriodTotalsReport',
    summary: 'Totales del periodo: Kg vendidos, número de ventas, ventas (en $) y margen bruto dentro del rango de fechas',
  }, periodTotalsSchema, periodTotals);

  rangeReport('/sales-by-customer', {
    operationId: 'getSalesByCustomerReport',
    summary: 'Los 10 clientes que más compraron (en $) dentro del rango de fechas, con su margen bruto; el resto de clientes y las ventas de mostrador aparte',
  }, salesByCustomerSchema, salesByCustomer);

  rangeReport('/top-by-product', {
    operationId: 'getTopByProductReport',
    summary: 'Los 5 productos más vendidos en Kg (origen y tipo de tueste, o receta), sumando sus lotes, dentro del rango de fechas',
  }, topByProductSchema, topByProduct);

  app.get('/stock-summary', {
    schema: {
      tags,
      operationId: 'getStockSummaryReport',
      summary: 'Stock disponible en Kg de café verde, tostado y mezcla',
      response: { 200: stockSummarySchema, ...errorResponses(401) },
    },
  }, () => stockSummary(db));

  // Its own route, not a field of stock-summary: it costs every lot in stock, the tiles are three sums
  // (docs/decisions/0049-roast-age-and-public-page.md, docs/performance.md P2).
  app.get('/stock-by-age', {
    schema: {
      tags,
      operationId: 'getStockByAgeReport',
      summary: 'Café tostado y de mezcla disponible por edad desde el tueste: Kg y valor a coste',
      response: { 200: stockByAgeSchema, ...errorResponses(401) },
    },
  }, () => stockByAge(db));
};

/** The reports, plus GET /export.csv: what /reportes shows for the range, in the CSV dialects (docs/decisions/0012-csv-dialects.md). */
export const reportRoutes = withCsvExport(rangeReports, {
  tags,
  operationId: 'exportReportsCsv',
  summary: 'Exportar en CSV lo que muestra Reportes para el rango de fechas',
  querystring: withRangeInOrder(z.object({ ...reportRangeFields, ...csvDialectQuerySchema.shape })),
  build: exportReports,
});
