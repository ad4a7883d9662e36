import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { userMessages } from '#shared/user-messages.js';
import { USERNAME_MAX } from '#shared/limits.js';
import { passwordProblem } from '#shared/schemas/users.js';

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
  /**
   * What the users screen's password rules say of ADMIN_PASSWORD (its message),
   * undefined when it follows them or is unset. Not a start-up problem here: the
   * setting only matters for an empty database (features/users/service.ts
   * bootstrapAdmin refuses it then; main.ts only warns when the database has users).
   */
  adminPasswordProblem: string | undefined;
  /** The reverse proxies whose X-Forwarded-* headers count (Fastify `trustProxy`); false: none. */
  trustProxy: false | string[];
  /**
   * PUBLIC_URL as an origin ('https://cafe.example.com'): the address people
   * open. When set, a write must come with exactly this Origin (http/security.ts).
   */
  publicUrl: string | undefined;
  logLevel: string;
  webRoot: string;
  http: HttpLimits;
}

/**
 * How long the HTTP server waits on a client, and how much it reads (the
 * Fastify options fastify/demo states): an idle or slow client cannot hold a
 * connection open (Slowloris), and a request cannot grow without end.
 */
export interface HttpLimits {
  /** A socket with no activity for this long is closed (Fastify `connectionTimeout`). */
  connectionTimeout: number;
  /** The whole request (headers and body) must arrive within this (Fastify `requestTimeout`). */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this (Fastify `keepAliveTimeout`). */
  keepAliveTimeout: number;
  /** Largest request body in bytes; the 413's Spanish message states it (error-handler.ts). */
  bodyLimit: number;
}

/**
 * The largest request body Fastify reads (`bodyLimit`), 256 KiB; the 413's
 * Spanish message states it (http/error-handler.ts). The CSV import route sets
 * its own (IMPORT_MAX_BYTES).
 */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** Milliseconds, and bytes for the body. Override the timeouts with HTTP_*_TIMEOUT_MS. */
export const HTTP_DEFAULTS: HttpLimits = {
  connectionTimeout: 60_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  bodyLimit: BODY_LIMIT_BYTES,
};

const DEFAULT_SQLITE_FILE = './data/cafe.sqlite';
const DEFAULT_ADMIN_USERNAME = 'admin';

/** Texts of the start-up problem list (Spanish, like every text a person reads). */
export const configMessages = {
  empty: 'no puede estar vacío',
  port: 'debe ser un número entero entre 1 y 65535',
  trustProxyTrue:
    'true no se admite: confiaría en cualquiera, y un cliente podría falsificar X-Forwarded-For para saltarse el límite de inicios de sesión. ' +
    'Escribe la dirección del proxy: TRUST_PROXY=loopback si nginx o Caddy corren en la misma máquina, o su IP o red (TRUST_PROXY=10.0.0.5 o 10.0.0.0/24)',
  trustProxyHops:
    'un número de saltos no se admite (Fastify lo ignora: un cliente que llegue directo podría falsificar X-Forwarded-For). ' +
    'Escribe la dirección del proxy: TRUST_PROXY=loopback si nginx o Caddy corren en la misma máquina, o su IP o red (TRUST_PROXY=10.0.0.5 o 10.0.0.0/24)',
  trustProxyEntry: (entry: string) =>
    `«${entry}» no es una dirección IP, una red CIDR (como 10.0.0.0/24) ni loopback, linklocal o uniquelocal`,
  logLevel: 'debe ser fatal, error, warn, info, debug, trace o silent',
  databaseScheme: 'debe empezar por postgres://, postgresql:// o sqlite:',
  sqliteNoPath: 'falta la ruta del archivo SQLite (por ejemplo sqlite:/ruta/archivo.sqlite)',
  sqliteDirectory: 'la ruta de SQLite debe ser un archivo, no una carpeta',
  sqliteHost:
    'sqlite://… es ambiguo: usa sqlite:/ruta/absoluta.sqlite, sqlite:///ruta/absoluta.sqlite o sqlite:ruta/relativa.sqlite (relativa a la carpeta de arranque)',
  postgresUrl: 'no es una URL de PostgreSQL válida (formato: postgres://usuario:clave@host:5432/base)',
  timeoutMs: 'debe ser un número entero de milisegundos entre 1000 y 600000',
  publicUrl: 'debe ser la dirección completa con la que se abre la aplicación, http:// o https://, sin usuario ni contraseña (por ejemplo https://cafe.example.com)',
  publicUrlPath: 'solo la dirección del sitio: sin ruta, consulta ni fragmento (https://cafe.example.com, no https://cafe.example.com/app)',
} as const;

/** Text that must hold something besides spaces (kept as given otherwise). */
const nonBlank = (fallback: string) =>
  z.string().refine((value) => value.trim() !== '', configMessages.empty).default(fallback);

/** The names @fastify/proxy-addr knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, or a network as address/prefix length. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0` → no proxy (the socket's address
 * is the client's); otherwise a comma-separated list of the proxies' addresses,
 * networks or range names, what Fastify's `trustProxy` takes. `true` (trust
 * every hop) and hop counts (ignored by Fastify 5) would let any client choose
 * its own address with X-Forwarded-For and dodge the sign-in brake: refused,
 * saying what to write instead (docs/decisions/0008).
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((text, ctx): false | string[] => {
    const value = (text ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value.toLowerCase() === 'true') return problem(configMessages.trustProxyTrue);
    if (/^\d+$/.test(value)) return problem(configMessages.trustProxyHops);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrNetwork(entry));
    if (wrong !== undefined) return problem(configMessages.trustProxyEntry(wrong));
    return entries;
  });

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

/**
 * An origin as browsers send it in the `Origin` header: scheme, host and port,
 * lower case, without the scheme's default port ('HTTPS://Cafe.Example.com:443/'
 * → 'https://cafe.example.com'). `path` says whether the text had more than an
 * origin (a path, a query or a fragment); undefined when it is no http(s) origin.
 */
export function parseOrigin(text: string): { origin: string; path: boolean } | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hostname === '') {
    return undefined;
  }
  // `new URL('https://x?')` drops an empty query: look at the text for '?' and '#' too.
  const path = url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text);
  return { origin: url.origin, path };
}

/**
 * `PUBLIC_URL`: unset or empty → none (the Origin of a write is then compared
 * with the request's Host, as before); otherwise the app's public address,
 * kept as its origin.
 */
const publicUrlSchema = z
  .string()
  .optional()
  .transform((text, ctx): string | undefined => {
    const value = (text ?? '').trim();
    if (value === '') return undefined;
    const parsed = parseOrigin(value);
    if (!parsed || parsed.path) {
      ctx.addIssue({ code: 'custom', message: parsed ? configMessages.publicUrlPath : configMessages.publicUrl });
      return z.NEVER;
    }
    return parsed.origin;
  });

/** A timeout in milliseconds: at least a second (slow networks), at most ten minutes (0 would mean "never"). */
const timeoutMs = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .transform((text) => text.trim())
    .refine((text) => /^\d{1,6}$/.test(text) && Number(text) >= 1000 && Number(text) <= 600_000, configMessages.timeoutMs)
    .transform(Number);

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
  // Its password rules are checked when the first administrator is created (adminPasswordProblem).
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: trustProxySchema,
  PUBLIC_URL: publicUrlSchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: configMessages.logLevel }).default('info'),
  WEB_ROOT: nonBlank('dist/web'),
  HTTP_CONNECTION_TIMEOUT_MS: timeoutMs(HTTP_DEFAULTS.connectionTimeout),
  HTTP_REQUEST_TIMEOUT_MS: timeoutMs(HTTP_DEFAULTS.requestTimeout),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMs(HTTP_DEFAULTS.keepAliveTimeout),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    // The first administrator's password follows the same rules as any password set in the
    // users screen (length, most common passwords, not the username); an earlier release
    // allowed passwords these rules now refuse (docs/decisions/0037-release-fixtures-and-upgrades.md).
    adminPasswordProblem: e.ADMIN_PASSWORD === undefined ? undefined : passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_USERNAME),
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve(e.WEB_ROOT),
    http: {
      connectionTimeout: e.HTTP_CONNECTION_TIMEOUT_MS,
      requestTimeout: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      bodyLimit: HTTP_DEFAULTS.bodyLimit,
    },
  };
}
