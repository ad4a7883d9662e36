import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { commonMessages } from '#shared/messages.js';
import { parseOrigin } from '#server/config.js';
import { AppError } from '#server/errors.js';
import { isApiRequest } from './api-request.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a `text/csv` body: the JSON-only check below lets it through (green-lot import). */
    csvBody?: boolean;
    /** The route takes a file's bytes as `application/octet-stream` (Artisan import): let through like csvBody. */
    octetStreamBody?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers: a strict CSP (no inline script or style), no framing, no referrer leaks; helmet's defaults otherwise. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets our own scripts compile WebAssembly (the QR decoder for browsers without
      // a BarcodeDetector, docs/decisions/0030-scanning-labels.md); eval() and new Function() stay refused.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      // The web app manifest (src/web/public/manifest.webmanifest), said outright rather than left to default-src.
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * What helmet's middleware does to every response with `options`, recorded
 * once: the headers it sets, in its order, and those it removes. Nothing in
 * them depends on the request (no nonces, no directive computed per request),
 * so every answer gets the same ones. The Fastify plugin ran helmet(options)
 * per request instead, parsing the CSP again each time: 4 % of a sale's CPU
 * (docs/performance.md#cpu-per-sale).
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure !== undefined) throw failure;
  return { set, removed };
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { set, removed } = helmetHeaders(HELMET_OPTIONS);
  // Every answer, errors and 404s included, as helmet's own onRequest hook did.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
  // Sessions, user lists and stock must never sit in a browser or proxy cache
  // (a shared computer's back button, a caching proxy). onSend runs for every
  // answer, errors and 404s included.
  // The hooks of this file take Fastify's `done` rather than being async: they
  // await nothing, and a promise per hook per request shows in the CPU of a
  // sale (docs/performance.md#cpu-per-sale). A throw is Fastify's error all the same.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * State-changing /api calls only from our own pages and only as JSON: a form on
 * another site can send neither a JSON content type nor our Origin. (The session
 * cookie is SameSite=Strict too; this is the second lock on the door.)
 *
 * Which origin is "ours" (docs/decisions/0022-public-url-and-origin-check.md):
 * with `publicUrl` (config PUBLIC_URL) exactly that one, and a write without an
 * Origin is refused (every browser sends one on POST, PUT, PATCH and DELETE).
 * Without it, the Origin must name the request's own Host, which a trusted
 * proxy may replace with X-Forwarded-Host: whoever can set that header chooses
 * what "same origin" means, hence the warning at start.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl?: string): void {
  if (publicUrl === undefined) {
    app.log.warn(
      { event: 'public_url_missing' },
      'PUBLIC_URL no está definida: una escritura se acepta si su Origin coincide con la cabecera Host. ' +
        'Detrás de un proxy inverso define PUBLIC_URL con la dirección pública (por ejemplo PUBLIC_URL=https://cafe.example.com).',
    );
  }
  const isOurOrigin = publicUrl === undefined
    ? (origin: string, request: FastifyRequest) => isSameHost(origin, request.host)
    : (origin: string) => {
        const parsed = parseOrigin(origin);
        return parsed !== undefined && !parsed.path && parsed.origin === publicUrl;
      };
  app.addHook('onRequest', (request, _reply, done) => {
    checkWrite(request);
    done();
  });
  const checkWrite = (request: FastifyRequest): void => {
    // By the matched route, not the raw URL: see isApiRequest.
    if (!STATE_CHANGING.has(request.method) || !isApiRequest(request)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError('forbidden', commonMessages.crossOrigin);
    }
    const origin = request.headers.origin;
    if (origin === undefined ? publicUrl !== undefined : !isOurOrigin(origin, request)) {
      throw new AppError('forbidden', commonMessages.crossOrigin);
    }
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    // A route that takes a CSV file (green-lot import) opts in with `config.csvBody`: text/csv, like
    // JSON, is not a type a cross-site form can send, so the lock holds.
    const { csvBody, octetStreamBody } = request.routeOptions.config;
    const csvAllowed = csvBody === true && /^text\/csv\s*(;|$)/i.test(type);
    // application/octet-stream is no more sendable by a cross-site form than JSON.
    if (octetStreamBody === true) {
      // JSON is no more sendable by a cross-site form: it is refused too, but after the session
      // check (preParsing below), so that a signed-out caller gets the 401 every route gives.
      if (hasBody && !/^application\/(octet-stream|json)\s*(;|$)/i.test(type)) throw new AppError('unsupported_media_type', commonMessages.octetStreamRequired);
      return;
    }
    if (hasBody && !csvAllowed && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError('unsupported_media_type', commonMessages.jsonRequired);
    }
  };
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.routeOptions.config.octetStreamBody === true && /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      throw new AppError('unsupported_media_type', commonMessages.octetStreamRequired);
    }
    done(null, payload);
  });
}

/** Without PUBLIC_URL: the Origin's host and port are the request's Host (the scheme is not compared: a proxy may end TLS). */
function isSameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
