import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonMessages } from '#shared/messages.js';
import { isApiRequest } from './api-request.js';

const sessionCookiePattern = /(?:^|;\s*)(?:__Host-)?cafe_sesion=[^;]/;

/**
 * Serves the built React app and answers unknown paths: JSON 404 under /api,
 * the app's index.html for any other GET so client-side routes survive a reload.
 * Without a build (API tests) only the /api part applies.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      // scripts/compress-web.ts writes .br and .gz beside each file at build time
      // (docs/decisions/0019-web-chunk-groups-and-route-preloads.md); this sends them to browsers that accept them, index.html included.
      preCompressed: true,
      // The pages themselves are never served by their file name (GET /index.html): the
      // not-found handler below picks the one for the request's cookie, and index.html tells
      // the app nobody is signed in (src/web/lib/signed-out-page.ts). Its sendFile names
      // them without the leading slash.
      allowedPath: (pathName) => !(pathName.startsWith('/') && /\.html(\.br|\.gz)?$/.test(pathName)),
      // Vite puts a content hash in every asset name, so they never change; the
      // HTML names those assets, so it is checked again on every visit.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.header('cache-control', 'no-cache');
      },
    });
  }

  // vite.config.ts writes app.html (home) and app.<route>.html: index.html with
  // modulepreload links for that screen's chunk instead of the login's (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
  // A session cookie (even an expired one: it is only a download hint) picks
  // them; Vary keeps shared caches from mixing the two.
  const appPages = new Set(hasBuild ? fs.readdirSync(webRoot!).filter((file) => /^app(\.[a-z-]+)?\.html$/.test(file)) : []);
  const pageFor = (request: FastifyRequest) => {
    if (appPages.size === 0 || !sessionCookiePattern.test(request.headers.cookie ?? '')) return 'index.html';
    const route = (request.url.split('?')[0] ?? '').replace(/^\/+|\/+$/g, '');
    const page = route ? `app.${route}.html` : 'app.html';
    return appPages.has(page) ? page : 'app.html';
  };

  app.setNotFoundHandler((request, reply) => {
    if (!isApiRequest(request) && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(pageFor(request));
    }
    return reply.status(404).send({ error: { code: 'not_found', message: commonMessages.routeNotFound } });
  });
}
