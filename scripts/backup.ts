// `npm run backup`: a consistent copy of the configured SQLite database, taken
// while the server runs, into ./backups/cafe-YYYYMMDD-HHMMSS.sqlite (UTC),
// keeping the newest BACKUP_KEEP (default 7). BACKUP_DIR changes the folder.
// PostgreSQL has its own tool: the script says which command to run instead.
// Restoring: README.md, "Copias de seguridad".
import path from 'node:path';
import { loadConfig } from '#server/config.js';
import { backupSqlite } from '#server/db/sqlite-backup.js';

const config = loadConfig();
const keepText = process.env.BACKUP_KEEP ?? '7';
const keep = Number(keepText);
if (!/^\d+$/.test(keepText.trim()) || keep < 1) {
  console.error(`BACKUP_KEEP debe ser un número entero mayor que cero (es «${keepText}»).`);
  process.exit(1);
}
const dir = path.resolve(process.env.BACKUP_DIR ?? 'backups');

if (config.database.kind === 'postgres') {
  console.error(
    'La base de datos configurada es PostgreSQL: esta copia es solo para SQLite. Usa pg_dump, por ejemplo:\n' +
      `  pg_dump --format=custom --file=${path.join(dir, 'cafe-AAAAMMDD-HHMMSS.dump')} "$DATABASE_URL"\n` +
      'y para restaurar: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" archivo.dump',
  );
  process.exit(1);
}
if (config.database.file === ':memory:') {
  console.error('La base de datos SQLite está en memoria: no hay archivo que copiar.');
  process.exit(1);
}

const started = Date.now();
const result = await backupSqlite(config.database.file, { dir, keep });
console.log(`Copia de seguridad escrita en ${result.file} (${Date.now() - started} ms).`);
for (const file of result.removed) console.log(`  copia antigua eliminada: ${file}`);
