import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { monthlyMarginSchema, monthlySalesSchema, reportRangeQuerySchema, stockSummarySchema, topProductsSchema } from '#shared/schemas/reports.js';
import type { Database } from '#server/db/schema.js';
import { errorResponses } from '#server/http/crud-routes.js';
import { monthlyMargin, monthlySales, stockSummary, topProducts } from './service.js';

/** /api/reports (DESIGN.md section 3): any signed-in user, read-only, from the sales aggregates. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/monthly-sales', {
    schema: {
      tags: ['reportes'],
      operationId: 'getMonthlySalesReport',
      summary: 'Ventas por mes (en $) dentro del rango de fechas',
      querystring: reportRangeQuerySchema,
      response: { 200: monthlySalesSchema, ...errorResponses(400, 401) },
    },
  }, (request) => monthlySales(db, request.query));

  app.get('/monthly-margin', {
    schema: {
      tags: ['reportes'],
      operationId: 'getMonthlyMarginReport',
      summary: 'Margen bruto por mes (en $) dentro del rango de fechas, con el coste actual de cada lote',
      querystring: reportRangeQuerySchema,
      response: { 200: monthlyMarginSchema, ...errorResponses(400, 401) },
    },
  }, (request) => monthlyMargin(db, request.query));

  app.get('/top-products', {
    schema: {
      tags: ['reportes'],
      operationId: 'getTopProductsReport',
      summary: 'Los 5 lotes más vendidos en Kg dentro del rango de fechas',
      querystring: reportRangeQuerySchema,
      response: { 200: topProductsSchema, ...errorResponses(400, 401) },
    },
  }, (request) => topProducts(db, request.query));

  app.get('/stock-summary', {
    schema: {
      tags: ['reportes'],
      operationId: 'getStockSummaryReport',
      summary: 'Stock disponible en Kg de café verde, tostado y mezcla',
      response: { 200: stockSummarySchema, ...errorResponses(401) },
    },
  }, () => stockSummary(db));
};
