import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ALOG_BATCH_MAX_FILES, ALOG_MAX_BYTES } from '#shared/limits.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import {
  artisanBatchBodySchema,
  artisanBatchResultSchema,
  artisanImportQuerySchema,
  artisanPreviewSchema,
  artisanRoastSchema,
} from '#shared/schemas/artisan.js';
import type { Database } from '#server/db/schema.js';
import { validationError } from '#server/errors.js';
import { currentUser } from '#server/http/current-user.js';
import { writeDatabaseOf } from '#server/http/write-database.js';
import { errorResponses } from '#server/http/error-responses.js';
import { choicesFromBatch, choicesFromQuery, importArtisanFiles, previewArtisanFile } from './service.js';
import { checkBatchBytes } from './parse-in-worker.js';

/**
 * A batch is JSON with each file in base64 (4 bytes for 3, each file padded to a whole group):
 * its files together may be one largest file's bytes, and its body that in base64 plus each
 * file's name and choices (docs/decisions/0040-untrusted-files-in-a-worker.md). A name is at
 * most 255 UTF-16 units, 3 bytes each in UTF-8 (a control character, 6 bytes escaped, is refused
 * anyway); the choices and the JSON around them are well under 1 KB. So a batch of files within
 * the limit always fits, and one past it is refused, by checkBatchBytes (400) or by this body
 * limit (413), with the same message.
 */
const BATCH_FILE_JSON_BYTES = 255 * 3 + 1024;
const BATCH_MAX_BYTES = Math.ceil((ALOG_MAX_BYTES * 4) / 3) + ALOG_BATCH_MAX_FILES * (4 + BATCH_FILE_JSON_BYTES) + 1024;

/** The file is the body itself: its bytes, as Artisan saved them. */
const fileBody = z
  .custom<Buffer>((body) => Buffer.isBuffer(body) && body.length > 0, { error: m.fileEmpty })
  .meta({ type: 'string', format: 'binary', description: 'El archivo .alog tal como lo guardó Artisan (máximo 5 MB).' });

/**
 * Roasts imported from Artisan (docs/product-guide.md#artisan-import), for both roles:
 * POST /api/artisan/preview, POST /api/roasted-coffee/import-artisan and
 * POST /api/roasted-coffee/import-artisan-batch (a roast's curve, once
 * imported, is the roasted-coffee area's). One plugin, registered without a
 * prefix, so the `application/octet-stream` parser (5 MB) exists for these
 * routes only, and each names the file's limit in its 413: the rest of the API
 * keeps JSON and 256 KB.
 */
export const artisanImportRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: ALOG_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  // Each route's 413 names the file's limit, not the API's 256 KB (bodyTooLarge, http/error-handler.ts).
  app.post('/artisan/preview', {
    config: { readOnly: true, octetStreamBody: true, bodyTooLarge: m.fileTooLarge },
    bodyLimit: ALOG_MAX_BYTES,
    schema: {
      tags: ['café tostado'],
      operationId: 'previewArtisanRoast',
      summary: 'Vista previa de un perfil de Artisan (.alog): lo que se registraría y qué reglas incumple con estas opciones, sin escribir nada',
      consumes: ['application/octet-stream'],
      querystring: artisanImportQuerySchema,
      body: fileBody,
      response: { 200: artisanPreviewSchema, ...errorResponses(400, 401, 413, 415, 429) },
    },
  }, (request) => previewArtisanFile(db, request.body, choicesFromQuery(request.query)));

  app.post('/roasted-coffee/import-artisan', {
    // Each imported roast is logged by the service (recordActivity).
    config: { octetStreamBody: true, bodyTooLarge: m.fileTooLarge, activity: { area: 'roasted-coffee', action: 'import' } },
    bodyLimit: ALOG_MAX_BYTES,
    schema: {
      tags: ['café tostado'],
      operationId: 'importArtisanRoast',
      summary: 'Registrar un tueste desde un perfil de Artisan (.alog): descuenta el café verde y guarda la curva',
      consumes: ['application/octet-stream'],
      querystring: artisanImportQuerySchema,
      body: fileBody,
      response: { 201: artisanRoastSchema, ...errorResponses(400, 401, 409, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const choices = choicesFromQuery(request.query);
    return reply.status(201).send(await importArtisanFiles(writeDatabaseOf(request), [{ bytes: request.body, choices }], currentUser(request).id, (created) => created[0]!));
  });

  app.post('/roasted-coffee/import-artisan-batch', {
    // Past the body limit, the files together are past 5 MB: the 413 says so, as checkBatchBytes's 400 does.
    config: { bodyTooLarge: m.batchTooLarge, activity: { area: 'roasted-coffee', action: 'import' } },
    bodyLimit: BATCH_MAX_BYTES,
    schema: {
      tags: ['café tostado'],
      operationId: 'importArtisanRoastBatch',
      summary: `Registrar varios tuestes de Artisan a la vez (hasta ${ALOG_BATCH_MAX_FILES}): todos o ninguno`,
      body: artisanBatchBodySchema,
      response: { 201: artisanBatchResultSchema, ...errorResponses(400, 401, 409, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const files = request.body.files.map((file) => ({ bytes: base64Bytes(file.content_base64), choices: choicesFromBatch(file), name: file.name }));
    await checkBatchBytes(db, files.map((file) => file.bytes));
    return reply.status(201).send(await importArtisanFiles(writeDatabaseOf(request), files, currentUser(request).id, (imported) => ({ imported })));
  });
};

/** Strict base64 (padding optional): a stray character is the file's mistake, not silently dropped as Buffer.from would. */
function base64Bytes(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw validationError(m.batchBase64);
  return Buffer.from(compact, 'base64');
}
