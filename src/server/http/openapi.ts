import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ROW_ID } from '#shared/schemas/common.js';

/**
 * The OpenAPI document at /api/docs/json, in a shape client generators accept
 * (docs/decisions/0017-crud-routes-factory.md; checked by `npm run lint:openapi`, part of `validate`):
 *
 * - the session cookie is a security scheme, and each operation says which one
 *   it needs: none (sign-in, health), any signed-in user (`sesion`) or an
 *   administrator (`sesionAdministrador`: the same cookie, of an administrador).
 *   OpenAPI 3.0 has no roles for an apiKey scheme, so the role is the scheme;
 *   both come from the same route config the guard enforces (auth/guard.ts);
 * - paths as users call them: `/api/users`, not the `/api/users/` a plugin's
 *   `'/'` route is registered as (both answer).
 *
 * Every route states its own `operationId` and Spanish `summary` (crud-routes.ts
 * `operations` for the usual four); the lint fails on one that does not.
 *
 * A body checked in stages (`z.object(…).pipe(z.object(…))`: the product guide's
 * messages first, then the typed fields; roasts, recipes, blends, sales) is
 * documented by all its stages at once (`documentStages`): a JSON schema of the
 * first stage alone would say `components: unknown[]` and `roast_type: string`,
 * when the server takes only typed components and Claro, Medio or Oscuro.
 */
export const SESSION_SCHEME = 'sesion';
export const ADMIN_SESSION_SCHEME = 'sesionAdministrador';

const cookieScheme = (description: string) =>
  ({ type: 'apiKey', in: 'cookie', name: 'cafe_sesion', description }) as const;

/** The security requirement of a route, from the same config the guard reads. */
export function securityOf(config: FastifyContextConfig | undefined): Record<string, string[]>[] {
  if (config?.public) return [];
  if (config?.roles && !config.roles.includes('tecnico')) return [{ [ADMIN_SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }];
}

export const openApiOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: 'Sistema de Gestión de Café',
      version: '1.0.0',
      description:
        'API JSON del back-office. Errores siempre como {"error": {"code", "message"}} con el mensaje en español. ' +
        'Cantidades en kg y precios como números; fechas AAAA-MM-DD.',
    },
    servers: [{ url: '/', description: 'Este servidor' }],
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: cookieScheme(
          'Cookie de sesión de POST /api/auth/login (HttpOnly, SameSite=Strict). Detrás de HTTPS se llama __Host-cafe_sesion.',
        ),
        [ADMIN_SESSION_SCHEME]: cookieScheme('La misma cookie de sesión, de un usuario con el rol administrador.'),
      },
    },
  },
  transform(input) {
    const { schema, url } = jsonSchemaTransform(input);
    const body = input.schema?.body;
    if (body instanceof z.ZodPipe) {
      let last: z.ZodType = body;
      while (last instanceof z.ZodPipe) last = last.def.out as z.ZodType;
      const typed = jsonSchemaTransform({ ...input, schema: { body: last } }).schema as { body: JsonSchema };
      (schema as { body: JsonSchema }).body = documentStages((schema as { body: JsonSchema }).body, typed.body);
    }
    const config = input.route.config as FastifyContextConfig | undefined;
    return {
      schema: {
        ...typedNullableChoices(withRecordVersion(withIdempotencyKey(schema as JsonSchema, input.route.method, config), input.route.method, config)),
        security: securityOf(config),
      },
      url: url.length > 1 ? url.replace(/\/+$/, '') : url,
    };
  },
};

type JsonSchema = Record<string, unknown>;

/** The header every retry-safe write takes (docs/decisions/0023-idempotency-keys.md). */
const IDEMPOTENCY_KEY_HEADER = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Opcional. Clave única de este envío (1–255 caracteres ASCII visibles, p. ej. un UUID): una repetición con la misma clave, ' +
    'el mismo usuario, el mismo método, la misma ruta y el mismo cuerpo durante 24 horas devuelve la respuesta guardada ' +
    '(con Idempotent-Replayed: true) sin repetir el cambio; con otro cuerpo o ruta, 422.',
};

/**
 * A write's `Idempotency-Key` header and its 422, on every POST, PUT and
 * DELETE the write pipeline wraps (write-pipeline/write-pipeline.ts): not on
 * sign-in, sign-out or a read-only POST.
 */
function withIdempotencyKey(schema: JsonSchema, method: string | string[], config: FastifyContextConfig | undefined): JsonSchema {
  const writes = [method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
  if (!writes || !config?.activity || config.readOnly || config.idempotencyKey === false) return schema;
  const headers = isSchema(schema.headers) ? schema.headers : { type: 'object', properties: {} };
  const response = isSchema(schema.response) ? schema.response : {};
  const errorBody = response['400'] ?? response['401'];
  return {
    ...schema,
    headers: { ...headers, properties: { ...(headers.properties as JsonSchema), 'idempotency-key': IDEMPOTENCY_KEY_HEADER } },
    response: errorBody ? { ...response, 422: { ...(errorBody as JsonSchema), description: 'La clave de idempotencia ya se usó para otra solicitud.' } } : response,
  };
}
/**
 * A versioned record's PUT (docs/decisions/0038-record-versions.md): the body's
 * `version`, which the write pipeline reads before the area's schema (which does
 * not know it), and what its 409 and 428 mean.
 */
function withRecordVersion(schema: JsonSchema, method: string | string[], config: FastifyContextConfig | undefined): JsonSchema {
  if (!config?.recordVersion || ![method].flat().includes('PUT') || !isSchema(schema.body)) return schema;
  const body = schema.body;
  const response = isSchema(schema.response) ? schema.response : {};
  const described = (status: string, description: string) => (isSchema(response[status]) ? { [status]: { ...response[status], description } } : {});
  return {
    ...schema,
    body: {
      ...body,
      properties: {
        ...(isSchema(body.properties) ? body.properties : {}),
        version: { type: 'integer', minimum: 1, maximum: MAX_ROW_ID, description: 'La versión del registro con la que se abrió el formulario (la de la lista o GET /:id).' },
      },
      required: [...(Array.isArray(body.required) ? (body.required as string[]) : []), 'version'],
    },
    response: {
      ...response,
      ...described('409', 'Conflicto: otro usuario modificó el registro desde esa versión (version_conflict), u otra regla del área.'),
      ...described('428', 'Falta la versión del registro (version_required).'),
    },
  };
}

/**
 * A nullable choice of objects (`z.discriminatedUnion(…).nullable()`: a shop SKU's product, a
 * preview line's mapping) comes out as `{oneOf, nullable}`, which OpenAPI 3.0 refuses without a
 * sibling `type`: when every option is an object, the choice is typed `object`. Walks the whole schema.
 */
export function typedNullableChoices(schema: JsonSchema): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isSchema(value)) return value;
    const out = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    const options = out.oneOf ?? out.anyOf;
    if (out.nullable === true && out.type === undefined && Array.isArray(options) && options.every((option) => isSchema(option) && option.type === 'object')) {
      out.type = 'object';
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a staged body must satisfy: every keyword of its first stage (required
 * fields, non-blank strings) and of its typed last stage (types, enums, item
 * shapes), the typed one winning where both say something. Properties, items
 * and `required` merge field by field; an untyped `{}` gives way to the other.
 */
export function documentStages(first: JsonSchema, typed: JsonSchema): JsonSchema {
  if (Object.keys(first).length === 0) return typed;
  if (Object.keys(typed).length === 0) return first;
  const merged: JsonSchema = { ...first, ...typed };
  const [a, b] = [first.properties, typed.properties];
  if (isSchema(a) && isSchema(b)) {
    merged.properties = Object.fromEntries(
      [...new Set([...Object.keys(a), ...Object.keys(b)])].map((name) => {
        const [x, y] = [a[name], b[name]];
        return [name, isSchema(x) && isSchema(y) ? documentStages(x, y) : (y ?? x)];
      }),
    );
  }
  if (isSchema(first.items) && isSchema(typed.items)) merged.items = documentStages(first.items, typed.items);
  const required = [first.required, typed.required].flatMap((list) => (Array.isArray(list) ? (list as string[]) : []));
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}
