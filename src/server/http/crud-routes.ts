import type { FastifyBaseLogger, FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { User } from '#shared/schemas/auth.js';
import { errorBodySchema, idParamsSchema } from '#shared/schemas/common.js';
import type { Database } from '../db/schema.js';
import { currentUser } from './current-user.js';
import { readSessionToken } from './session-cookie.js';

/** `{400: errorBodySchema, …}`: the error answers a route declares, so the OpenAPI document lists them. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;

/** What the OpenAPI document calls one of the four routes: an id for client generators, a Spanish summary for people. */
export interface CrudOperation {
  operationId: string;
  summary: string;
}

/**
 * The four operations' names from the resource's: `{ one: 'CoffeeOrigin', many:
 * 'CoffeeOrigins', unoEs: 'un origen de café', muchosEs: 'los orígenes de café' }`
 * → listCoffeeOrigins 'Listar los orígenes de café', createCoffeeOrigin 'Crear un
 * origen de café', updateCoffeeOrigin, deleteCoffeeOrigin.
 */
export const crudOperations = (names: { one: string; many: string; unoEs: string; muchosEs: string }): CrudDefinitionOperations => ({
  list: { operationId: `list${names.many}`, summary: `Listar ${names.muchosEs}` },
  create: { operationId: `create${names.one}`, summary: `Crear ${names.unoEs}` },
  update: { operationId: `update${names.one}`, summary: `Actualizar ${names.unoEs}` },
  remove: { operationId: `delete${names.one}`, summary: `Eliminar ${names.unoEs}` },
});

type CrudDefinitionOperations = Record<'list' | 'create' | 'update' | 'remove', CrudOperation>;

/** Who is calling, for services that record the user (ledger) or check self-rules (users). */
export interface CrudContext {
  actor: User;
  /** The caller's own session, so a service ending the actor's sessions can keep this one (users). */
  sessionToken: string | undefined;
  log: FastifyBaseLogger;
}

export interface CrudDefinition<
  Query extends z.ZodType,
  Page extends z.ZodType,
  Item extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
> {
  tags: string[];
  /**
   * How the OpenAPI document names each route: an `operationId` for client
   * generators (camelCase, unique in the API) and a Spanish `summary` for people.
   * `npm run lint:openapi` fails on a route without them. Usually `crudOperations(…)`.
   */
  operations: CrudDefinitionOperations;
  /** Route config for all four routes, e.g. `adminOnly`; default: any signed-in user. */
  config?: FastifyContextConfig;
  /** Route config for POST, PUT and DELETE only (recipes: anyone reads, administrators write); default: `config`. */
  writeConfig?: FastifyContextConfig;
  listQuery: Query;
  page: Page;
  item: Item;
  createBody: CreateBody;
  updateBody: UpdateBody;
  list(db: Kysely<Database>, query: z.output<Query>, context: CrudContext): Promise<z.output<Page>>;
  create(db: Kysely<Database>, body: z.output<CreateBody>, context: CrudContext): Promise<z.output<Item>>;
  update(db: Kysely<Database>, id: number, body: z.output<UpdateBody>, context: CrudContext): Promise<z.output<Item>>;
  remove(db: Kysely<Database>, id: number, context: CrudContext): Promise<void>;
}

const contextOf = (request: FastifyRequest): CrudContext => ({
  actor: currentUser(request),
  sessionToken: readSessionToken(request),
  log: request.log,
});

/**
 * The list / create / update / delete routes every area has (docs/decisions/0017-crud-routes-factory.md):
 * `GET /`, `POST /` → 201, `PUT /:id`, `DELETE /:id` → 204, each declaring its
 * params, body and every response, so no area writes them by hand. Areas with
 * other routes register those next to it.
 */
export function crudRoutes<
  Query extends z.ZodType,
  Page extends z.ZodType,
  Item extends z.ZodType,
  CreateBody extends z.ZodType,
  UpdateBody extends z.ZodType,
>(resource: CrudDefinition<Query, Page, Item, CreateBody, UpdateBody>): FastifyPluginAsyncZod<{ db: Kysely<Database> }> {
  return async (app, { db }) => {
    // The routes see the schemas as plain zod types: Fastify cannot resolve
    // reply types from generic ones. The zod validator and serializer still
    // check every request and response at run time, and the definition's own
    // types (service in and out) are checked where it is written.
    const schemas: Record<'listQuery' | 'page' | 'item' | 'createBody' | 'updateBody', z.ZodType> = resource;
    const { tags, config = {}, operations } = resource;
    const writeConfig = resource.writeConfig ?? config;

    app.get('/', {
      config,
      schema: { tags, ...operations.list, querystring: schemas.listQuery, response: { 200: schemas.page, ...errorResponses(400, 401, 403) } },
    }, (request) => resource.list(db, request.query as z.output<Query>, contextOf(request)));

    app.post('/', {
      config: writeConfig,
      schema: { tags, ...operations.create, body: schemas.createBody, response: { 201: schemas.item, ...errorResponses(400, 401, 403, 409) } },
    }, async (request, reply) =>
      reply.status(201).send(await resource.create(db, request.body as z.output<CreateBody>, contextOf(request))));

    app.put('/:id', {
      config: writeConfig,
      schema: {
        tags,
        ...operations.update,
        params: idParamsSchema,
        body: schemas.updateBody,
        response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    }, (request) => resource.update(db, request.params.id, request.body as z.output<UpdateBody>, contextOf(request)));

    app.delete('/:id', {
      config: writeConfig,
      schema: { tags, ...operations.remove, params: idParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    }, async (request, reply) => {
      await resource.remove(db, request.params.id, contextOf(request));
      return reply.status(204).send(null);
    });
  };
}
