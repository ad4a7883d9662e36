// `npm run validate` starts with `--start` and ends with `--report`: the tests its
// vitest runs skipped (without TEST_DATABASE_URL, the PostgreSQL ones) in one last
// line with the command that runs them (support/skipped-tests.ts). With
// TEST_DATABASE_URL set nothing is skipped and nothing is printed.
import fs from 'node:fs';
import { readSkippedFiles, skippedTestsFile, skippedTestsLine } from '#support/skipped-tests.js';

const mode = process.argv[2];
if (mode === '--start') {
  fs.writeFileSync(skippedTestsFile, '');
} else if (mode === '--report') {
  const line = skippedTestsLine(readSkippedFiles(), Boolean(process.env.TEST_DATABASE_URL));
  fs.rmSync(skippedTestsFile, { force: true });
  if (line) console.log(`\n${line}`);
} else {
  throw new Error('uso: tsx scripts/skipped-tests.ts --start | --report');
}
