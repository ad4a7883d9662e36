// `npm run test:reliability [-- --quick | --long] [-- --only=modelo,fuzz,caidas,carga]`
// (docs/reliability.md): the model of the inventory, fuzzing of every write route, the
// kill -9 crash loops and the load with faults on PostgreSQL, one vitest file
// at a time, then a summary table (cases, failures, seconds). --quick (the
// default) is the CI size; --long is what docs/reliability.md records.
// PostgreSQL parts need TEST_DATABASE_URL: without it the others run on SQLite
// alone and a last line says what was skipped and how to run it. Exits 1 on any failure.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const mode = args.includes('--long') ? 'long' : 'quick';
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** `postgresOnly`: the file declares no test without TEST_DATABASE_URL, so it is not started (vitest would fail on the empty file). */
const PARTS = [
  { name: 'modelo', file: 'tests/reliability/model.test.ts', server: false, postgresOnly: false },
  { name: 'fuzz', file: 'tests/reliability/fuzz.test.ts', server: false, postgresOnly: false },
  { name: 'caidas', file: 'tests/reliability/crash-loop.test.ts', server: true, postgresOnly: false },
  { name: 'carga', file: 'tests/reliability/load-faults.test.ts', server: true, postgresOnly: true },
].filter((part) => !only || only.includes(part.name));
const skipped = withPostgres ? [] : PARTS.filter((part) => part.postgresOnly);
const toRun = PARTS.filter((part) => !skipped.includes(part));

/** The newest modification time under a folder (like scripts/start.mjs, to know whether dist/ is stale). */
function newestTime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

// The crash loops run the built server. RELIABILITY_APP_DIR (a private copy of
// package.json + dist/) is used as it is; otherwise dist/ is built when missing or stale.
if (toRun.some((part) => part.server) && !process.env.RELIABILITY_APP_DIR) {
  const stamp = path.join(root, 'dist', '.build-stamp');
  const fresh = fs.existsSync(stamp) && fs.existsSync(path.join(root, 'dist/server/main.js')) && fs.statSync(stamp).mtimeMs >= newestTime(path.join(root, 'src'));
  if (!fresh) {
    console.log('Compilando la aplicación para los bucles de caídas...');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
}

interface Line {
  part: string;
  cases: number;
  failures: number;
  detail: string;
  seconds: number;
}

const summaryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-fiabilidad-')), 'resumen.jsonl');
const lines: Line[] = [];
let crashed = false;
const started = Date.now();

for (const part of PARTS) {
  if (skipped.includes(part)) {
    lines.push({ part: part.name, cases: 0, failures: 0, detail: 'no se ejecutó: solo PostgreSQL (falta TEST_DATABASE_URL)', seconds: 0 });
    continue;
  }
  const partStart = Date.now();
  fs.writeFileSync(summaryFile, '');
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.reliability.config.ts', part.file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_MODE: mode, RELIABILITY_SUMMARY_FILE: summaryFile },
  });
  const recorded = fs
    .readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Omit<Line, 'seconds'> & { at: number });
  let previous = partStart;
  for (const line of recorded) {
    lines.push({ part: line.part, cases: line.cases, failures: line.failures, detail: line.detail, seconds: (line.at - previous) / 1000 });
    previous = line.at;
  }
  if (run.status !== 0) {
    crashed = true;
    if (recorded.every((line) => line.failures === 0)) {
      lines.push({ part: `${part.name}: la prueba falló`, cases: 0, failures: 1, detail: `vitest salió con ${run.status ?? run.signal}`, seconds: (Date.now() - previous) / 1000 });
    }
  }
  if (recorded.length === 0 && run.status === 0) {
    lines.push({ part: part.name, cases: 0, failures: 0, detail: 'no se ejecutó (¿falta TEST_DATABASE_URL?)', seconds: (Date.now() - partStart) / 1000 });
  }
}

const rows = [['Parte', 'Casos', 'Fallos', 'Segundos', 'Detalle'], ...lines.map((l) => [l.part, String(l.cases), String(l.failures), l.seconds.toFixed(1), l.detail])];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (column === 4 ? 0 : row[column]!.length))));
console.log(`\nFiabilidad (--${mode}), ${new Date().toISOString()}, ${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GiB`);
for (const row of rows) console.log(row.map((cell, column) => (column === 4 ? cell : column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
const totalCases = lines.reduce((sum, l) => sum + l.cases, 0);
const totalFailures = lines.reduce((sum, l) => sum + l.failures, 0);
console.log(`Total: ${totalCases} casos, ${totalFailures} fallos, ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (!withPostgres) {
  const ran = toRun.map((part) => part.name).join(', ');
  const notRun = skipped.length > 0 ? `; ${skipped.map((part) => part.name).join(', ')} no se ejecutó` : '';
  console.log(
    `PostgreSQL omitido (${ran ? `${ran} solo en SQLite` : 'nada en SQLite'}${notRun}): para probarlo también, ` +
      'define TEST_DATABASE_URL=postgres://usuario@host:5432/base (una base de pruebas) y vuelve a ejecutar npm run test:reliability.',
  );
}
if (crashed || totalFailures > 0) process.exitCode = 1;
