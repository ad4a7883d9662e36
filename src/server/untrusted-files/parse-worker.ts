import { readlinkSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, threadId } from 'node:worker_threads';
import { AppError } from '#server/errors.js';
import type { TaskRequest, TaskAnswer } from './worker-pool.js';

/**
 * The worker of the untrusted-files pool (docs/decisions/0040-untrusted-files-in-a-worker.md):
 * it runs one task at a time, each the `run` export of the module the pool names, and answers
 * with its value or its refusal. A refusal (an AppError: the file's Spanish reason) crosses as
 * its code and message; anything else as a message only, which the pool makes a 500.
 * Once the task's module is loaded it says it started, from its own thread: the pool's time limit
 * runs from there, and it is the deterministic sign, for the tests, that a request's file is
 * read here and not on the request thread.
 */

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs only as a worker thread');

/**
 * This thread yields the CPU to the request thread: on Linux a thread has its own nice value,
 * and /proc/thread-self names its id. On a 2-core host shared with other work, a file read at
 * the same priority took turns with the requests (a health check's p99 went from 13 to 120 ms
 * while 5 MB files were read); 10 nice steps below the process, the requests go first.
 * Elsewhere it stays as it is.
 */
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(thread, Math.min(19, os.getPriority(thread) + 10));
} catch {
  // Not Linux, or not allowed: the same priority as the requests.
}

/**
 * A full collection of this thread's heap after each task. A file's bytes arrive as an
 * ArrayBuffer moved from the request thread, and V8 frees such memory only when a collection
 * runs, which it starts by itself only after some 64 MiB more: 5 MB files, read fast and
 * refused, would pile up to that before any was freed. Collected after each task, the worker
 * holds one file's memory at most, in a few milliseconds of its own thread. (`gc` from a new
 * context: the flag exposes it only to contexts made after it is set.)
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

port.on('message', (request: TaskRequest) => {
  void answer(request).then((message) => {
    port.postMessage(message);
    collect();
  });
});

async function answer({ id, module, input, gate }: TaskRequest): Promise<TaskAnswer> {
  try {
    // Loaded before the sign: the task's time limit counts the reading, not the loading of our code.
    const task = (await import(module)) as { run: (input: unknown) => unknown };
    port!.postMessage({ id, started: true, threadId } satisfies TaskAnswer);
    // Held by a test (UntrustedFilePool.hold): the task waits here, in flight, until released.
    if (gate) Atomics.wait(new Int32Array(gate), 0, 0);
    return { id, value: await task.run(input) };
  } catch (error) {
    if (error instanceof AppError) return { id, refusal: { code: error.code, message: error.message } };
    return { id, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
