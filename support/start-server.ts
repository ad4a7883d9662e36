import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** The server's SQLite file. */
  databaseFile: string;
  /** The server process id (for memory figures). */
  pid: number | undefined;
  adminUsername: string;
  adminPassword: string;
  /** Everything the server printed, for debugging a failed test. */
  output: () => string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

// support/: what both e2e/ and scripts/ need (scripts import nothing from e2e/).

/**
 * Starts the built server (npm run build first; test:e2e does) on a free port
 * and a fresh temporary SQLite database, as `npm start` would.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: { appDir?: string; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cafe-e2e-'));
  const port = await freePort();
  // Must not contain the username ('admin'): the password rules refuse that at start.
  const adminPassword = 'clave-tostador-e2e-2026';
  const databaseFile = path.join(dir, 'cafe.sqlite');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    // appDir: a private copy of package.json + dist/ (the bench's, while others rebuild dist/).
    // nodeArgs: Node's own flags, e.g. --cpu-prof (which NODE_OPTIONS refuses).
    cwd: options.appDir ?? root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${databaseFile}`,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // scripts/bench/slow-host.ts: the server joins its slower core before it does any work.
  if (process.env.BENCH_SERVER_CGROUP) fs.writeFileSync(process.env.BENCH_SERVER_CGROUP, String(child.pid));
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    databaseFile,
    pid: child.pid,
    adminUsername: 'admin',
    adminPassword,
    output: () => output,
    stop: async () => {
      // A child killed by a signal (kill -9 in the reliability suite) keeps exitCode null
      // but has already exited: its signalCode says so, and no 'exit' event will come again.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`el servidor no respondió a tiempo:\n${output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}
