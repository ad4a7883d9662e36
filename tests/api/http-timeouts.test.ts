import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, ConfigError, configMessages, HTTP_DEFAULTS, loadConfig } from '#server/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/** The server timeouts and body limit (as fastify/demo sets them), from config to the listening socket. */
describe('HTTP limits in the config', () => {
  it('has defaults a slow client cannot use to hold a connection open', () => {
    const { http } = loadConfig({});
    expect(http).toEqual(HTTP_DEFAULTS);
    expect(http).toEqual({ connectionTimeout: 60_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, bodyLimit: BODY_LIMIT_BYTES });
  });

  it('reads HTTP_*_TIMEOUT_MS and refuses 0 ("never") or nonsense with the list of problems', () => {
    const { http } = loadConfig({ HTTP_CONNECTION_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: ' 15000 ', HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000' });
    expect(http).toEqual({ connectionTimeout: 20_000, requestTimeout: 15_000, keepAliveTimeout: 2_000, bodyLimit: BODY_LIMIT_BYTES });
    let problems: string[] = [];
    try {
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: 'mucho' });
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [];
    }
    expect(problems).toEqual([
      `HTTP_REQUEST_TIMEOUT_MS: ${configMessages.timeoutMs}`,
      'HTTP_KEEP_ALIVE_TIMEOUT_MS: debe ser un número entero de milisegundos entre 1000 y 600000',
    ]);
  });
});

describe.each(testDialects())('HTTP limits on the server (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('applies the configured limits to Fastify and to the listening socket', async () => {
    const http = { connectionTimeout: 4_000, requestTimeout: 3_000, keepAliveTimeout: 2_000, bodyLimit: 1024 };
    t = await createTestApp(dialect, { http });
    expect(t.app.initialConfig).toMatchObject(http);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    expect(t.app.server.requestTimeout).toBe(3_000);
    expect(t.app.server.keepAliveTimeout).toBe(2_000);
    expect(t.app.server.timeout).toBe(4_000);
  });

  it('without options uses the config defaults', async () => {
    t = await createTestApp(dialect);
    expect(t.app.initialConfig).toMatchObject(HTTP_DEFAULTS);
  });

  it('closes a connection that sends nothing once the connection timeout passes', async () => {
    t = await createTestApp(dialect, { http: { ...HTTP_DEFAULTS, connectionTimeout: 1_000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    // Half a request line, then silence: what a Slowloris client does.
    socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\n'));
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5_000);
  });
});
