import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { recordVersionMessages } from '#shared/messages.js';
import { recordVersionSchema } from '#shared/schemas/common.js';
import type { Database } from '#server/db/schema.js';
import { AppError, validationError } from '#server/errors.js';

/** The tables whose rows carry `version` (migration 0015; product prices, customers, sale formats and orders from their own, 0018, 0019 and 0020; shop SKUs and presets, 0025). */
export type VersionedTable =
  | 'coffee_origins'
  | 'green_coffee'
  | 'roasted_coffee'
  | 'blend_recipes'
  | 'blended_coffee'
  | 'sales'
  | 'users'
  | 'customers'
  | 'product_prices'
  | 'sale_formats'
  | 'orders'
  | 'shop_skus'
  | 'shop_import_presets';

/**
 * No lost update (docs/decisions/0038-record-versions.md): a route that edits
 * or deletes one record (`/…/:id`) declares the record's table and the area's
 * words for "someone else changed it"; the write pipeline does the rest, so no
 * area checks a version by hand.
 */
export interface RecordVersionRule {
  table: VersionedTable;
  /** 'Otro usuario modificó esta venta mientras la editabas. Recarga para ver sus cambios.' */
  editedByOther: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A PUT or DELETE of one versioned record (crud-routes.ts declares it), or a POST acting on one
     * (its body's `version`, required like a PUT's). Only a PUT raises the version: a POST or DELETE
     * on `/:id/…` that leaves the form's fields alone is checked against it, not counted as an edit.
     */
    recordVersion?: RecordVersionRule;
  }
}

/**
 * The version the request's form was read at: a PUT's body `version`
 * (required: 428 without it), a DELETE's `?version=` (optional: other programs
 * delete without one). The body's schema knows nothing of `version` and drops
 * it, so a PUT's is read from the body as it came (see captureSentVersion).
 */
export function expectedVersionOf(request: FastifyRequest): number | undefined {
  if (request.method === 'DELETE') return (request.query as { version?: number } | undefined)?.version;
  const sent = SENT.get(request);
  if (sent === undefined) throw new AppError('version_required', recordVersionMessages.missing);
  return sent;
}

const SENT = new WeakMap<FastifyRequest, number>();

/**
 * preValidation of a versioned PUT: keeps the body's `version` before the
 * area's schema (which strips unknown fields) parses it; 400 if it is not a
 * positive integer.
 */
export async function captureSentVersion(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('version' in body) || body.version === undefined) return;
  const parsed = recordVersionSchema.safeParse(body.version);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? recordVersionMessages.missing);
  SENT.set(request, parsed.data);
}

/** The record as read before the change (the activity rule's `before`) is at another version: 409, nothing written. */
export function refuseOtherVersion(rule: RecordVersionRule, before: object | undefined, expected: number): void {
  if (before && 'version' in before && before.version !== expected) throw new AppError('version_conflict', rule.editedByOther);
}

/**
 * Raises the edited row's version, on condition that it is still the one the
 * form was read at: the same row lock as the edit's own UPDATE, last in the
 * transaction, so the lock order of docs/decisions/0005 is untouched; if a
 * writer that did not take the pipeline's lock changed it meanwhile, 409 and
 * the whole edit rolls back. Returns the new version.
 */
export async function raiseVersion(trx: Transaction<Database>, rule: RecordVersionRule, id: number, expected: number): Promise<number> {
  const result = await trx
    .updateTable(rule.table)
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expected)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('version_conflict', rule.editedByOther);
  return expected + 1;
}
