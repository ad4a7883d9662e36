import fs from 'node:fs';

/**
 * How big a reliability run is (scripts/reliability.ts sets RELIABILITY_MODE):
 * `quick` fits in CI (well under a minute for all parts), `long` is what
 * docs/reliability.md records. Each part reads its own sizes from here.
 */
export type ReliabilityMode = 'quick' | 'long';

export function reliabilityMode(): ReliabilityMode {
  return process.env.RELIABILITY_MODE === 'long' ? 'long' : 'quick';
}

/** Per-mode size, overridable by an environment variable (e.g. RELIABILITY_CRASH_CYCLES=30 for a medium run). */
export function sizeOf(name: string, sizes: Record<ReliabilityMode, number>): number {
  const override = Number(process.env[`RELIABILITY_${name}`]);
  return Number.isInteger(override) && override > 0 ? override : sizes[reliabilityMode()];
}

/**
 * One line of the runner's summary table: what a part tried (commands,
 * requests, crash cycles) and how many of those broke a promise. Appended as
 * JSON to the file the runner names; ignored when a part runs on its own.
 */
export function recordCases(part: string, cases: number, failures: number, detail = ''): void {
  const file = process.env.RELIABILITY_SUMMARY_FILE;
  const line = JSON.stringify({ part, cases, failures, detail, at: Date.now() });
  console.log(`[fiabilidad] ${line}`);
  if (file) fs.appendFileSync(file, `${line}\n`);
}
