import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

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
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'TRUST_PROXY']) expect(problems).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });
});
