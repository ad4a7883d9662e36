import type { FastifyInstance } from 'fastify';
import { commonMessages } from '#shared/messages.js';
import { AppError } from '../errors.js';

/**
 * NUL (U+0000) or a lone UTF-16 surrogate, i.e. `text.includes('\0') ||
 * !text.isWellFormed()` (isWellFormed is ES2024, past the project's TypeScript
 * lib): with the u flag a paired surrogate is one astral code point, so only
 * a lone one is in category Cs.
 */
const INVALID_TEXT = /[\0\p{Cs}]/u;

/**
 * Every text a route receives passes here, after the body, querystring and
 * path parameters are parsed and before the zod schemas run (Fastify's
 * preValidation hook), so no /api route, present or future, can forget it.
 * Deliberately for every route, not only URLs that look like /api: the web
 * app's pages take no text input, and no spelling of a URL (`/%61pi/…`) can
 * slip past. Why:
 * - PostgreSQL text cannot hold NUL (a 500 there, silently stored by SQLite),
 *   and a lone surrogate is stored differently by the two databases: both are
 *   refused with a 400 'El texto contiene caracteres no válidos.';
 * - every string (object keys too) becomes its NFC form, so 'José' typed
 *   composed or decomposed is one username, one origin name and one lot-code
 *   prefix.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // No matched route (a 404): no handler will read the input, and the answer stays the 404.
    if (request.routeOptions.url === undefined) return;
    request.body = cleanText(request.body);
    request.query = cleanText(request.query);
    request.params = cleanText(request.params);
  });
}

function cleanString(text: string): string {
  if (INVALID_TEXT.test(text)) throw new AppError('validation', commonMessages.invalidText);
  return text.normalize('NFC');
}

/**
 * Cleans a parsed JSON value (or querystring object) in place and returns it.
 * A loop with a work list rather than recursion: a deeply nested body must be
 * a 400 from the schemas, not a stack overflow.
 */
function cleanText(value: unknown): unknown {
  if (typeof value === 'string') return cleanString(value);
  const pending: object[] = [];
  const visit = (child: unknown): unknown => {
    if (typeof child === 'string') return cleanString(child);
    if (typeof child === 'object' && child !== null) pending.push(child);
    return child;
  };
  visit(value);
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = visit(node[i]);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = visit(record[key]);
      const cleanKey = cleanString(key);
      if (cleanKey === key) {
        record[key] = child;
      } else {
        delete record[key];
        // defineProperty, not assignment: whatever the key, it stays plain data.
        Object.defineProperty(record, cleanKey, { value: child, writable: true, enumerable: true, configurable: true });
      }
    }
  }
  return value;
}
