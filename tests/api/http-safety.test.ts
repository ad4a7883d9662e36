import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, requestMessages } from '#shared/messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';

describe('HTTP safety', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // A route that fails the way a bug would, to prove the handler hides it.
    t.app.get('/api/prueba-fallo', async () => {
      throw new Error('SQLITE_CORRUPT: secreto interno en /var/lib');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('sends the security headers with a strict CSP', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Our own scripts only; WebAssembly may be compiled (the QR decoder, docs/decisions/0030-scanning-labels.md), eval() may not.
    const scriptSrc = csp.split(';').map((directive) => directive.trim().split(/\s+/)).find(([name]) => name === 'script-src');
    expect(scriptSrc).toEqual(['script-src', "'self'", "'wasm-unsafe-eval'"]);
    expect(csp).toContain("frame-ancestors 'none'");
    // The web app manifest (installing on a phone) comes from our own origin only.
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('hides the cause of a 500 behind a Spanish message', async () => {
    const cookie = await t.signIn('tecnico');
    const response = await t.call(cookie, { method: 'GET', url: '/api/prueba-fallo' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toEqual({ code: 'internal', message: commonMessages.internal });
    expect(response.body).not.toContain('SQLITE');
  });

  it('refuses a state change from another origin or another site', async () => {
    const cookie = await t.signIn('tecnico');
    const foreign = await t.call(cookie, { method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://malo.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).message).toBe(commonMessages.crossOrigin);
    const crossSite = await t.call(cookie, { method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.call(cookie, { method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.call(undefined, {
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe(commonMessages.jsonRequired);
  });

  it('answers malformed JSON with a Spanish 400, never a 500', async () => {
    const response = await t.call(undefined, {
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: requestMessages.invalidJson });
  });

  it('publishes the OpenAPI contract at /api/docs to signed-in users only', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const cookie = await t.signIn('tecnico');
    const response = await t.call(cookie, { method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/coffee-origins', '/api/green-coffee/{id}', '/api/users']));
    expect(spec.paths['/api/auth/login']).toHaveProperty('post');
  });
});
