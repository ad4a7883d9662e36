import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    return {
      schema: { ...schema, security: securityOf(input.route.config as FastifyContextConfig | undefined) },
      url: url.length > 1 ? url.replace(/\/+$/, '') : url,
    };
  },
};
