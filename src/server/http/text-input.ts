import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonMessages, requestMessages } from '#shared/messages.js';
import {
  fieldLabel,
  normalizeLineBreaks,
  type TextKind,
  textKindOf,
  textProblem,
  type TextProblem,
  textProblemMessage,
} from '#shared/text-rules.js';
import { AppError } from '#server/errors.js';

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
 * slip past. Why (docs/decisions/0004 and 0021):
 * - PostgreSQL text cannot hold NUL (a 500 there, silently stored by SQLite),
 *   and a lone surrogate is stored differently by the two databases: both are
 *   refused with a 400 'El texto contiene caracteres no válidos.', in any
 *   string, object keys and passwords included;
 * - text must show what it means (src/shared/text-rules.ts): by the field a
 *   string arrives in (the body's, query's or path's own key it sits under,
 *   however deep), a control character (TAB, CR, LF, ESC…) or an invisible or
 *   bidirectional one is a 400 naming the field as the forms label it (a key
 *   the API does not know is never echoed: the general message instead); notes
 *   and descriptions take line breaks, CRLF kept as LF; passwords, never
 *   shown, keep what they have;
 * - every string (object keys too) becomes its NFC form, so 'José' typed
 *   composed or decomposed is one username, one origin name and one lot-code
 *   prefix;
 * - a JSON body that is not UTF-8 is refused (registerUtf8Json below).
 * A CSV upload (`config.csvBody`) is a file, whose line breaks and separators
 * are its structure: only the first and third rules apply to it whole
 * (cleanFileText, applied where the file is read, off the request thread:
 * docs/decisions/0040-untrusted-files-in-a-worker.md), and the import applies
 * the field rules to each cell (green-import).
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  registerUtf8Json(app);
  // Callback style, not async: it awaits nothing, and a promise per request shows in a sale's CPU (docs/performance.md#cpu-per-sale).
  app.addHook('preValidation', (request, _reply, done) => {
    cleanInput(request);
    done();
  });
}

function cleanInput(request: FastifyRequest): void {
  // No matched route (a 404): no handler will read the input, and the answer stays the 404.
  if (request.routeOptions.url === undefined) return;
  // A file's bytes (config.octetStreamBody, config.csvBody: the Artisan and CSV imports) are not text
  // here: their readers decode them in a worker thread, a CSV with cleanFileText below.
  if (!Buffer.isBuffer(request.body)) request.body = cleanText(request.body);
  request.query = cleanText(request.query);
  request.params = cleanText(request.params);
}

/**
 * JSON bodies decoded as UTF-8 with a fatal decoder: Fastify's own parser
 * reads the bytes as UTF-8 text that replaces what is not UTF-8 (a Latin-1
 * 'é', a cut sequence) with U+FFFD, which would then be stored. Such a body is
 * a 400 'El cuerpo de la solicitud no está codificado en UTF-8 válido.'; a
 * valid one goes on to Fastify's JSON parser, with its errors and its
 * prototype-poisoning defence.
 */
function registerUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError('validation', requestMessages.invalidUtf8), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/**
 * How a string is checked: by the rules of its field's kind (a bare string
 * body has no field: single-line rules), or, an object key or a whole file, by
 * the first and third rules only.
 */
type Rule = { field: string | undefined; kind: TextKind } | 'key' | 'file';

const ruleFor = (field: string | undefined): Rule => ({ field, kind: field === undefined ? 'line' : textKindOf(field) });

/** The field named in the message: its form label; the general message for a field without one. */
const messageFor = (problem: TextProblem, field: string | undefined, kind: TextKind): string => {
  const label = field === undefined ? undefined : fieldLabel(field);
  return label === undefined ? commonMessages.invalidText : textProblemMessage(problem, label, kind);
};

/**
 * Printable ASCII only (space to '~'): no NUL, no surrogate, no control,
 * line-separator or invisible character, nothing NFC would change. Such a text
 * passes every rule as it is: most of what a request carries (numbers' keys,
 * dates, lot codes), checked in one pass instead of four.
 */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function cleanString(text: string, rule: Rule): string {
  if (PLAIN_ASCII.test(text)) return text;
  if (INVALID_TEXT.test(text)) throw new AppError('validation', commonMessages.invalidText);
  if (rule === 'key' || rule === 'file') return text.normalize('NFC');
  const cleaned = rule.kind === 'lines' ? normalizeLineBreaks(text) : text;
  const problem = textProblem(cleaned, rule.kind);
  if (problem) throw new AppError('validation', messageFor(problem, rule.field, rule.kind));
  return cleaned.normalize('NFC');
}

/** Printable ASCII with tabs and line breaks: a file's text that every rule passes as it is. */
const ASCII_LINES = /^[\t\n\r\x20-\x7e]*$/;

/**
 * A whole file's text by the first and third rules: no NUL or lone surrogate (a 400), and NFC.
 * A file of plain ASCII, as most CSV files are, is returned as it is in one pass: NFC would copy
 * 5 MB twice over to change nothing.
 */
export const cleanFileText = (text: string): string => (ASCII_LINES.test(text) ? text : cleanString(text, 'file'));

/**
 * Cleans a parsed JSON value (or querystring object) in place and returns it.
 * A loop with a work list rather than recursion: a deeply nested body must be
 * a 400 from the schemas, not a stack overflow. Each node goes with the field
 * it belongs to (the top-level key above it), whose rules its strings get.
 */
function cleanText(value: unknown): unknown {
  const pending: [object, string | undefined][] = [];
  const visit = (child: unknown, field: string | undefined): unknown => {
    if (typeof child === 'string') return cleanString(child, ruleFor(field));
    if (typeof child === 'object' && child !== null) pending.push([child, field]);
    return child;
  };
  visit(value, undefined);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, field] = next;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = visit(node[i], field);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const cleanKey = cleanString(key, 'key');
      const child = visit(record[key], field ?? cleanKey);
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
