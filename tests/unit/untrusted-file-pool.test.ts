import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.js';
import { type PoolLimits, UntrustedFilePool } from '#server/untrusted-files/worker-pool.js';
import { fileReadingMessages as m } from '#shared/file-reading-messages.js';

/**
 * The worker pool that reads untrusted files (docs/decisions/0040-untrusted-files-in-a-worker.md):
 * a worker past its time or memory limit is ended, its request refused in Spanish and the next
 * task gets a new worker; the queue is bounded; workers start on demand and end when idle.
 */

const TASKS = new URL('../helpers/worker-tasks.ts', import.meta.url);
const LIMITS: PoolLimits = { size: 1, queue: 1, queueBytes: 1024, timeoutMs: 5_000, maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8, idleMs: 60_000 };

async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await work.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe('the untrusted-files pool', () => {
  const pools: UntrustedFilePool[] = [];
  const pool = (limits: Partial<PoolLimits> = {}) => {
    const made = new UntrustedFilePool({ ...LIMITS, ...limits });
    pools.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((made) => made.close()));
  });

  it('starts no worker until a task comes, answers its value, and hands a refusal back as the AppError it was', async () => {
    const files = pool();
    expect(files.workers).toBe(0);
    expect(await files.run(TASKS, { do: 'echo', value: { rows: [1, 2] } })).toEqual({ rows: [1, 2] });
    expect(files.workers).toBe(1);
    expect(await refusal(files.run(TASKS, { do: 'refuse' }))).toEqual({ status: 400, message: 'El archivo no sirve.' });
    await expect(files.run(TASKS, { do: 'fail' })).rejects.toThrow('TypeError: un fallo del lector');
  });

  it('ends a worker past the time limit with a Spanish 400, and the next task gets a new worker', async () => {
    const files = pool({ timeoutMs: 300 });
    expect(await refusal(files.run(TASKS, { do: 'spin' }))).toEqual({
      status: 400,
      message: 'El archivo tarda demasiado en leerse (más de 0.3 s): revisa que sea el archivo correcto.',
    });
    expect(files.workers).toBe(0);
    expect(await files.run(TASKS, { do: 'echo', value: 'de nuevo' })).toBe('de nuevo');
  });

  it('ends a worker past its memory limit with a Spanish 400, and the next task gets a new worker', async () => {
    const files = pool({ timeoutMs: 60_000 });
    expect(await refusal(files.run(TASKS, { do: 'allocate' }))).toEqual({ status: 400, message: m.tooMuchMemory });
    expect(m.tooMuchMemory).toBe('El archivo necesita demasiada memoria para leerse: revisa que sea el archivo correcto.');
    expect(await files.run(TASKS, { do: 'echo', value: 1 })).toBe(1);
  });

  it('bounds the queue: past it, a Spanish 429; the waiting task runs once the worker is free', async () => {
    const files = pool({ queue: 1 });
    const release = files.hold();
    const started = once(files.events, 'started');
    const first = files.run(TASKS, { do: 'echo', value: 'primero' });
    await started;
    const waiting = files.run(TASKS, { do: 'echo', value: 'segundo' });
    expect(await refusal(files.run(TASKS, { do: 'echo', value: 'tercero' }))).toEqual({
      status: 429,
      message: 'El servidor está revisando otros archivos: espera unos segundos y vuelve a intentarlo.',
    });
    release();
    expect(await Promise.all([first, waiting])).toEqual(['primero', 'segundo']);
  });

  it('bounds the bytes waiting too: a moved buffer past queueBytes is a 429 even with room in the queue', async () => {
    const files = pool({ queue: 10, queueBytes: 1024 });
    const release = files.hold();
    const started = once(files.events, 'started');
    const first = files.run(TASKS, { do: 'echo', value: 1 });
    await started;
    const small = new Uint8Array(1024);
    const waiting = files.run(TASKS, { do: 'echo', value: small }, [small.buffer]);
    const large = new Uint8Array(1);
    expect(await refusal(files.run(TASKS, { do: 'echo', value: large }, [large.buffer]))).toEqual({ status: 429, message: m.busy });
    release();
    expect(await first).toBe(1);
    expect(await waiting).toHaveLength(1024);
  });

  it('ends an idle worker, and close ends a busy one, refusing its task', async () => {
    const idle = pool({ idleMs: 50 });
    await idle.run(TASKS, { do: 'echo', value: 0 });
    await expect.poll(() => idle.workers).toBe(0);

    const files = pool();
    files.hold();
    const started = once(files.events, 'started');
    const inFlight = files.run(TASKS, { do: 'echo', value: 0 });
    await started;
    const refused = refusal(inFlight);
    await files.close();
    expect(await refused).toEqual({ status: 500, message: m.stopped });
    expect(files.workers).toBe(0);
  });
});
