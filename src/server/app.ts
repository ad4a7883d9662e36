import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerAuthGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import type { Database } from './db/schema.js';
import type { Role } from '../shared/roles.js';
import { healthRoutes } from './features/health/routes.js';
import { greenCoffeeRoutes } from './features/green-coffee/routes.js';
import { originRoutes } from './features/origins/routes.js';
import { roastedCoffeeRoutes } from './features/roasted-coffee/routes.js';
import { userRoutes } from './features/users/routes.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerSameOriginCheck, registerSecurityHeaders } from './http/security.js';
import { registerTextInputCheck } from './http/text-input.js';
import { registerWebApp } from './http/web-app.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  roles: readonly Role[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RegisteredRoute[];
  }
}

export interface AppOptions {
  db: Kysely<Database>;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  loginRateLimitPerMinute?: number;
}

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Every route with its access rule, so tests can prove that none is left open.
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, public: route.config?.public === true, roles: route.config?.roles });
    }
  });
  app.decorate('routeList', routeList);

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerSecurityHeaders(app);
  registerSameOriginCheck(app);
  registerAuthGuard(app, options.db);
  registerTextInputCheck(app);

  await app.register(swagger, {
    openapi: { info: { title: 'Sistema de Gestión de Café', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    await api.register(healthRoutes, { prefix: '/health', db: options.db });
    await api.register(authRoutes, {
      prefix: '/auth',
      db: options.db,
      loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 20,
    });
    await api.register(userRoutes, { prefix: '/users', db: options.db });
    await api.register(originRoutes, { prefix: '/coffee-origins', db: options.db });
    await api.register(greenCoffeeRoutes, { prefix: '/green-coffee', db: options.db });
    await api.register(roastedCoffeeRoutes, { prefix: '/roasted-coffee', db: options.db });
  }, { prefix: '/api' });

  await registerWebApp(app, options.webRoot);
  return app;
}
