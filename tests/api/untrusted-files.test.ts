import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import { ALOG_BATCH_MAX_FILES, ALOG_MAX_BYTES } from '#shared/limits.js';
import { artisanMessages as a } from '#shared/artisan-messages.js';
import { defaultFormatter as f } from '#shared/format.js';
import type { ArtisanPreview } from '#shared/schemas/artisan.js';
import type { ImportResult } from '#shared/schemas/green-import.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

/**
 * Files from other programs are read in a worker thread, within a budget
 * (docs/decisions/0040-untrusted-files-in-a-worker.md): a hostile file is refused in Spanish
 * while the server keeps answering; a file in flight in the worker leaves /api/health free;
 * a batch brings at most one largest file's bytes.
 */

const LB = readFileSync(new URL('../fixtures/artisan/python-literal-lb.alog', import.meta.url));
/** 5 MB of empty containers, in lists each within the per-list limit: 1.7 million values (5 s and +360 MB before the budget). */
const HOSTILE_ALOG = `{'a': [${Array.from({ length: 19 }, () => `[${'{},'.repeat(90_000)}]`).join(',')}]}`;
const CSV_HEADER = 'Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada';

describe.each(testDialects())('archivos de otros programas (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;

  const octet = { 'content-type': 'application/octet-stream' };
  const preview = (body: Buffer | string) => t.call(cookie, { method: 'POST', url: '/api/artisan/preview', headers: octet, payload: body });
  const importCsv = (body: string) =>
    t.call(cookie, { method: 'POST', url: '/api/green-coffee/import?dry_run=true', headers: { 'content-type': 'text/csv' }, payload: body });
  const health = () => t.call(undefined, { method: 'GET', url: '/api/health' });
  const written = async () => ({
    roasted: await t.db.selectFrom('roasted_coffee').select('id').execute(),
    green: await t.db.selectFrom('green_coffee').select('id').execute(),
  });

  /**
   * Sends `request` with the worker held, waits for the worker's own sign that it started the
   * file (from another thread than this one), and checks that /api/health answers while the
   * file is still in flight; then releases it and returns its answer.
   */
  async function whileInWorker(request: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    const release = untrustedFiles.hold();
    try {
      const started = once(untrustedFiles.events, 'started') as Promise<[{ threadId: number }]>;
      let settled = false;
      const answer = request().finally(() => (settled = true));
      const [{ threadId: workerThread }] = await started;
      expect(workerThread).not.toBe(threadId);
      expect((await health()).statusCode).toBe(200);
      expect(settled).toBe(false);
      release();
      return await answer;
    } finally {
      release();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
  });
  beforeEach(() => resetDatabase(t.db));
  afterAll(() => t.close());

  it('a 5 MB .alog of 1.7 million empty containers is refused with the budget\'s Spanish message, nothing written, and the server keeps answering', async () => {
    expect(HOSTILE_ALOG.length).toBeLessThanOrEqual(ALOG_MAX_BYTES);
    const previewed = await preview(HOSTILE_ALOG);
    expect({ status: previewed.statusCode, message: errorOf(previewed).message }).toEqual({
      status: 400,
      // The shop's format at the defaults (a decimal point): thousands grouped by a comma, not read as 500 (docs/decisions/0042).
      message: 'El archivo tiene demasiados valores (máximo 500,000): un perfil de Artisan tiene muchos menos.',
    });
    const imported = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan?green_coffee_id=1&roast_type=Medio', headers: octet, payload: HOSTILE_ALOG });
    expect({ status: imported.statusCode, message: errorOf(imported).message }).toEqual({ status: 400, message: a.tooManyValues(f) });
    expect((await health()).statusCode).toBe(200);
    expect(await written()).toEqual({ roasted: [], green: [] });
  });

  it('an Artisan preview is read in the worker: /api/health answers while it is in flight', async () => {
    const answer = await whileInWorker(() => preview(LB));
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as ArtisanPreview).roast_uuid).toBe('3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b');
  });

  it('a green-lot CSV is read in the worker: /api/health answers while it is in flight', async () => {
    const answer = await whileInWorker(() => importCsv(`${CSV_HEADER}\nCO-1;Colombia;Finca La Esperanza;10;5;2024-01-10\n`));
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as ImportResult).total).toBe(1);
  });

  it('a CSV read in the worker keeps every request\'s text rules: NUL refused, text made NFC', async () => {
    const nul = await importCsv(`${CSV_HEADER}\nCO-1;Colombia;Finca\0;10;5;2024-01-10\n`);
    expect({ status: nul.statusCode, message: errorOf(nul).message }).toEqual({ status: 400, message: 'El texto contiene caracteres no válidos.' });
    const decomposed = await importCsv(`${CSV_HEADER}\nET-1;Etiopi\u0301a;Yirgacheffe Coop;1;1;2024-01-10\n`);
    expect((decomposed.json() as ImportResult).rows[0]?.origin).toBe('Etiopía');
  });

  it('a batch brings at most one largest file\'s bytes (5 MB), with its Spanish message', async () => {
    const half = Buffer.alloc(ALOG_MAX_BYTES / 2 + 1, ' ');
    const file = { content_base64: half.toString('base64'), green_coffee_id: 1, roast_type: 'Medio' };
    const response = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files: [file, file] } });
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({
      status: 400,
      message: 'Los archivos de una importación pueden sumar como máximo 5 MB: importa el resto en otra.',
    });
    expect(errorOf(response).message).toBe(a.batchTooLarge(f));
    // Three such files are past the body's limit: refused before they are even decoded, with the same message (not one file's).
    const three = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files: [file, file, file] } });
    expect({ status: three.statusCode, message: errorOf(three).message }).toEqual({ status: 413, message: a.batchTooLarge(f) });
    // Exactly 5 MB in all passes the bound (and is then read: only spaces, an empty file).
    const exact = { ...file, content_base64: Buffer.alloc(ALOG_MAX_BYTES / 2, ' ').toString('base64') };
    const atLimit = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files: [exact, exact] } });
    expect(errorOf(atLimit).message).toBe(a.batchFile('Archivo 1', a.fileEmpty));
    expect(await written()).toEqual({ roasted: [], green: [] });
  });

  it('a batch of the most files, with the longest names and every choice, at 5 MB in all, is within the body\'s limit', async () => {
    // 50 files of 5 MB in all, sizes that pad their base64, names of 255 three-byte characters.
    const sizes = Array.from({ length: ALOG_BATCH_MAX_FILES }, (_, index) => Math.floor(ALOG_MAX_BYTES / ALOG_BATCH_MAX_FILES) + (index === 0 ? ALOG_MAX_BYTES % ALOG_BATCH_MAX_FILES : 0));
    expect(sizes.reduce((total, size) => total + size, 0)).toBe(ALOG_MAX_BYTES);
    const files = sizes.map((size, index) => ({
      name: `${index}`.padEnd(255, '€'),
      content_base64: Buffer.alloc(size, ' ').toString('base64'),
      green_coffee_id: 2_147_483_647,
      roast_type: 'Oscuro',
      resultant_kg: 123_456.789,
      roast_date: '2024-01-10',
    }));
    const response = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files } });
    // Read, not refused for its size: the first file is only spaces, an empty file.
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status: 400, message: a.batchFile(files[0]!.name, a.fileEmpty) });
    // One byte more is refused as a batch past 5 MB.
    const over = [{ ...files[0]!, content_base64: Buffer.alloc(sizes[0]! + 1, ' ').toString('base64') }, ...files.slice(1)];
    const refused = await t.call(cookie, { method: 'POST', url: '/api/roasted-coffee/import-artisan-batch', payload: { files: over } });
    expect({ status: refused.statusCode, message: errorOf(refused).message }).toEqual({ status: 400, message: a.batchTooLarge(f) });
    expect(await written()).toEqual({ roasted: [], green: [] });
  });
});
