import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fileReadingMessages as m } from '#shared/file-reading-messages.js';
import { ALOG_MAX_BYTES } from '#shared/limits.js';
import { AppError, type ErrorCode, validationError } from '#server/errors.js';

/**
 * Files from other programs are read off the request thread
 * (docs/decisions/0040-untrusted-files-in-a-worker.md): a small pool of worker threads runs
 * each parse, so a file that makes the parser work hard (a 5 MB Artisan profile of 1.7 million
 * empty containers took 5 s of the event loop) delays only the imports queued behind it, never
 * `/api/health` or a sale. Each worker has its own heap limit (`resourceLimits`) and each task a
 * time limit: past either, the worker is ended, the request gets a Spanish 400, and the next
 * task starts a new worker. The queue is bounded, in tasks and in bytes: past it, a Spanish 429. Workers start on the
 * first file and end after a while idle, so a server at rest holds none
 * (docs/performance.md, P5); the app's onClose ends them.
 */

export interface PoolLimits {
  /** Workers at once: 1 on a small host, whose other core serves the requests. */
  size: number;
  /** Tasks that may wait for a worker, and their moved bytes in all (`run`'s `transfer`): past either, a 429. */
  queue: number;
  queueBytes: number;
  /** Wall-clock time one task may take in its worker. */
  timeoutMs: number;
  /** The worker's V8 heap: old generation and young generation, MiB (Worker `resourceLimits`). */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** A worker idle this long ends (its ~10 MiB go back), and the next file starts another. */
  idleMs: number;
}

/**
 * The server's limits. 48 MiB of old generation holds the largest file within the readers'
 * budgets (the Artisan reader's 500,000 values are ~33 MiB at worst, src/shared/limits.ts) with
 * its text; 10 s is ten times what such a file takes on a loaded 2-core host. The import screen
 * previews every dropped file at once: 64 of a normal size wait their turn, while the bytes
 * waiting stay within two largest files (10 MiB).
 */
export const SERVER_POOL_LIMITS: PoolLimits = {
  size: 1,
  queue: 64,
  queueBytes: 2 * ALOG_MAX_BYTES,
  timeoutMs: 10_000,
  maxOldGenerationSizeMb: 48,
  maxYoungGenerationSizeMb: 4,
  idleMs: 30_000,
};

/** Time a worker may take to start and load a task's code, before the task's own limit. */
const STARTUP_MS = 30_000;

/** What the pool sends a worker: run `module`'s `run(input)`. */
export interface TaskRequest {
  id: number;
  /** A module's file URL: its `run(input)` export is the task. */
  module: string;
  input: unknown;
  /** Set while a test holds the pool: the worker waits on it before the task. */
  gate?: SharedArrayBuffer;
}

/** What a worker answers: it started (with its thread id), the task's value, its refusal (an AppError), or a failure. */
export type TaskAnswer =
  | { id: number; started: true; threadId: number }
  | { id: number; value: unknown }
  | { id: number; refusal: { code: ErrorCode; message: string } }
  | { id: number; failure: string };

interface Job {
  module: string;
  input: unknown;
  transfer: ArrayBuffer[];
  /** The transferred bytes, counted against queueBytes while the job waits. */
  bytes: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number; timer: NodeJS.Timeout };
  idle?: NodeJS.Timeout;
}

/**
 * The worker's script: this folder's parse-worker, as compiled (`dist/server/untrusted-files/
 * parse-worker.js`, run by `node dist/server/main.js`) or as source (`.ts`, under tsx or Vitest).
 */
const WORKER_SCRIPT = taskModule(import.meta.url, 'parse-worker');

/**
 * A task module beside `importMetaUrl` (a module's `import.meta.url`), with the same extension:
 * `.js` in the compiled server, `.ts` when the sources run.
 */
export function taskModule(importMetaUrl: string, name: string): URL {
  return new URL(`./${name}${importMetaUrl.endsWith('.ts') ? '.ts' : '.js'}`, importMetaUrl);
}

function startWorker(limits: PoolLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb };
  if (WORKER_SCRIPT.pathname.endsWith('.ts')) {
    // Sources (tests, npm run dev): a worker thread does not inherit tsx's loader on Node 20, so
    // it registers it first. tsx is a devDependency, present wherever the sources run.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_SCRIPT.href)}); });`;
    return new Worker(boot, { eval: true, resourceLimits });
  }
  return new Worker(WORKER_SCRIPT, { resourceLimits });
}

export class UntrustedFilePool {
  /** 'started' (`{ threadId }`) when a worker begins a task: the sign tests wait for. */
  readonly events = new EventEmitter();
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private gate: Int32Array | undefined;

  constructor(private readonly limits: PoolLimits) {}

  /**
   * Runs `module`'s `run(input)` in a worker and resolves with its value (structured-cloned).
   * Rejects with the task's own AppError (a file's Spanish reason), a 400 when the worker passes
   * its time or memory limit, a 429 when the queue is full. The buffers of `transfer` move to the
   * worker rather than being copied (see ownBuffer): the caller must not read them afterwards.
   */
  run<T>(module: URL, input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const bytes = transfer.reduce((total, buffer) => total + buffer.byteLength, 0);
      const job: Job = { module: module.href, input, transfer, bytes, resolve: resolve as (value: unknown) => void, reject };
      const free = [...this.slots].find((slot) => slot.job === undefined);
      const waitingBytes = this.queue.reduce((total, waiting) => total + waiting.bytes, 0);
      if (free) this.start(free, job);
      else if (this.slots.size < this.limits.size) this.start(this.spawn(), job);
      else if (this.queue.length < this.limits.queue && waitingBytes + bytes <= this.limits.queueBytes) this.queue.push(job);
      else reject(new AppError('rate_limited', m.busy));
    });
  }

  /**
   * For tests: tasks started from now on wait in their worker, after saying they started,
   * until the returned function is called. A parse then stays in flight for as long as a test
   * needs, without any timing.
   */
  hold(): () => void {
    const gate = new Int32Array(new SharedArrayBuffer(4));
    this.gate = gate;
    return () => {
      if (this.gate === gate) this.gate = undefined;
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
    };
  }

  /** Workers running now (0 at rest). */
  get workers(): number {
    return this.slots.size;
  }

  /**
   * Ends every worker; a task in flight or waiting is refused. The pool stays usable: a later
   * task starts a new worker (several apps may share the process's pool, as the tests' do).
   */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new AppError('internal', m.stopped));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new AppError('internal', m.stopped))));
  }

  private spawn(): Slot {
    const worker = startWorker(this.limits);
    // An idle worker never keeps the process alive; a request in flight does.
    worker.unref();
    const slot: Slot = { worker };
    this.slots.add(slot);
    worker.on('message', (answer: TaskAnswer) => this.answered(slot, answer));
    worker.on('error', (error: Error & { code?: string }) => {
      void this.end(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? validationError(m.tooMuchMemory) : error);
    });
    worker.on('exit', () => void this.end(slot, new Error('el proceso de lectura de archivos terminó de forma inesperada')));
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    const id = this.nextId++;
    // A new worker first loads its code; the task's own limit starts when it says it started.
    slot.job = { ...job, id, timer: this.timeLimit(slot, STARTUP_MS + this.limits.timeoutMs) };
    const request: TaskRequest = { id, module: job.module, input: job.input, ...(this.gate ? { gate: this.gate.buffer as SharedArrayBuffer } : {}) };
    slot.worker.postMessage(request, job.transfer);
  }

  private answered(slot: Slot, answer: TaskAnswer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    if ('started' in answer) {
      clearTimeout(job.timer);
      job.timer = this.timeLimit(slot, this.limits.timeoutMs);
      this.events.emit('started', { threadId: answer.threadId });
      return;
    }
    clearTimeout(job.timer);
    slot.job = undefined;
    if ('value' in answer) job.resolve(answer.value);
    else if ('refusal' in answer) job.reject(new AppError(answer.refusal.code, answer.refusal.message));
    else job.reject(new Error(`leyendo un archivo: ${answer.failure}`));
    this.next(slot);
  }

  private timeLimit(slot: Slot, ms: number): NodeJS.Timeout {
    return setTimeout(() => void this.end(slot, validationError(m.tooSlow(this.limits.timeoutMs / 1000))), ms);
  }

  /** The slot's next task, or its idle timer. */
  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) {
      this.start(slot, job);
      return;
    }
    slot.idle = setTimeout(() => void this.end(slot), this.limits.idleMs).unref();
  }

  /** Ends a worker (limits passed, crashed, idle or closing): its task, if any, gets `error`; a waiting task gets a new worker. */
  private async end(slot: Slot, error?: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idle);
    if (slot.job) {
      clearTimeout(slot.job.timer);
      slot.job.reject(error ?? new AppError('internal', m.stopped));
      slot.job = undefined;
    }
    const waiting = this.queue.shift();
    if (waiting) this.start(this.spawn(), waiting);
    await slot.worker.terminate();
  }
}

/**
 * The ArrayBuffer to move with `bytes` to the worker, when `bytes` is the whole of it (a request
 * body of more than a few KiB is: Fastify gathers it into a buffer of its own). Moved, 5 MB are
 * neither copied nor held twice while the worker reads them; a view of a shared pool is copied.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? [buffer] : [];
}

/** The process's pool: every app built in the process shares it, and each app's onClose ends its workers. */
export const untrustedFiles = new UntrustedFilePool(SERVER_POOL_LIMITS);
