import path from 'node:path';
import { z } from 'zod';
import { userMessages } from '../shared/messages.js';
import { passwordProblem, USERNAME_MAX } from '../shared/schemas/users.js';

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
const DEFAULT_ADMIN_USERNAME = 'admin';

/** Texts of the start-up problem list (Spanish, like every text a person reads). */
export const configMessages = {
  empty: 'no puede estar vacío',
  port: 'debe ser un número entero entre 1 y 65535',
  booleanText: 'debe ser true o false',
  logLevel: 'debe ser fatal, error, warn, info, debug, trace o silent',
  databaseScheme: 'debe empezar por postgres://, postgresql:// o sqlite:',
  sqliteNoPath: 'falta la ruta del archivo SQLite (por ejemplo sqlite:/ruta/archivo.sqlite)',
  sqliteDirectory: 'la ruta de SQLite debe ser un archivo, no una carpeta',
  sqliteHost:
    'sqlite://… es ambiguo: usa sqlite:/ruta/absoluta.sqlite, sqlite:///ruta/absoluta.sqlite o sqlite:ruta/relativa.sqlite (relativa a la carpeta de arranque)',
  postgresUrl: 'no es una URL de PostgreSQL válida (formato: postgres://usuario:clave@host:5432/base)',
} as const;

/** Text that must hold something besides spaces (kept as given otherwise). */
const nonBlank = (fallback: string) =>
  z.string().refine((value) => value.trim() !== '', configMessages.empty).default(fallback);

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: configMessages.booleanText })
  .transform((value) => value === 'true' || value === '1');

/**
 * `DATABASE_URL`: unset or empty → ./data/cafe.sqlite; `sqlite:/abs/file` (or
 * the URL form `sqlite:///abs/file`) → that absolute file; `sqlite:rel/file` →
 * relative to the directory the app starts in; `sqlite::memory:` → in memory;
 * `postgres://` or `postgresql://` → PostgreSQL. `sqlite://name` is refused: it
 * reads as a host, and guessing whether a path was meant picks the wrong file.
 * The path is taken as written (no %-decoding). Problems never echo the URL,
 * which may hold a password.
 */
const databaseUrlSchema = z
  .string()
  .optional()
  .transform((url, ctx): DatabaseConfig => {
    if (url === undefined || url === '') return { kind: 'sqlite', file: path.resolve(DEFAULT_SQLITE_FILE) };
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (url.startsWith('sqlite:')) {
      let file = url.slice('sqlite:'.length);
      if (file.startsWith('//')) {
        if (!file.startsWith('///')) return problem(configMessages.sqliteHost);
        file = file.slice('//'.length);
      }
      if (file.trim() === '') return problem(configMessages.sqliteNoPath);
      if (file === ':memory:') return { kind: 'sqlite', file };
      if (file.endsWith('/') || file.endsWith(path.sep)) return problem(configMessages.sqliteDirectory);
      return { kind: 'sqlite', file: path.resolve(file) };
    }
    if (/^postgres(ql)?:\/\//.test(url)) {
      // The same parse the database layer does, so a bad URL stops the start here, in Spanish.
      if (!URL.canParse(url)) return problem(configMessages.postgresUrl);
      return { kind: 'postgres', url };
    }
    return problem(configMessages.databaseScheme);
  });

const envSchema = z.object({
  HOST: nonBlank('127.0.0.1').transform((host) => host.trim()),
  PORT: z
    .string()
    .default('3000')
    .transform((text) => text.trim())
    .refine((text) => /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535, configMessages.port)
    .transform(Number),
  DATABASE_URL: databaseUrlSchema,
  // The same limit and message as a username typed in the users screen.
  ADMIN_USERNAME: nonBlank(DEFAULT_ADMIN_USERNAME)
    .transform((username) => username.trim())
    .refine((username) => [...username].length <= USERNAME_MAX, userMessages.usernameTooLong),
  // Checked below with the users screen's password rules (they need the username too).
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: configMessages.logLevel }).default('info'),
  WEB_ROOT: nonBlank('dist/web'),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The first administrator's password follows the same rules as any password
  // set in the users screen (length, most common passwords, not the username).
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminPassword !== undefined) {
    // Read from env, not parsed.data: the list must be complete even when another variable is wrong.
    const problem = passwordProblem(adminPassword, (env.ADMIN_USERNAME ?? DEFAULT_ADMIN_USERNAME).trim());
    if (problem) problems.push(`ADMIN_PASSWORD: ${problem}`);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve(e.WEB_ROOT),
  };
}
