import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, commonMessages, requestMessages } from '#shared/messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * Requests the router cannot match or the server cannot read (docs/product-guide.md#any-request). Each
 * must get the project's `{error: {code, message}}` in Spanish, the security
 * headers and `Cache-Control: no-store`, and never echo what was sent.
 */
const HUGE_ID = '9'.repeat(150);

/** What every refusal here must carry, whatever answered it. */
function expectSafeAnswer(response: { headers: Record<string, unknown>; body: string }, echo: string[]) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  for (const text of echo) expect(response.body).not.toContain(text);
  expect(response.body).not.toMatch(/FST_|Bad Request|is not a valid|exceeding|Unexpected/);
}

/** Raw bytes to the listening server, the whole answer back as text (for what the HTTP parser itself refuses). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { answer += chunk; });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.setTimeout(5000, () => socket.destroy(new Error('sin respuesta')));
    socket.write(request);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe.each(testDialects())('malformed URLs and bodies (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let originId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'probador');
    const origin = await t.call(cookie, {
      method: 'POST', url: '/api/coffee-origins', payload: { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca A'] },
    });
    originId = (origin.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  const originBody = { name: 'Cambiado', kilos_per_bag: 70, suppliers_fincas: ['Finca A'] };
  const expectRefusal = (response: LightMyRequestResponse, status: number, message: string, echo: string[]) => {
    expect(response.statusCode).toBe(status);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
    expectSafeAnswer(response, echo);
  };

  it('PUT /api/coffee-origins/%ZZ: a Spanish 400 with the security headers, not echoing the URL', async () => {
    const response = await t.call(cookie, { method: 'PUT', url: '/api/coffee-origins/%ZZ', payload: originBody });
    expectRefusal(response, 400, requestMessages.malformedUrl, ['%ZZ', 'coffee-origins']);
    expect(errorOf(response).message).toBe('La dirección de la solicitud no es válida.');
    // Nothing was written.
    const list = (await t.call(cookie, { method: 'GET', url: '/api/coffee-origins' })).json() as { items: { name: string }[] };
    expect(list.items.map((origin) => origin.name)).toEqual(['Colombia']);
  });

  it('an id of 150 digits: the same kind of Spanish 400 (was an English 414)', async () => {
    const response = await t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${HUGE_ID}`, payload: originBody });
    expectRefusal(response, 400, requestMessages.urlTooLong, [HUGE_ID]);
    const remove = await t.call(cookie, { method: 'DELETE', url: `/api/green-coffee/${HUGE_ID}` });
    expectRefusal(remove, 400, requestMessages.urlTooLong, [HUGE_ID]);
  });

  it('the session and Origin checks come first, as for any /api URL', async () => {
    for (const url of ['/api/coffee-origins/%ZZ', `/api/coffee-origins/${HUGE_ID}`, '/%61pi/coffee-origins/%ZZ']) {
      const anonymous = await t.call(undefined, { method: 'PUT', url, payload: originBody });
      expect(anonymous.statusCode, url).toBe(401);
      expect(errorOf(anonymous)).toEqual({ code: 'unauthenticated', message: authMessages.notSignedIn });
      expectSafeAnswer(anonymous, ['%ZZ', HUGE_ID]);
      const foreign = await t.call(cookie, { method: 'PUT', url, headers: { origin: 'https://malo.example' }, payload: originBody });
      expect(foreign.statusCode, url).toBe(403);
      expect(errorOf(foreign).message).toBe(commonMessages.crossOrigin);
    }
  });

  it('a malformed URL outside /api gets the same Spanish JSON refusal', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/pagina/%E0%A4%A' });
    expectRefusal(response, 400, requestMessages.malformedUrl, ['%E0']);
  });

  it('a JSON body that does not parse: Spanish 400, nothing written', async () => {
    const response = await t.call(cookie, {
      method: 'PUT', url: `/api/coffee-origins/${originId}`, headers: { 'content-type': 'application/json' }, payload: '{"name": "Cambiado", ',
    });
    expectRefusal(response, 400, requestMessages.invalidJson, ['Cambiado']);
    expect(errorOf(response).message).toBe('El cuerpo de la solicitud no es JSON válido.');
    const empty = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', headers: { 'content-type': 'application/json' }, payload: '' });
    expectRefusal(empty, 400, requestMessages.invalidJson, []);
  });

  it('a body over the 256 KB limit: Spanish 413 saying the limit', async () => {
    const response = await t.call(cookie, {
      method: 'POST', url: '/api/coffee-origins', payload: { ...originBody, description: 'x'.repeat(300 * 1024) },
    });
    expectRefusal(response, 413, requestMessages.bodyTooLarge(256), ['xxxxxxxx']);
    expect(errorOf(response).message).toBe('El cuerpo de la solicitud es demasiado grande (máximo 256 KB).');
  });

  it('a body that is not JSON: Spanish 415', async () => {
    const response = await t.call(cookie, {
      method: 'POST', url: '/api/coffee-origins', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Kenia',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({ code: 'unsupported_media_type', message: commonMessages.jsonRequired });
    expectSafeAnswer(response, ['Kenia']);
  });

  it('over a real socket: a URL past the parser limit and a broken request line get Spanish JSON and the headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const longPath = `/api/coffee-origins/${'a'.repeat(20_000)}`;
    const long = parseRaw(await rawExchange(port, `GET ${longPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual({ error: { code: 'validation', message: requestMessages.headersTooLarge } });
    expectSafeAnswer(long, ['aaaaaaaa']);

    const broken = parseRaw(await rawExchange(port, 'GET /a b c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ error: { code: 'validation', message: requestMessages.unreadable } });
    expectSafeAnswer(broken, ['/a b c']);

    // And the router-level cases over the socket too (inject is not the only way in).
    const badUrl = parseRaw(await rawExchange(port, `PUT /api/coffee-origins/%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`));
    expect(badUrl.status).toBe(400);
    expect(JSON.parse(badUrl.body)).toEqual({ error: { code: 'validation', message: requestMessages.malformedUrl } });
    expectSafeAnswer(badUrl, ['%ZZ']);
  });
});
