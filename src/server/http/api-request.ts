import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is an /api request, for the hooks that guard /api (session
 * and role, same origin, no-store). Decide by the route the router MATCHED,
 * never by the raw `request.url`: the router percent-decodes the path and
 * accepts absolute-form targets, the raw URL is neither, so `/%61pi/docs/json`
 * or `GET http://x/api/docs/json` would run an /api handler while a raw
 * `startsWith('/api/')` says "not /api" and lets it through with no session.
 *
 * With no matched route (a 404) fall back to the request path read the way the
 * router reads it, so an unknown /api URL in any spelling still answers 401
 * without a session and does not reveal which routes exist.
 */
export function isApiRequest(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const path = request.routeOptions.url ?? routerPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}

/** The path as the router sees it: no scheme and host, no query or fragment, decoded once. */
function routerPath(url: string): string {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] ?? '';
  try {
    return decodeURI(path);
  } catch {
    // Malformed escapes: the router refuses such a URL itself; keep it as is.
    return path;
  }
}
