// `npm run make:release-fixture -- <commit> <folder> [--database-url postgres://…]`:
// a small database written by an earlier release, of each kind, for
// tests/api/release-upgrades.test.ts (docs/decisions/0037-release-fixtures-and-upgrades.md).
//
//   dir=$(npm run -s bench:build -- c5a914d)     # that release built in a folder of its own
//   npm run make:release-fixture -- "$dir" tests/fixtures/releases/2026-11-24 \
//     --database-url postgres://postgres@127.0.0.1:5432/test
//
// Writes into <folder>: cafe.sqlite.gz (the SQLite file, gzipped), cafe-postgres.sql
// (`pg_dump --no-owner --no-privileges --inserts` of a PostgreSQL database of its own,
// made and dropped here) and accounts.json (the accounts and the environment of that
// first start). The data itself is written by that release's own code
// (scripts/release-fixture/write-release-data.mjs, run by plain node from the
// build folder's modules). --database-url names any database of the server to
// connect to (default TEST_DATABASE_URL).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { withPgClient } from '#support/pg-client.js';

const args = process.argv.slice(2);
const flag = args.indexOf('--database-url');
const serverUrl = flag >= 0 ? args.splice(flag, 2)[1] : process.env.TEST_DATABASE_URL;
const [buildArg, outArg] = args;
if (!buildArg || !outArg || !serverUrl) {
  throw new Error('uso: npm run make:release-fixture -- <carpeta de npm run bench:build> <carpeta de salida> --database-url postgres://…');
}
const buildDir = path.resolve(buildArg);
const outDir = path.resolve(outArg);
const stamp = path.join(buildDir, 'dist', '.build-stamp');
if (!fs.existsSync(stamp)) throw new Error(`${buildDir} no es una compilación de npm run bench:build (falta dist/.build-stamp)`);

/**
 * The accounts the fixture has, with their passwords in clear (they exist only in
 * these fixtures): the first administrator as that release created it from
 * ADMIN_USERNAME and ADMIN_PASSWORD, whose password contains the username, as
 * that release allowed; and a tecnico created in Gestión de Usuarios.
 */
const accounts = {
  admin: { username: 'admin', password: 'admin-del-cafe-2411', role: 'administrador' },
  tecnico: { username: 'tostador', password: 'clave-del-tostador-24', full_name: 'Tomás Tostador', role: 'tecnico' },
  environment: { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin-del-cafe-2411' },
};

fs.mkdirSync(outDir, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-release-fixture-'));
const accountsFile = path.join(outDir, 'accounts.json');
fs.writeFileSync(accountsFile, `${JSON.stringify(accounts, null, 2)}\n`);
const writeData = (target: string) =>
  execFileSync(process.execPath, [path.join(import.meta.dirname, 'release-fixture', 'write-release-data.mjs'), buildDir, accountsFile, target], {
    cwd: buildDir,
    // Plain node: the build's package.json resolves #server/* and #shared/* to its dist/.
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

try {
  const sqliteFile = path.join(work, 'cafe.sqlite');
  writeData(`sqlite:${sqliteFile}`);
  // Closed by the release's own code: the WAL is checkpointed into the file.
  if (fs.existsSync(`${sqliteFile}-wal`)) throw new Error('el archivo SQLite quedó con su WAL sin volcar');
  fs.writeFileSync(path.join(outDir, 'cafe.sqlite.gz'), zlib.gzipSync(fs.readFileSync(sqliteFile), { level: 9 }));

  const name = `cafe_fixture_${randomBytes(4).toString('hex')}`;
  await withPgClient(serverUrl, (client) => client.query(`create database ${name}`));
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    writeData(url.href);
    // --inserts: plain statements a client can run without psql's COPY … FROM stdin.
    execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--inserts', '--file', path.join(outDir, 'cafe-postgres.sql'), url.href], { stdio: 'inherit' });
  } finally {
    await withPgClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`Fixture de ${path.basename(buildDir)} (compilado ${fs.readFileSync(stamp, 'utf8')}) en ${outDir}: ${fs.readdirSync(outDir).join(', ')}`);
