// Small measuring tools of the bench: request latency, server memory.
import fs from 'node:fs';

/** GET `path` with the session cookie; throws on anything but 200 (a bench on errors measures nothing). */
export async function getJson<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** BENCH_NODE_ARGS: Node's own flags for the servers the bench starts (`--cpu-prof --cpu-prof-dir=/tmp/profiles`), which NODE_OPTIONS refuses. */
export const BENCH_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A signed-in server to measure. */
export interface Endpoint {
  url: string;
  cookie: string;
}

async function timedGet(endpoint: Endpoint, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${endpoint.url}${path}`, { headers: { cookie: endpoint.cookie } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The middle value (the upper of the two middle ones for an even count): what every A/B of the bench reports. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Median milliseconds of the same GET on each endpoint, the requests
 * alternating between them (a, b, a, b…) after a few warm-up ones: the load
 * of other processes on a shared machine then falls on both sides alike, and
 * their ratio holds even when the absolute times drift.
 */
export async function pairedMedianMs(endpoints: Endpoint[], path: string, runs = 40, warmup = 5): Promise<number[]> {
  const times: number[][] = endpoints.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    for (const [e, endpoint] of endpoints.entries()) {
      const ms = await timedGet(endpoint, path);
      if (i >= warmup) times[e]!.push(ms);
    }
  }
  return times.map(median);
}

export interface Memory {
  /** Resident set now, MiB. */
  rssMiB: number;
  /** Peak resident set since the process started (VmHWM), MiB. */
  peakMiB: number;
}

/** From /proc/<pid>/status (Linux): what the kernel counts, not what V8 thinks it uses. */
export function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** Resets the process's VmHWM to its current RSS (Linux clear_refs "5"), so the next peak is one phase's own. */
export function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
