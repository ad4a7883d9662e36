import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { User } from '../../shared/schemas/auth.js';
import { errorBodySchema, idParamsSchema } from '../../shared/schemas/common.js';
import { currentUser } from '../auth/guard.js';
import { readSessionToken } from '../auth/session-cookie.js';
import type { Database } from '../db/schema.js';

/** `{400: errorBodySchema, …}`: the error answers a route declares, so the OpenAPI document lists them. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;

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
  /** Route config for all four routes, e.g. `adminOnly`; default: any signed-in user. */
  config?: FastifyContextConfig;
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

type IdParams = z.output<typeof idParamsSchema>;

const contextOf = (request: FastifyRequest): CrudContext => ({
  actor: currentUser(request),
  sessionToken: readSessionToken(request),
  log: request.log,
});

/**
 * The list / create / update / delete routes every area has (DESIGN.md section 3):
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
  return async (typedApp, { db }) => {
    // Fastify's reply types cannot be resolved for generic schemas; the zod
    // validator and serializer still check every request and response at run
    // time, and the definition's own types are checked where it is written.
    const app = typedApp as unknown as FastifyInstance;
    const { tags, config = {} } = resource;

    app.get('/', {
      config,
      schema: { tags, querystring: resource.listQuery, response: { 200: resource.page, ...errorResponses(400, 401, 403) } },
    }, (request) => resource.list(db, request.query as z.output<Query>, contextOf(request)));

    app.post('/', {
      config,
      schema: { tags, body: resource.createBody, response: { 201: resource.item, ...errorResponses(400, 401, 403, 409) } },
    }, async (request, reply) =>
      reply.status(201).send(await resource.create(db, request.body as z.output<CreateBody>, contextOf(request))));

    app.put('/:id', {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: resource.updateBody,
        response: { 200: resource.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    }, (request) => resource.update(db, (request.params as IdParams).id, request.body as z.output<UpdateBody>, contextOf(request)));

    app.delete('/:id', {
      config,
      schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    }, async (request, reply) => {
      await resource.remove(db, (request.params as IdParams).id, contextOf(request));
      return reply.status(204).send(null);
    });
  };
}
