// First: V8's flags must be set before the rest of the server is loaded.
import './memory-mode.js';
import { openDatabase } from '#server/db/database.js';
import { bootstrapAdmin } from '#server/features/users/service.js';
import { fillMissingRoastFigures } from '#server/features/roasted-coffee/service.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Reads the configuration, opens the database, listens, and shuts down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const app = await buildApp({
    db: database.db,
    readDb: database.readDb,
    webRoot: config.webRoot,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    http: config.http,
    logger: { level: config.logLevel },
  });

  const admin = await bootstrapAdmin(database.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin?.generatedPassword) {
    // Printed once, on purpose outside the JSON log, so a person starting the app sees it.
    process.stdout.write(
      `\n  Primer inicio: se creó el administrador «${admin.username}» con la contraseña: ${admin.generatedPassword}\n` +
        '  Guárdala ahora: no se volverá a mostrar.\n\n',
    );
  } else if (admin) {
    app.log.info({ username: admin.username }, 'administrador inicial creado con ADMIN_PASSWORD');
  } else if (config.adminPasswordProblem) {
    // Read only for an empty database: a rule added since it was set must not stop a shop
    // whose data is already here (docs/decisions/0037-release-fixtures-and-upgrades.md).
    app.log.warn(
      { event: 'admin_password_ignored', problem: config.adminPasswordProblem },
      'ADMIN_PASSWORD no cumple las reglas de contraseña; la base de datos ya tiene usuarios, así que no se usa: quítala o cámbiala',
    );
  }

  // The figures of roasts imported before migration 0029 (docs/decisions/0053-reference-profile.md):
  // only the roasted-coffee area reads a curve, so they are computed here, once, not by the migration.
  const filled = await fillMissingRoastFigures(database.db);
  if (filled > 0) app.log.info({ roasts: filled }, 'cifras de tueste calculadas para los tuestes importados antes de la migración 0029');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.description }, `Sistema de Gestión de Café en http://${config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
