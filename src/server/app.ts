import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerAuthGuard } from '#server/auth/guard.js';
import type { Database } from '#server/db/schema.js';
import { useTransactionLogger } from '#server/db/write-transaction.js';
import type { Role } from '#shared/roles.js';
import { healthRoutes } from '#server/features/health/routes.js';
import { greenCoffeeRoutes } from '#server/features/green-coffee/routes.js';
import { originRoutes } from '#server/features/origins/routes.js';
import { orderRoutes } from '#server/features/orders/routes.js';
import { shopOrderRoutes, shopPresetRoutes, shopSkuRoutes } from '#server/features/shop-orders/routes.js';
import { customerRoutes } from '#server/features/customers/routes.js';
import { roastedCoffeeRoutes } from '#server/features/roasted-coffee/routes.js';
import { blendedCoffeeRoutes } from '#server/features/blended-coffee/routes.js';
import { productRoutes } from '#server/features/products/routes.js';
import { salesRoutes } from '#server/features/sales/routes.js';
import { traceabilityRoutes } from '#server/features/traceability/routes.js';
import { stockAlertsRoutes } from '#server/features/stock-alerts/routes.js';
import { planningRoutes } from '#server/features/planning/routes.js';
import { labelRoutes } from '#server/features/labels/routes.js';
import { publicLotPageRoutes, publicLotRoutes } from '#server/features/public-trace/routes.js';
import { recallRoutes } from '#server/features/recall/routes.js';
import { deliveryNoteRoutes } from '#server/features/delivery-notes/routes.js';
import { greenImportRoutes } from '#server/features/green-import/routes.js';
import { artisanImportRoutes } from '#server/features/artisan-import/routes.js';
import { reportRoutes } from '#server/features/reports/routes.js';
import { activityRoutesWithExport } from '#server/features/activity/routes.js';
import { stockCountRoutes } from '#server/features/stock-counts/routes.js';
import { blendRecipeRoutes } from '#server/features/blend-recipes/routes.js';
import { productPriceRoutes } from '#server/features/product-prices/routes.js';
import { saleFormatRoutes } from '#server/features/sale-formats/routes.js';
import { settingsRoutes } from '#server/features/settings/routes.js';
import { readFormatter } from '#server/features/settings/service.js';
import { mySessionsRoutes } from '#server/features/sessions/my-sessions-routes.js';
import { sessionRoutes } from '#server/features/sessions/routes.js';
import { userRoutes } from '#server/features/users/routes.js';
import { registerDurableResponses } from '#server/http/durable-responses.js';
import { registerErrorHandling } from '#server/http/error-handler.js';
import { openApiOptions } from '#server/http/openapi.js';
import { malformedRequestOptions, registerMalformedRequestRoutes } from '#server/http/malformed-requests.js';
import { registerSameOriginCheck, registerSecurityHeaders } from '#server/http/security.js';
import { registerSessionCookie } from '#server/http/session-cookie.js';
import { registerTextInputCheck } from '#server/http/text-input.js';
import { registerWebApp } from '#server/http/web-app.js';
import { registerWritePipeline } from '#server/write-pipeline/write-pipeline.js';
import { untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import { HTTP_DEFAULTS, type HttpLimits } from './config.js';

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
  /** The database handle's readDb (db/database.ts): only what must answer while a write transaction holds `db`; `db` when omitted. */
  readDb?: Kysely<Database>;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The reverse proxies trusted for X-Forwarded-* (config TRUST_PROXY); never `true`: any client could forge its address. */
  trustProxy?: false | readonly string[];
  /** PUBLIC_URL's origin (config.ts): when set, the only Origin a write may carry (http/security.ts). */
  publicUrl?: string | undefined;
  loginRateLimitPerMinute?: number;
  /** Timeouts and body limit (config.ts); HTTP_DEFAULTS when omitted. */
  http?: HttpLimits;
}

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ? [...options.trustProxy] : false,
    ...(options.http ?? HTTP_DEFAULTS),
    // Malformed URLs and unreadable requests answered in Spanish, through the usual hooks where there can be any.
    ...malformedRequestOptions(() => app),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A file route's 413 names its limit in the shop's regional format (docs/decisions/0042-one-regional-formatter.md).
  registerErrorHandling(app, () => readFormatter(options.db));
  // withWriteTransaction logs each deadlock retry here (docs/decisions/0005).
  useTransactionLogger(options.db, app.log);
  registerDurableResponses(app, options.db);
  // The workers that read uploaded files end with the app (docs/decisions/0040-untrusted-files-in-a-worker.md).
  app.addHook('onClose', () => untrustedFiles.close());

  // Every route with its access rule, so tests can prove that none is left open.
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, public: route.config?.public === true, roles: route.config?.roles });
    }
  });
  app.decorate('routeList', routeList);

  await app.register(cookie);
  registerSessionCookie(app, options.publicUrl);
  await app.register(rateLimit, { global: false });
  await registerSecurityHeaders(app);
  registerSameOriginCheck(app, options.publicUrl);
  registerAuthGuard(app, options.db);
  registerTextInputCheck(app);
  registerMalformedRequestRoutes(app);
  // Before any /api route is added: it wraps every write (docs/architecture.md#write-pipeline).
  registerWritePipeline(app, options.db);

  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    await api.register(healthRoutes, { prefix: '/health', db: options.readDb ?? options.db });
    await api.register(sessionRoutes, {
      prefix: '/auth',
      db: options.db,
      loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 20,
    });
    await api.register(mySessionsRoutes, { prefix: '/auth', db: options.db });
    await api.register(userRoutes, { prefix: '/users', db: options.db });
    await api.register(originRoutes, { prefix: '/coffee-origins', db: options.db });
    await api.register(greenCoffeeRoutes, { prefix: '/green-coffee', db: options.db });
    await api.register(roastedCoffeeRoutes, { prefix: '/roasted-coffee', db: options.db });
    await api.register(blendRecipeRoutes, { prefix: '/blend-recipes', db: options.db });
    await api.register(productPriceRoutes, { prefix: '/product-prices', db: options.db });
    await api.register(saleFormatRoutes, { prefix: '/sale-formats', db: options.db });
    await api.register(settingsRoutes, { prefix: '/settings', db: options.db });
    await api.register(blendedCoffeeRoutes, { prefix: '/blended-coffee', db: options.db });
    await api.register(productRoutes, { prefix: '/products', db: options.db });
    await api.register(salesRoutes, { prefix: '/sales', db: options.db });
    await api.register(traceabilityRoutes, { db: options.db });
    await api.register(recallRoutes, { db: options.db });
    await api.register(stockAlertsRoutes, { prefix: '/stock-alerts', db: options.db });
    await api.register(planningRoutes, { prefix: '/planning', db: options.db });
    // Its QR codes point at PUBLIC_URL when set (docs/decisions/0029-lot-labels-and-qr.md).
    await api.register(labelRoutes, { db: options.db, publicUrl: options.publicUrl });
    await api.register(deliveryNoteRoutes, { db: options.db, publicUrl: options.publicUrl });
    await api.register(greenImportRoutes, { prefix: '/green-coffee' });
    await api.register(reportRoutes, { prefix: '/reports', db: options.db });
    await api.register(activityRoutesWithExport, { prefix: '/activity', db: options.db });
    await api.register(customerRoutes, { prefix: '/customers', db: options.db });
    await api.register(orderRoutes, { prefix: '/orders', db: options.db });
    await api.register(shopSkuRoutes, { prefix: '/shop-skus', db: options.db });
    await api.register(shopPresetRoutes, { prefix: '/shop-import-presets', db: options.db });
    await api.register(shopOrderRoutes, { prefix: '/shop-orders', db: options.db });
    await api.register(artisanImportRoutes, { db: options.db });
    await api.register(stockCountRoutes, { prefix: '/stock-counts', db: options.db });
    // The coffee drinker's page's data, public, rate-limited like the sign-in (docs/decisions/0049-roast-age-and-public-page.md).
    await api.register(publicLotRoutes, { prefix: '/public', db: options.db, rateLimitPerMinute: options.loginRateLimitPerMinute ?? 20 });
  }, { prefix: '/api' });
  await app.register(publicLotPageRoutes, { db: options.db, rateLimitPerMinute: options.loginRateLimitPerMinute ?? 20 });

  await registerWebApp(app, options.webRoot);
  return app;
}
