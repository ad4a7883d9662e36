import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestModule } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { readSkippedFiles, type SkippedFile, SkippedTestsReporter, skippedTestsLine } from '#support/skipped-tests.js';

/** What `npm run validate` skips without PostgreSQL: the PostgreSQL unit tests, then the two-process e2e file. */
const WITHOUT_POSTGRES: SkippedFile[] = [
  { file: 'tests/unit/postgres-statement-cache.test.ts', config: null, skipped: 2 },
  { file: 'e2e/two-server-processes.e2e.test.ts', config: 'vitest.e2e.config.ts', skipped: 59 },
];

describe("validate's closing line on skipped tests", () => {
  it('names each skipped file and the command that runs it, with TEST_DATABASE_URL', () => {
    expect(skippedTestsLine(WITHOUT_POSTGRES, false)).toBe(
      'Omitidas sin PostgreSQL (falta TEST_DATABASE_URL): 2 pruebas de tests/unit/postgres-statement-cache.test.ts ' +
        'y 59 de e2e/two-server-processes.e2e.test.ts. Para ejecutarlas: ' +
        'TEST_DATABASE_URL=postgres://usuario@host:5432/base npx vitest run tests/unit/postgres-statement-cache.test.ts && ' +
        'TEST_DATABASE_URL=postgres://usuario@host:5432/base npx vitest run --config vitest.e2e.config.ts e2e/two-server-processes.e2e.test.ts',
    );
  });

  it('says nothing when nothing was skipped (TEST_DATABASE_URL set)', () => {
    expect(skippedTestsLine([], true)).toBeNull();
    expect(skippedTestsLine([], false)).toBeNull();
  });

  it('still names a test skipped in the code when PostgreSQL is there, in the singular', () => {
    expect(skippedTestsLine([{ file: 'tests/unit/x.test.ts', config: null, skipped: 1 }], true)).toBe(
      'Omitidas: 1 prueba de tests/unit/x.test.ts. Para ejecutarla: npx vitest run tests/unit/x.test.ts',
    );
  });
});

describe('the reporter of the skipped tests', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  /** A finished test file as vitest hands it to a reporter: only what the reporter reads. */
  const testModule = (file: string, skipped: number) =>
    ({
      moduleId: path.join(root, file),
      children: { *allTests(state?: string) { if (state === 'skipped') for (let i = 0; i < skipped; i++) yield {}; } },
    }) as unknown as TestModule;

  it("notes the files with skipped tests of each run while validate's file exists, and nothing otherwise", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-omitidas-')), 'omitidas.jsonl');
    try {
      new SkippedTestsReporter(null, file).onTestRunEnd([testModule('tests/unit/units.test.ts', 0)]);
      expect(fs.existsSync(file)).toBe(false);

      fs.writeFileSync(file, '');
      new SkippedTestsReporter(null, file).onTestRunEnd([testModule('tests/unit/units.test.ts', 0), testModule('tests/unit/postgres-statement-cache.test.ts', 2)]);
      new SkippedTestsReporter('vitest.e2e.config.ts', file).onTestRunEnd([testModule('e2e/two-server-processes.e2e.test.ts', 59), testModule('e2e/sales.e2e.test.ts', 0)]);
      expect(readSkippedFiles(file)).toEqual(WITHOUT_POSTGRES);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
