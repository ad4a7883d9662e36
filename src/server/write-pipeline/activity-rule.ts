import type { FastifyRequest } from 'fastify';
import type { ActivityAction, ActivityArea } from '#shared/schemas/activity.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * How the write pipeline logs a route's change (docs/architecture.md#write-pipeline),
 * declared in the route's config so that no area writes the log by hand.
 */
export interface ActivityRule<Item = any> {
  area: ActivityArea;
  /** Default by method: POST create, PUT update, DELETE delete. */
  action?: ActivityAction;
  /**
   * The record's id and human label (a lot code, a name), from the answer
   * (create, update) or from the record before (delete). Omit it when the
   * service records its own entries with recordActivity (an import, a count).
   */
  describe?: (item: Item, request: FastifyRequest) => { id: number | null; label: string };
  /**
   * The record as the API shows it, read inside the transaction before the
   * change: an update's "before" and a delete's label. Its id is the route's
   * `:id`, if it has one (settings have none).
   */
  before?: (trx: DbOrTrx, request: FastifyRequest) => Promise<Item | undefined>;
  /**
   * Fields an edit writes that the record as the API shows it never holds (a
   * user's password): logged by name with no value, so that a password reset
   * leaves its line ('contraseña cambiada') and the password never reaches the
   * log (docs/decisions/0024-activity-log.md).
   */
  valuelessChanges?: (request: FastifyRequest) => readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every POST, PUT and DELETE under /api declares one (write-pipeline.ts refuses to start otherwise). */
    activity?: ActivityRule;
    /** A POST that writes nothing (a preview): the pipeline leaves it alone. */
    readOnly?: boolean;
    /** Sign-in and sign-out: logged, but not retry-safe by key (there is no answer worth replaying). */
    idempotencyKey?: false;
  }
}

/** The record id of `/…/:id` routes, as the params schema parsed it. */
export const recordIdOf = (request: FastifyRequest): number | undefined => {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
};
