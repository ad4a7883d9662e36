import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once at start-up. A bad value stops the app with a
 * list of every problem, rather than failing later in some request.
 */
export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string };

export interface Config {
  host: string;
  port: number;
  database: DatabaseConfig;
  adminUsername: string;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webRoot: string;
}

const DEFAULT_SQLITE_FILE = './data/cafe.sqlite';

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'debe ser true o false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un entero').min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => url === undefined || url === '' || /^(postgres(ql)?:\/\/|sqlite:)/.test(url), {
      message: 'debe empezar por postgres://, postgresql:// o sqlite:',
    }),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres').max(128).optional(),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().default('dist/web'),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.resolve(DEFAULT_SQLITE_FILE) };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { kind: 'postgres', url };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    database: parseDatabaseUrl(e.DATABASE_URL),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve(e.WEB_ROOT),
  };
}
