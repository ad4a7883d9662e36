import type { FastifyBaseLogger, FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { User } from '#shared/schemas/auth.js';
import { commonMessages } from '#shared/messages.js';
import { deleteQuerySchema, idParamsSchema } from '#shared/schemas/common.js';
import type { ActivityArea } from '#shared/schemas/activity.js';
import type { Database } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { notFoundError } from '#server/errors.js';
import { type CsvExport, csvExportQuery, withCsvExport } from './csv-export-route.js';
import { currentUser } from './current-user.js';
import { errorResponses } from './error-responses.js';
import { readSessionToken } from './session-cookie.js';
import { writeDatabaseOf } from './write-database.js';

/** The resource's names, from which the OpenAPI document names its routes (`crudOperations`). */
export interface CrudNames {
  one: string;
  many: string;
  unoEs: string;
  muchosEs: string;
}

/** What the OpenAPI document calls one route: an id for client generators, a Spanish summary for people. */
export interface CrudOperation {
  operationId: string;
  summary: string;
}

/**
 * The operations' names from the resource's: `{ one: 'CoffeeOrigin', many:
 * 'CoffeeOrigins', unoEs: 'un origen de café', muchosEs: 'los orígenes de café' }`
 * → listCoffeeOrigins 'Listar los orígenes de café', createCoffeeOrigin 'Crear un
 * origen de café', updateCoffeeOrigin, deleteCoffeeOrigin, and the CSV export's
 * exportCoffeeOriginsCsv 'Exportar los orígenes de café en CSV'.
 */
export const crudOperations = (names: CrudNames): Record<'list' | 'get' | 'create' | 'update' | 'remove' | 'export', CrudOperation> => ({
  list: { operationId: `list${names.many}`, summary: `Listar ${names.muchosEs}` },
  get: { operationId: `get${names.one}`, summary: `Leer ${names.unoEs}` },
  create: { operationId: `create${names.one}`, summary: `Crear ${names.unoEs}` },
  update: { operationId: `update${names.one}`, summary: `Actualizar ${names.unoEs}` },
  remove: { operationId: `delete${names.one}`, summary: `Eliminar ${names.unoEs}` },
  export: { operationId: `export${names.many}Csv`, summary: `Exportar ${names.muchosEs} en CSV` },
});

/** Who is calling, for services that record the user (ledger) or check self-rules (users). */
export interface CrudContext {
  actor: User;
  /** The caller's own session, so a service ending the actor's sessions can keep this one (users). */
  sessionToken: string | undefined;
  log: FastifyBaseLogger;
}

/** The four service functions behind the routes, each given the database first and the caller's context last. */
export interface CrudService<Query, Page, Item, CreateBody, UpdateBody = CreateBody> {
  list(db: Kysely<Database>, query: Query, context: CrudContext): Promise<Page>;
  create(db: Kysely<Database>, body: CreateBody, context: CrudContext): Promise<Item>;
  update(db: Kysely<Database>, id: number, body: UpdateBody, context: CrudContext): Promise<Item>;
  remove(db: Kysely<Database>, id: number, context: CrudContext): Promise<void>;
}

/**
 * The services that write the ledger take the writer's id last (`createSale(db,
 * body, userId)`, as the demo seed calls them too): this gives them the
 * factory's calling convention.
 */
export const byActorId = <Query, Page, Item, Body>(service: {
  list(db: Kysely<Database>, query: Query): Promise<Page>;
  create(db: Kysely<Database>, body: Body, userId: number): Promise<Item>;
  update(db: Kysely<Database>, id: number, body: Body, userId: number): Promise<Item>;
  remove(db: Kysely<Database>, id: number, userId: number): Promise<void>;
}): CrudService<Query, Page, Item, Body> => ({
  list: (db, query) => service.list(db, query),
  create: (db, body, { actor }) => service.create(db, body, actor.id),
  update: (db, id, body, { actor }) => service.update(db, id, body, actor.id),
  remove: (db, id, { actor }) => service.remove(db, id, actor.id),
});

/** A list's query: its paging (`offset`, or a keyset `cursor` as customers'), and the filters its CSV export takes too. */
type ListQuery = z.ZodObject<{ limit: z.ZodType; offset: z.ZodType } | { limit: z.ZodType; cursor: z.ZodType }>;

/** What a CSV export's `build` is given: the list's filters without the paging, and the dialect. */
type ExportQuery<Query extends ListQuery> = z.output<ReturnType<typeof csvExportQuery<Query['shape']>>>;

export interface CrudDefinition<
  Query extends ListQuery,
  Page extends z.ZodType,
  Item extends z.ZodType,
  Body extends z.ZodType,
  UpdateBody extends z.ZodType,
  Row,
> {
  tags: string[];
  /**
   * Names every route in the OpenAPI document (`crudOperations`): an
   * `operationId` for client generators (camelCase, unique in the API) and a
   * Spanish `summary` for people. `npm run lint:openapi` fails on a route without them.
   */
  names: CrudNames;
  /** Route config for all the routes, e.g. `adminOnly`; default: any signed-in user. */
  config?: FastifyContextConfig;
  /** Route config for POST, PUT and DELETE only (recipes: anyone reads, administrators write); default: `config`. */
  writeConfig?: FastifyContextConfig;
  /** Route config for DELETE alone (customers: anyone edits, administrators delete); default: `writeConfig`. */
  deleteConfig?: FastifyContextConfig;
  schemas: {
    listQuery: Query;
    page: Page;
    item: Item;
    /** What POST takes, and PUT too unless `updateBody` says otherwise (users: the password is optional on PUT). */
    body: Body;
    updateBody?: UpdateBody;
  };
  service: CrudService<z.output<Query>, z.output<Page>, z.output<Item>, z.output<Body>, z.output<UpdateBody>>;
  /**
   * `GET /export.csv` (csv-export-route.ts), under `config` like the list: every
   * row of the list's filters. `operationId` and `summary` replace the names'.
   */
  csv?: Partial<CrudOperation> & {
    build(db: Kysely<Database>, query: ExportQuery<Query>): CsvExport<Row>;
  };
  /**
   * How the activity log names the area's records (docs/decisions/0024-activity-log.md):
   * the area's URL name, a record's human label (a name, a lot code), and the
   * record as the API shows it, read inside the write's transaction for an
   * edit's "before" and a delete's label.
   */
  activity: {
    area: ActivityArea;
    label(item: z.output<Item>): string;
    find(db: DbOrTrx, id: number): Promise<z.output<Item> | undefined>;
    /** The edit's fields logged without a value (write-pipeline/activity-rule.ts `valuelessChanges`): a user's password. */
    valuelessChanges?(body: z.output<UpdateBody>): readonly string[];
  };
  /**
   * No lost update (docs/decisions/0038-record-versions.md): the record's table
   * (its rows carry `version`, which the item answers) and the area's words
   * for an edit or delete from a stale form
   * ('Otro usuario modificó esta venta mientras la editabas. Recarga para ver sus cambios.').
   * PUT requires the body's `version` (428 without it), DELETE takes `?version=`;
   * the write pipeline checks and raises it (write-pipeline/record-version.ts).
   */
  version: NonNullable<FastifyContextConfig['recordVersion']>;
}

const contextOf = (request: FastifyRequest): CrudContext => ({
  actor: currentUser(request),
  sessionToken: readSessionToken(request),
  log: request.log,
});

/**
 * The list / create / update / delete routes every area has (docs/decisions/0017-crud-routes-factory.md):
 * `GET /`, `POST /` → 201, `PUT /:id`, `DELETE /:id` → 204, and with `csv`
 * `GET /export.csv`, each declaring its params, body and every response, so no
 * area writes them by hand. Areas with other routes register those next to it.
 */
export function crudRoutes<
  Query extends ListQuery,
  Page extends z.ZodType,
  Item extends z.ZodType,
  Body extends z.ZodType,
  Row,
  UpdateBody extends z.ZodType = Body,
>(resource: CrudDefinition<Query, Page, Item, Body, UpdateBody, Row>): FastifyPluginAsyncZod<{ db: Kysely<Database> }> {
  const { tags, config = {}, service, csv } = resource;
  const writeConfig = resource.writeConfig ?? config;
  // The write pipeline's rule for these routes (write-pipeline/activity-rule.ts).
  const { area, label, find, valuelessChanges } = resource.activity;
  const describe = (item: z.output<Item> & { id: number }) => ({ id: item.id, label: label(item) });
  const createConfig = { ...writeConfig, activity: { area, describe } };
  const before = (trx: DbOrTrx, request: FastifyRequest) => find(trx, (request.params as { id: number }).id);
  const changeConfig = { ...writeConfig, activity: { area, describe, before }, recordVersion: resource.version };
  const deleteConfig = { ...changeConfig, ...resource.deleteConfig };
  const updateConfig = valuelessChanges
    ? { ...changeConfig, activity: { ...changeConfig.activity, valuelessChanges: (request: FastifyRequest) => valuelessChanges(request.body as z.output<UpdateBody>) } }
    : changeConfig;
  const operations = crudOperations(resource.names);
  // The routes see the schemas as plain zod types: Fastify cannot resolve
  // reply types from generic ones. The zod validator and serializer still
  // check every request and response at run time, and the definition's own
  // types (service in and out) are checked where it is written.
  const schemas: Record<'listQuery' | 'page' | 'item' | 'body', z.ZodType> = resource.schemas;
  const updateBody: z.ZodType = resource.schemas.updateBody ?? schemas.body;

  const routes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
    app.get('/', {
      config,
      schema: { tags, ...operations.list, querystring: schemas.listQuery, response: { 200: schemas.page, ...errorResponses(400, 401, 403) } },
    }, (request) => service.list(db, request.query as z.output<Query>, contextOf(request)));

    // One record as the list shows it: what an edit form reloads after a 409 (docs/decisions/0038-record-versions.md).
    app.get('/:id', {
      config,
      schema: { tags, ...operations.get, params: idParamsSchema, response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404) } },
    }, async (request) => {
      const item = await find(db, request.params.id);
      if (item === undefined) throw notFoundError(commonMessages.notFound);
      return item;
    });

    app.post('/', {
      config: createConfig,
      schema: { tags, ...operations.create, body: schemas.body, response: { 201: schemas.item, ...errorResponses(400, 401, 403, 409) } },
    }, async (request, reply) =>
      reply.status(201).send(await service.create(writeDatabaseOf(request), request.body as z.output<Body>, contextOf(request))));

    app.put('/:id', {
      config: updateConfig,
      schema: {
        tags,
        ...operations.update,
        params: idParamsSchema,
        body: updateBody,
        response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    }, (request) => service.update(writeDatabaseOf(request), request.params.id, request.body as z.output<UpdateBody>, contextOf(request)));

    app.delete('/:id', {
      config: deleteConfig,
      schema: { tags, ...operations.remove, params: idParamsSchema, querystring: deleteQuerySchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    }, async (request, reply) => {
      await service.remove(writeDatabaseOf(request), request.params.id, contextOf(request));
      return reply.status(204).send(null);
    });
  };
  if (!csv) return routes;
  const { build, ...names } = csv;
  return withCsvExport(routes, {
    tags,
    ...operations.export,
    ...names,
    ...(resource.config ? { config } : {}),
    querystring: csvExportQuery(resource.schemas.listQuery),
    // As above: the querystring schema has parsed the query (csvExportQuery of the list's), which TypeScript cannot follow through the generic.
    build: (db, query) => build(db, query as ExportQuery<Query>),
  });
}
