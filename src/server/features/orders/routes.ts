import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { orderLabel, orderMessages } from '#shared/order-messages.js';
import { idParamsSchema } from '#shared/schemas/common.js';
import {
  allocationSchema,
  fulfilBodySchema,
  type Order,
  orderBodySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  priceHintQuerySchema,
  priceHintSchema,
} from '#shared/schemas/orders.js';
import type { Database } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { notFoundError } from '#server/errors.js';
import { currentUser } from '#server/http/current-user.js';
import { errorResponses } from '#server/http/error-responses.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import {
  cancelOrder,
  createOrder,
  deliverOrder,
  findOrder,
  fulfilOrder,
  listOrders,
  orderAllocation,
  priceHint,
  undoFulfil,
  updateOrder,
} from './service.js';

const TAGS = ['pedidos'];

/** The activity log's rule for every write of an order: area 'orders', labelled 'Pedido 12 · Café Sol'. */
const describe = (order: Order) => ({ id: order.id, label: orderLabel(order.id, order.customer_name) });
const before = (trx: DbOrTrx, request: FastifyRequest) => findOrder(trx, (request.params as { id: number }).id);
/** A change of state logs as an edit of the order: its state, dates, delivery note and sales, before → after. */
const change = { activity: { area: 'orders' as const, action: 'update' as const, describe, before } };

/**
 * /api/orders (docs/product-guide.md#pedidos, docs/decisions/0043-orders.md):
 * both roles list, read, create, edit, prepare, undo, deliver and cancel
 * orders (it is the technicians' daily work); nothing is deleted (an order is
 * cancelled). Every write goes through the write pipeline (Idempotency-Key,
 * activity log); an edit carries `version`.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/', {
    schema: {
      tags: TAGS,
      operationId: 'listOrders',
      summary: 'Listar los pedidos por fecha de entrega (filtros: estado, cliente, fechas; paginación por cursor)',
      querystring: orderListQuerySchema,
      response: { 200: orderPageSchema, ...errorResponses(400, 401) },
    },
  }, (request) => listOrders(db, request.query));

  app.get('/price-hint', {
    schema: {
      tags: TAGS,
      operationId: 'getOrderPriceHint',
      summary: 'Precio por Kg sugerido para una línea: el último del cliente para ese producto, el del producto o el predeterminado',
      querystring: priceHintQuerySchema,
      response: { 200: priceHintSchema, ...errorResponses(400, 401) },
    },
  }, (request) => priceHint(db, request.query));

  app.get('/:id', {
    schema: {
      tags: TAGS,
      operationId: 'getOrder',
      summary: 'Leer un pedido con sus líneas y sus ventas',
      params: idParamsSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const order = await findOrder(db, request.params.id);
    if (!order) throw notFoundError(orderMessages.notFound);
    return order;
  });

  app.get('/:id/allocation', {
    schema: {
      tags: TAGS,
      operationId: 'getOrderAllocation',
      summary: 'Proponer los lotes de cada línea (los de ese producto con stock, el tueste más antiguo primero)',
      params: idParamsSchema,
      response: { 200: allocationSchema, ...errorResponses(400, 401, 404) },
    },
  }, (request) => orderAllocation(db, request.params.id));

  app.post('/', {
    config: { activity: { area: 'orders', describe } },
    schema: {
      tags: TAGS,
      operationId: 'createOrder',
      summary: 'Crear un pedido (pendiente)',
      body: orderBodySchema,
      response: { 201: orderSchema, ...errorResponses(400, 401, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await createOrder(writeDatabaseOf(request), request.body, currentUser(request).id)));

  app.put('/:id', {
    config: { activity: { area: 'orders', describe, before }, recordVersion: { table: 'orders', editedByOther: orderMessages.editedByOther } },
    schema: {
      tags: TAGS,
      operationId: 'updateOrder',
      summary: 'Actualizar un pedido pendiente (con su version)',
      params: idParamsSchema,
      body: orderBodySchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409, 428) },
    },
  }, (request) => updateOrder(writeDatabaseOf(request), request.params.id, request.body));

  app.post('/:id/fulfil', {
    config: change,
    schema: {
      tags: TAGS,
      operationId: 'fulfilOrder',
      summary: 'Preparar un pedido: una venta por línea y lote, en una sola transacción',
      description:
        'expected_stock_kg es el stock que mostraba cada lote en la propuesta; si alguno ya no lo tiene, responde 409 nombrando el lote ' +
        'y no guarda nada. Los lotes de cada línea deben ser de su producto y sumar sus kilos. La primera vez da al pedido su número de albarán.',
      params: idParamsSchema,
      body: fulfilBodySchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409) },
    },
  }, (request) => fulfilOrder(writeDatabaseOf(request), request.params.id, request.body, currentUser(request).id));

  app.post('/:id/undo-fulfil', {
    config: change,
    schema: {
      tags: TAGS,
      operationId: 'undoFulfilOrder',
      summary: 'Deshacer la preparación: elimina sus ventas, devuelve el stock y el pedido vuelve a pendiente (conserva su albarán)',
      params: idParamsSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409) },
    },
  }, (request) => undoFulfil(writeDatabaseOf(request), request.params.id, currentUser(request).id));

  app.post('/:id/deliver', {
    config: change,
    schema: {
      tags: TAGS,
      operationId: 'deliverOrder',
      summary: 'Entregar un pedido preparado; si se repite, crea el siguiente',
      params: idParamsSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409) },
    },
  }, (request) => deliverOrder(writeDatabaseOf(request), request.params.id, currentUser(request).id));

  app.post('/:id/cancel', {
    config: change,
    schema: {
      tags: TAGS,
      operationId: 'cancelOrder',
      summary: 'Cancelar un pedido pendiente',
      params: idParamsSchema,
      response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409) },
    },
  }, (request) => cancelOrder(writeDatabaseOf(request), request.params.id));
};
