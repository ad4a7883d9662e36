import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELAY_MAX_MS,
  ACCOUNT_FREE_FAILURES,
  accountDelayMs,
  ADDRESS_LIMIT,
  LoginThrottle,
  PAIR_LIMIT,
  usernameDigest,
  WINDOW_MS,
} from '#server/auth/login-throttle.js';
import { authMessages } from '#shared/messages.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * The sign-in brake (docs/decisions/0008-sign-in-throttling-without-lockout.md) must stop a guesser without handing them a way to
 * lock the owner out. Every test is the attacker's traffic, then the owner.
 */
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

describe.each(testDialects())('sign-in throttling without lockout (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.call(undefined, { method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });
  const counter = (scope: 'address' | 'pair' | 'account', subject: string) =>
    t.db.selectFrom('login_throttle').select(['failures', 'window_start']).where('scope', '=', scope).where('subject', '=', subject).executeTakeFirst();

  it('the owner signs in from another address while one address hammers wrong passwords', async () => {
    t = await createTestApp(dialect);
    await t.signIn('administrador', 'duena');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login('duena', `adivina-${i}-xx`, ATTACKER)).statusCode);
    expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(401), ...Array(20 - PAIR_LIMIT).fill(429)]);

    // The attacker's address stays stopped even with the right password…
    const attackerRight = await login('duena', TEST_PASSWORD, ATTACKER);
    expect(attackerRight.statusCode).toBe(429);
    // The window runs from the first failure: 900 s then, a second less if the 20 attempts took over a second (a busy machine).
    const retryAfter = Number(attackerRight.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(errorOf(attackerRight)).toEqual({ code: 'rate_limited', message: authMessages.tooManyAttempts(retryAfter) });
    expect(errorOf(attackerRight).message).toBe('Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de 15 minutos.');

    // …while the owner, elsewhere, gets in at once: only the attacker's
    // verified guesses count for the account, too few for any wait.
    const owner = await login('duena', TEST_PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.map((cookie) => cookie.name)).toContain('cafe_sesion');
    const account = await counter('account', usernameDigest('duena'));
    expect(account?.failures).toBe(PAIR_LIMIT);
    expect(accountDelayMs(account!.failures)).toBe(0);
  });

  it('of 40 wrong guesses sent at once, exactly the limit are verified', async () => {
    t = await createTestApp(dialect);
    await t.signIn('administrador', 'objetivo');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('objetivo', `simultanea-${i}-x`, ATTACKER)),
    );
    const statuses = responses.map((response) => response.statusCode);
    // 401 only comes after a password check: so exactly PAIR_LIMIT checks ran.
    expect(statuses.filter((status) => status === 401)).toHaveLength(PAIR_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - PAIR_LIMIT);
    expect((await login('objetivo', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('a flood of 10,500 distinct usernames from many addresses does not unlock a locked pair', async () => {
    t = await createTestApp(dialect);
    await t.signIn('administrador', 'jefa');
    for (let i = 0; i < PAIR_LIMIT; i++) expect((await login('jefa', `mala-${i}-xxxx`, ATTACKER)).statusCode).toBe(401);
    expect((await login('jefa', TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);

    // What the old in-memory table (10,000 entries) could not survive: 10,500
    // failed logins with distinct usernames from distinct addresses. The rows
    // such a flood leaves are written in bulk (31,500 separate statements take
    // minutes on a busy machine); the last 500 attempts go through the same
    // counting a login does, so any eviction in it would run.
    const FLOOD = 10_500;
    const LIVE = 500;
    const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const now = Date.now();
    for (let start = 0; start < FLOOD - LIVE; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, FLOOD - LIVE - start) }, (_, j) => start + j).flatMap((n) => [
        { scope: 'address' as const, subject: addressOf(n), failures: 1, window_start: now },
        { scope: 'pair' as const, subject: JSON.stringify([addressOf(n), usernameDigest(`inventado-${n}`)]), failures: 1, window_start: now },
        { scope: 'account' as const, subject: usernameDigest(`inventado-${n}`), failures: 1, window_start: now },
      ]);
      await t.db.insertInto('login_throttle').values(rows).execute();
    }
    const throttle = new LoginThrottle(t.db);
    for (let n = FLOOD - LIVE; n < FLOOD; n++) {
      expect(await throttle.begin(addressOf(n), `inventado-${n}`)).toEqual({ allowed: true, delayMs: 0 });
    }
    const rows = await t.db.selectFrom('login_throttle').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(3 * FLOOD);

    const stillLocked = await login('jefa', TEST_PASSWORD, ATTACKER);
    expect(stillLocked.statusCode).toBe(429);
    expect(errorOf(stillLocked).code).toBe('rate_limited');
    expect((await login('jefa', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  }, 120_000);

  it('an unknown username gets the same 401, and the same brake, as a wrong password', async () => {
    t = await createTestApp(dialect);
    await t.signIn('tecnico', 'existe');
    const answers = async (username: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i <= PAIR_LIMIT; i++) {
        const response = await login(username, `mala-${i}-xxxx`, ATTACKER);
        out.push({ status: response.statusCode, body: response.json() });
      }
      return out;
    };
    const known = await answers('existe');
    const unknown = await answers('no-existe');
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({ status: 401, body: { error: { code: 'unauthenticated', message: authMessages.wrongCredentials } } });
    expect(known[PAIR_LIMIT]!.status).toBe(429);
  });

  it('many addresses failing on one account only make its sign-in wait, growing and capped, never refused', async () => {
    t = await createTestApp(dialect);
    await t.signIn('administrador', 'paciente');
    // Failures from many addresses (each below its own pair limit) …
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) {
      expect((await login('paciente', `mala-${i}-xxxx`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    // … so the next attempt waits accountDelayMs(11) before its password check, then gets in.
    const expectedWait = accountDelayMs(ACCOUNT_FREE_FAILURES + 1);
    expect(expectedWait).toBeGreaterThan(0);
    const started = performance.now();
    const owner = await login('paciente', TEST_PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(expectedWait - 20);

    // Grows with the failures, never beyond the cap, never a refusal.
    const waits = Array.from({ length: 200 }, (_, failures) => accountDelayMs(failures));
    expect(waits.slice(0, ACCOUNT_FREE_FAILURES).every((wait) => wait === 0)).toBe(true);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBe(ACCOUNT_DELAY_MAX_MS);
  });

  it('a spray over many usernames from one address stops that address, not the others', async () => {
    t = await createTestApp(dialect);
    await t.signIn('tecnico', 'otra-persona');
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect((await login(`rociado-${i}`, 'mala-clave-xx', ATTACKER)).statusCode).toBe(401);
    const sprayed = await login('otra-persona', TEST_PASSWORD, ATTACKER);
    expect(sprayed.statusCode).toBe(429);
    expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(sprayed).message).toBe(authMessages.tooManyAttempts(Number(sprayed.headers['retry-after'])));
    expect((await login('otra-persona', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('when the window is over the address may try again, and a success clears its pair', async () => {
    t = await createTestApp(dialect);
    await t.signIn('tecnico', 'vuelve');
    for (let i = 0; i < PAIR_LIMIT; i++) await login('vuelve', `mala-${i}-xxxx`, ATTACKER);
    expect((await login('vuelve', TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
    await t.db.updateTable('login_throttle').set((eb) => ({ window_start: eb('window_start', '-', WINDOW_MS) })).execute();
    expect((await login('vuelve', TEST_PASSWORD, ATTACKER)).statusCode).toBe(200);
    expect(await counter('pair', JSON.stringify([ATTACKER, usernameDigest('vuelve')]))).toBeUndefined();
  });

  it('a forged X-Forwarded-For is ignored when no proxy is trusted (the default)', async () => {
    t = await createTestApp(dialect);
    await t.signIn('administrador', 'dueno');
    const forged = (i: number) =>
      t.call(undefined, {
        method: 'POST', url: '/api/auth/login', remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': `198.18.0.${i}` }, payload: { username: 'dueno', password: `mala-${i}-xxxx` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 3; i++) statuses.push((await forged(i)).statusCode);
    expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(401), 429, 429, 429]);
    expect(await counter('pair', JSON.stringify(['198.18.0.1', usernameDigest('dueno')]))).toBeUndefined();
  });

  it('a forged X-Forwarded-For is ignored from an address that is not the trusted proxy', async () => {
    t = await createTestApp(dialect, { trustProxy: ['loopback', '10.0.0.5'] });
    await t.signIn('administrador', 'duenio');
    const statuses: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 2; i++) {
      const response = await t.call(undefined, {
        method: 'POST', url: '/api/auth/login', remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': `198.18.0.${i}` }, payload: { username: 'duenio', password: `mala-${i}-xxxx` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(401), 429, 429]);
  });

  it('behind a trusted proxy each client counts on its own, and entries the client prepends do not help it', async () => {
    t = await createTestApp(dialect, { trustProxy: ['10.0.0.5'] });
    await t.signIn('administrador', 'tras-proxy');
    // nginx/Caddy append the address they saw to whatever the client sent:
    // the client controls only the entries on the left.
    const viaProxy = (forwardedFor: string, password: string) =>
      t.call(undefined, {
        method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': forwardedFor }, payload: { username: 'tras-proxy', password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < PAIR_LIMIT + 2; i++) statuses.push((await viaProxy(`198.18.0.${i}, ${ATTACKER}`, `mala-${i}-xxxx`)).statusCode);
    expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(401), 429, 429]);
    expect((await counter('pair', JSON.stringify([ATTACKER, usernameDigest('tras-proxy')])))?.failures).toBe(PAIR_LIMIT + 2);
    // The owner, another client of the same proxy, is not the attacker.
    expect((await viaProxy(OWNER, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('logs each refusal with its reason and address, never the password', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
    t = await createTestApp(dialect, { logger: { level: 'info', stream } });
    await t.signIn('tecnico', 'registrado');
    for (let i = 0; i <= PAIR_LIMIT; i++) await login('registrado', `secreto-${i}-zz`, ATTACKER);
    const blocked = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event === 'login_blocked');
    expect(blocked).toEqual([expect.objectContaining({ scope: 'pair', username: 'registrado', ip: ATTACKER, level: 40 })]);
    expect(lines.join('')).not.toContain('secreto-');
  });

  it('keeps a password typed as the username out of the server log and the counters', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
    t = await createTestApp(dialect, { logger: { level: 'info', stream } });
    for (let i = 0; i <= PAIR_LIMIT; i++) expect((await login('MiClave-Secreta-99', 'x'.repeat(12), ATTACKER)).statusCode).toBe(i < PAIR_LIMIT ? 401 : 429);
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => String(entry.event).startsWith('login_'));
    expect(events.map((entry) => `${entry.event}:${entry.username}`)).toEqual([...Array(PAIR_LIMIT).fill('login_failed:null'), 'login_blocked:null']);
    expect(lines.join('')).not.toMatch(/miclave-secreta/i);
    const subjects = await t.db.selectFrom('login_throttle').select('subject').execute();
    expect(subjects.map((row) => row.subject).join(' ')).not.toMatch(/miclave-secreta/i);
    expect(await counter('account', usernameDigest('miclave-secreta-99'))).toMatchObject({ failures: PAIR_LIMIT });
  });
});
