import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configMessages, loadConfig } from '#server/config.js';
import { userMessages } from '#shared/user-messages.js';

/** The problem list loadConfig stops with (fails the test if it does not stop). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`la configuración ${JSON.stringify(env)} se aceptó`);
}

describe('configuration', () => {
  it('defaults to the SQLite file ./data/cafe.sqlite on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/cafe.sqlite') });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, adminUsername: 'admin', adminPassword: undefined });
  });

  it('reads sqlite: and postgres:// URLs, PORT and HOST', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/cafe/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/var/cafe/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/cafe' }).database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/cafe' });
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({ port: 8080, host: '0.0.0.0' });
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'tres mil', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'corta', TRUST_PROXY: 'quizá' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'TRUST_PROXY']) expect(problems).toContain(name);
    // ADMIN_PASSWORD's rules stop only a start on an empty database (bootstrapAdmin, tests/api/release-upgrades.test.ts).
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it("says what the users screen rules find in ADMIN_PASSWORD (8 to 128 characters, not common, not containing the username), without stopping the start", () => {
    const problemOf = (env: NodeJS.ProcessEnv) => loadConfig(env).adminPasswordProblem;
    expect(problemOf({ ADMIN_PASSWORD: 'password123' })).toBe(userMessages.passwordTooCommon);
    expect(problemOf({ ADMIN_PASSWORD: 'QWERTY123' })).toBe('Esa contraseña es demasiado común y fácil de adivinar. Elige otra.');
    expect(problemOf({ ADMIN_PASSWORD: 'corta' })).toBe(userMessages.passwordTooShort);
    expect(problemOf({ ADMIN_PASSWORD: 'x'.repeat(129) })).toBe(userMessages.passwordTooLong);
    expect(problemOf({ ADMIN_USERNAME: 'Tostador-Jefe', ADMIN_PASSWORD: 'tostador-jefe' })).toBe(userMessages.passwordContainsUsername);
    // Containing it is enough, and the default username counts when ADMIN_USERNAME is unset.
    expect(problemOf({ ADMIN_USERNAME: 'adm2', ADMIN_PASSWORD: 'adm2adm2' })).toBe(userMessages.passwordContainsUsername);
    expect(problemOf({ ADMIN_PASSWORD: 'clave-ADMIN-2026' })).toBe('La contraseña no puede contener el nombre de usuario.');
    expect(loadConfig({ ADMIN_PASSWORD: 'una-clave-larga' })).toMatchObject({ adminPassword: 'una-clave-larga', adminPasswordProblem: undefined });
    expect(loadConfig({}).adminPasswordProblem).toBeUndefined();
  });

  it('reads sqlite:/absolute, sqlite:///absolute and sqlite:relative (to the start directory) paths', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:///var/cafe/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/var/cafe/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'sqlite:datos/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: path.resolve('datos/x.sqlite') });
    expect(loadConfig({ DATABASE_URL: 'sqlite:./x.sqlite' }).database).toEqual({ kind: 'sqlite', file: path.resolve('x.sqlite') });
    expect(loadConfig({ DATABASE_URL: '' }).database).toEqual({ kind: 'sqlite', file: path.resolve('data/cafe.sqlite') });
  });

  it('refuses a DATABASE_URL without a path, an ambiguous sqlite:// form or an unparseable PostgreSQL URL, in Spanish', () => {
    expect(problemsOf({ DATABASE_URL: 'sqlite:' })).toEqual([`DATABASE_URL: ${configMessages.sqliteNoPath}`]);
    expect(problemsOf({ DATABASE_URL: 'sqlite:   ' })).toEqual([`DATABASE_URL: ${configMessages.sqliteNoPath}`]);
    expect(problemsOf({ DATABASE_URL: 'sqlite:/var/cafe/' })).toEqual([`DATABASE_URL: ${configMessages.sqliteDirectory}`]);
    for (const url of ['sqlite://relative.db', 'sqlite://host/cafe.sqlite', 'sqlite://']) {
      expect(problemsOf({ DATABASE_URL: url }), url).toEqual([`DATABASE_URL: ${configMessages.sqliteHost}`]);
    }
    for (const url of ['postgres://a b', 'postgres://u:clave@db:99999/cafe', 'postgresql://[::1/cafe']) {
      const problems = problemsOf({ DATABASE_URL: url });
      expect(problems, url).toEqual([
        'DATABASE_URL: no es una URL de PostgreSQL válida (formato: postgres://usuario:clave@host:5432/base)',
      ]);
    }
    // Never echoes the URL: it may carry a password.
    expect(problemsOf({ DATABASE_URL: 'postgres://u:secreta@a b/cafe' }).join('\n')).not.toContain('secreta');
  });

  it('refuses blank HOST, WEB_ROOT and ADMIN_USERNAME and out-of-range ports, in Spanish', () => {
    expect(problemsOf({ HOST: '   ' })).toEqual(['HOST: no puede estar vacío']);
    expect(problemsOf({ WEB_ROOT: '' })).toEqual([`WEB_ROOT: ${configMessages.empty}`]);
    expect(problemsOf({ ADMIN_USERNAME: '  ' })).toEqual([`ADMIN_USERNAME: ${configMessages.empty}`]);
    expect(problemsOf({ ADMIN_USERNAME: 'u'.repeat(101) })).toEqual([`ADMIN_USERNAME: ${userMessages.usernameTooLong}`]);
    expect(loadConfig({ ADMIN_USERNAME: ' Jefa ' }).adminUsername).toBe('Jefa');
    for (const port of ['0', '65536', '80.5', '-1', '', '1e3', 'tres mil']) {
      expect(problemsOf({ PORT: port }), port).toEqual(['PORT: debe ser un número entero entre 1 y 65535']);
    }
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ PORT: '1' }).port).toBe(1);
  });

  it('TRUST_PROXY takes the proxies\' addresses, networks or range names, and is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', 'false', '0', ' ']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy, off).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'uniquelocal',
    ]);
  });

  it('refuses TRUST_PROXY=true and hop counts, saying what to write instead, in Spanish', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([`TRUST_PROXY: ${configMessages.trustProxyTrue}`]);
    }
    expect(configMessages.trustProxyTrue).toContain('TRUST_PROXY=loopback');
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toBe(
      'TRUST_PROXY: true no se admite: confiaría en cualquiera, y un cliente podría falsificar X-Forwarded-For para saltarse el límite de inicios de sesión. ' +
        'Escribe la dirección del proxy: TRUST_PROXY=loopback si nginx o Caddy corren en la misma máquina, o su IP o red (TRUST_PROXY=10.0.0.5 o 10.0.0.0/24)',
    );
    for (const hops of ['1', '2', '10']) expect(problemsOf({ TRUST_PROXY: hops }), hops).toEqual([`TRUST_PROXY: ${configMessages.trustProxyHops}`]);
    for (const wrong of ['nginx', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'loopback,']) {
      const entry = wrong === 'loopback,' ? '' : wrong;
      expect(problemsOf({ TRUST_PROXY: wrong }), wrong).toEqual([`TRUST_PROXY: ${configMessages.trustProxyEntry(entry)}`]);
    }
  });

  it('PUBLIC_URL is optional and kept as the origin a browser sends: scheme, host and port, default port dropped', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://cafe.example.com' }).publicUrl).toBe('https://cafe.example.com');
    expect(loadConfig({ PUBLIC_URL: ' HTTPS://Cafe.Example.com:443/ ' }).publicUrl).toBe('https://cafe.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://cafe.example.com:80' }).publicUrl).toBe('http://cafe.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).publicUrl).toBe('http://10.0.0.5:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://café.example' }).publicUrl).toBe('https://xn--caf-dma.example');
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin, in Spanish', () => {
    for (const url of ['cafe.example.com', 'ftp://cafe.example.com', 'https://', 'https://usuario:clave@cafe.example.com', 'javascript:alert(1)']) {
      expect(problemsOf({ PUBLIC_URL: url }), url).toEqual([`PUBLIC_URL: ${configMessages.publicUrl}`]);
    }
    for (const url of ['https://cafe.example.com/app', 'https://cafe.example.com/?a=1', 'https://cafe.example.com/#inicio', 'https://cafe.example.com?']) {
      expect(problemsOf({ PUBLIC_URL: url }), url).toEqual([`PUBLIC_URL: ${configMessages.publicUrlPath}`]);
    }
    expect(problemsOf({ PUBLIC_URL: 'https://cafe.example.com/app' })).toEqual([
      'PUBLIC_URL: solo la dirección del sitio: sin ruta, consulta ni fragmento (https://cafe.example.com, no https://cafe.example.com/app)',
    ]);
  });

  it('lists every problem at once, each in Spanish with its variable', () => {
    const problems = problemsOf({
      HOST: ' ',
      PORT: '70000',
      DATABASE_URL: 'sqlite:',
      ADMIN_USERNAME: 'u'.repeat(101),
      ADMIN_PASSWORD: 'password123',
      TRUST_PROXY: 'quizá',
      PUBLIC_URL: 'cafe.example.com',
      LOG_LEVEL: 'verbose',
      WEB_ROOT: '',
    });
    expect(problems).toEqual([
      `HOST: ${configMessages.empty}`,
      `PORT: ${configMessages.port}`,
      `DATABASE_URL: ${configMessages.sqliteNoPath}`,
      `ADMIN_USERNAME: ${userMessages.usernameTooLong}`,
      `TRUST_PROXY: ${configMessages.trustProxyEntry('quizá')}`,
      `PUBLIC_URL: ${configMessages.publicUrl}`,
      `LOG_LEVEL: ${configMessages.logLevel}`,
      `WEB_ROOT: ${configMessages.empty}`,
    ]);
    // No library English slips through (zod's 'Too big', 'Invalid input', the URL parser's 'Invalid URL').
    for (const problem of problems) expect(problem).not.toMatch(/invalid|expected|too (big|small)|received/i);
  });
});
