// `npm run bench:build -- <commit>`: an earlier commit built into a folder of
// its own (package.json, dist/ and its own node_modules), to run beside the
// tree's build with BENCH_COMPARE_APP_DIR (P1 in scripts/bench.ts),
// sale-cpu-ab.ts, page-loads-ab.ts or `npm run lighthouse -- --app-dir=`.
// A target such as "half the CPU per sale of before" compares two builds, and
// that only means something on the same host in the same run
// (docs/performance.md#comparing-with-an-earlier-build).
//
// The commit is checked out in a temporary git worktree, installed with its own
// lock file (an old commit may depend on packages the tree no longer has) and
// built with its own `npm run build`; the worktree is removed, the folder kept
// under BENCH_BUILDS_DIR (/tmp/cafe-bench/builds/<commit>) and reused when
// asked again. Prints the folder on standard output, and all else on standard
// error: `antes=$(npm run -s bench:build -- 0dbe903)`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const revision = process.argv[2];
if (!revision) throw new Error('uso: npm run bench:build -- <commit>');
const root = path.resolve(import.meta.dirname, '../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
const buildsDir = process.env.BENCH_BUILDS_DIR ?? '/tmp/cafe-bench/builds';
const out = path.join(buildsDir, commit.slice(0, 12));
const stamp = path.join(out, 'dist', '.build-stamp');

if (fs.existsSync(stamp)) {
  console.error(`· ${commit.slice(0, 12)} ya compilado (${fs.readFileSync(stamp, 'utf8')})`);
} else {
  // Beside the folder, on the same file system: the results are moved into it, not copied.
  fs.mkdirSync(buildsDir, { recursive: true });
  const worktree = fs.mkdtempSync(path.join(buildsDir, '.worktree-'));
  const run = (command: string, args: string[]) => {
    console.error(`· ${command} ${args.join(' ')}`);
    execFileSync(command, args, { cwd: worktree, stdio: ['ignore', process.stderr, process.stderr] });
  };
  try {
    git('worktree', 'add', '--detach', '--force', worktree, commit);
    run('npm', ['ci', '--no-audit', '--no-fund']);
    run('npm', ['run', 'build']);
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    // Moved: node_modules is hundreds of MB. dist/ (with the stamp) last, so a half-made folder is rebuilt.
    for (const entry of ['package.json', 'node_modules', 'dist']) fs.renameSync(path.join(worktree, entry), path.join(out, entry));
  } finally {
    git('worktree', 'remove', '--force', worktree);
    fs.rmSync(worktree, { recursive: true, force: true });
  }
}
console.log(out);
