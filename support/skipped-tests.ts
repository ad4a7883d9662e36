import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * `npm run validate` ends with one line naming the tests it skipped and the
 * command that runs them, as `npm run test:reliability` does for its
 * PostgreSQL parts: without TEST_DATABASE_URL the two-process end-to-end file
 * and the PostgreSQL unit tests are declared but not run, and vitest's
 * "skipped" count alone is easy to read past. Vitest runs twice in validate
 * (npm test, then test:e2e), so each run's reporter appends what it skipped to
 * a file that `scripts/skipped-tests.ts --report` reads at the end.
 */

export interface SkippedFile {
  /** The test file, from the repository's root. */
  file: string;
  /** The vitest config that runs it; null for the default vitest.config.ts. */
  config: string | null;
  skipped: number;
}

const root = path.resolve(import.meta.dirname, '..');

/** Where validate's vitest runs note what they skipped: one file per checkout, so two worktrees do not mix. */
export const skippedTestsFile = path.join(os.tmpdir(), `cafe-omitidas-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.jsonl`);

const EXAMPLE_DATABASE_URL = 'postgres://usuario@host:5432/base';

/** The closing line of validate, or null when nothing was skipped. */
export function skippedTestsLine(files: readonly SkippedFile[], withPostgres: boolean): string | null {
  const skipped = files.filter((entry) => entry.skipped > 0);
  if (skipped.length === 0) return null;
  const total = skipped.reduce((sum, entry) => sum + entry.skipped, 0);
  const what = skipped.map((entry, index) => `${index === 0 ? tests(entry.skipped) : entry.skipped} de ${entry.file}`);
  const configs = [...new Set(skipped.map((entry) => entry.config))];
  const env = withPostgres ? '' : `TEST_DATABASE_URL=${EXAMPLE_DATABASE_URL} `;
  const commands = configs.map((config) => {
    const files = skipped.filter((entry) => entry.config === config).map((entry) => entry.file);
    return `${env}npx vitest run ${config ? `--config ${config} ` : ''}${files.join(' ')}`;
  });
  const reason = withPostgres ? 'Omitidas' : 'Omitidas sin PostgreSQL (falta TEST_DATABASE_URL)';
  return `${reason}: ${joinSpanish(what)}. Para ${total === 1 ? 'ejecutarla' : 'ejecutarlas'}: ${commands.join(' && ')}`;
}

const tests = (count: number) => `${count} ${count === 1 ? 'prueba' : 'pruebas'}`;

function joinSpanish(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

/** The skipped files validate's runs noted so far (none when the file is missing). */
export function readSkippedFiles(file = skippedTestsFile): SkippedFile[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SkippedFile);
}

/**
 * Appends the files with skipped tests to `file`, and only while validate has
 * created it (`scripts/skipped-tests.ts --start`): a plain `npx vitest run`
 * writes nothing.
 */
export class SkippedTestsReporter implements Reporter {
  constructor(
    private readonly config: string | null,
    private readonly file = skippedTestsFile,
  ) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!fs.existsSync(this.file)) return;
    const lines = testModules
      .map((module): SkippedFile => ({
        file: path.relative(root, module.moduleId).split(path.sep).join('/'),
        config: this.config,
        skipped: [...module.children.allTests('skipped')].length,
      }))
      .filter((entry) => entry.skipped > 0)
      .map((entry) => `${JSON.stringify(entry)}\n`);
    fs.appendFileSync(this.file, lines.join(''));
  }
}
