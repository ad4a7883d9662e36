import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ActivityAction } from '#shared/schemas/activity.js';
import { idempotencyMessages } from '#shared/messages.js';
import { dialectOf } from '#server/db/dialect.js';
import type { Database } from '#server/db/schema.js';
import { type TransactionHooks, withTransactionHooks } from '#server/db/transaction-hooks.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError } from '#server/errors.js';
import { setWriteDatabase } from '#server/http/write-database.js';
import { type ActivityInput, activityRowOf, type ActivitySink, changesBetween, insertActivity, withValuelessChanges } from './activity-log.js';
import { type ActivityRule, recordIdOf } from './activity-rule.js';
import { idempotencyKeyOf, type KeyedRequest, keyedRequest } from './idempotency-key.js';
import { findStoredAnswer, pruneDue, pruneKeys, sameRequest, type StoredAnswer, storeAnswer } from './idempotency-store.js';
import { captureSentVersion, expectedVersionOf, raiseVersion, type RecordVersionRule, refuseOtherVersion } from './record-version.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ACTION_BY_METHOD: Record<string, ActivityAction> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/**
 * How long a request waits for another one with the same key, in this process,
 * before answering 409 'La misma solicitud ya se está procesando.'. Longer
 * than any write takes, shorter than a phone's patience.
 */
export const SAME_KEY_WAIT_MS = 10_000;

/** Thrown inside the transaction when another request with the key committed first: roll back, then replay its answer. */
class KeyTakenSignal extends Error {
  constructor() {
    super('idempotency key taken by a committed request');
  }
}

/**
 * The pipeline's part of one request's write transaction (db/transaction-hooks.ts):
 * the activity entries and the idempotent answer, written after the area's
 * change, in the same transaction.
 */
class WriteContext implements TransactionHooks, ActivitySink {
  opened = false;
  private entries: ActivityInput[] = [];
  private before: object | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly rule: ActivityRule,
    private readonly successStatus: number,
    private readonly keyed: KeyedRequest | undefined,
    /** A versioned edit or delete and the version its form was read at (record-version.ts). */
    private readonly version: { rule: RecordVersionRule; expected: number } | undefined,
  ) {}

  record(entry: ActivityInput): void {
    this.entries.push(entry);
  }

  async begin(trx: Transaction<Database>): Promise<void> {
    // A deadlock retry runs the work again: what the last attempt recorded is gone with it.
    this.entries = [];
    this.before = undefined;
    if (!this.rule.before) return;
    const id = recordIdOf(this.request) ?? '';
    // The "before" must be the row this change replaces: on PostgreSQL, writers
    // of the same record take turns from here (first lock of the transaction,
    // so no lock-order cycle); SQLite runs one write at a time anyway.
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`${this.rule.area}:${id}`}))`.execute(trx);
    this.before = await this.rule.before(trx, this.request);
    // Read under that turn-taking, so two edits from the same version cannot both pass (docs/decisions/0038-record-versions.md).
    if (this.version) refuseOtherVersion(this.version.rule, this.before, this.version.expected);
  }

  async end(trx: Transaction<Database>, value: unknown): Promise<void> {
    // An edit raises its record's version, and answers the new one (the service read the row before).
    if (this.version && this.request.method === 'PUT') {
      const next = await raiseVersion(trx, this.version.rule, recordIdOf(this.request)!, this.version.expected);
      if (typeof value === 'object' && value !== null) (value as { version: number }).version = next;
    }
    const user = this.request.user;
    const author = { id: user?.id ?? null, username: user?.username ?? null };
    const entries = this.entries.length > 0 ? this.entries : this.described(value);
    if (!this.keyed) return insertActivity(trx, author, entries);
    const now = Date.now();
    // On PostgreSQL one entry rides in the answer's statement: a round trip fewer (idempotency-store.ts).
    const entry = entries.length === 1 && dialectOf(trx) === 'postgres' ? activityRowOf(author, entries[0]!, now) : undefined;
    if (!entry) await insertActivity(trx, author, entries, now);
    // The work's value is the answer's body (a 204 has none): the route sends what its service returns.
    const body = this.successStatus === 204 ? null : value;
    if (!(await storeAnswer(trx, this.keyed, { status: this.successStatus, body }, now, entry))) throw new KeyTakenSignal();
  }

  /** The route rule's entry for a one-record write. */
  private described(value: unknown): ActivityInput[] {
    const { describe } = this.rule;
    if (!describe) return [];
    const action = this.rule.action ?? ACTION_BY_METHOD[this.request.method]!;
    // A record is named as people knew it when they acted: a create as it now is, an edit, a
    // delete or a sign-out of a user's sessions as it was ("editó el origen Colombia: nombre
    // 'Colombia' → 'Colombia Huila'").
    const subject = action === 'create' ? (value as object) : (this.before ?? (value as object));
    if (!subject) return [];
    const { id, label } = describe(subject, this.request);
    const changes =
      action === 'update' && this.before
        ? withValuelessChanges(changesBetween(this.before, value as object), this.rule.valuelessChanges?.(this.request) ?? [])
        : null;
    return [{ action, area: this.rule.area, record_id: id, record_label: label, changes }];
  }
}

/** The one 2xx a route's schema declares (201 for a create, 204 for a delete, 200 otherwise). */
function successStatusOf(route: RouteOptions): number {
  const codes = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).map(Number);
  return codes.find((code) => code >= 200 && code < 300) ?? 200;
}

const replay = (reply: FastifyReply, stored: StoredAnswer, request: KeyedRequest) => {
  if (!sameRequest(stored, request)) throw new AppError('idempotency_key_reused', idempotencyMessages.keyReused);
  return reply
    .status(stored.status)
    .header('idempotent-replayed', 'true')
    .send(stored.response_body === null ? null : JSON.parse(stored.response_body));
};

/** Resolves true when `promise` settles within `ms`, false otherwise. */
const settlesWithin = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * The one write pipeline (docs/architecture.md#write-pipeline): every POST, PUT
 * and DELETE under /api passes here after the guard (session and role) and the
 * route's body validation, and before its handler:
 *
 * 1. `Idempotency-Key` (docs/decisions/0023-idempotency-keys.md): a stored
 *    answer of the same user and key is replayed (422 if it was another
 *    request); a request with a key still running in this process is waited for.
 * 2. The handler runs with this request's own database handle
 *    (http/write-database.ts, db/transaction-hooks.ts): the service's one
 *    withWriteTransaction on it also writes the activity-log entries
 *    (docs/decisions/0024-activity-log.md) and the stored answer, so a rolled-back
 *    change leaves neither.
 * 3. If another process committed the same key first, this transaction rolls
 *    back and that answer is replayed: one effect, whatever the races.
 */
export function registerWritePipeline(app: FastifyInstance, db: Kysely<Database>, options: { sameKeyWaitMs?: number } = {}): void {
  const sameKeyWaitMs = options.sameKeyWaitMs ?? SAME_KEY_WAIT_MS;
  const inFlight = new Map<string, Promise<void>>();

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((method) => WRITE_METHODS.has(method)) || route.config?.readOnly) return;
    const rule = route.config?.activity;
    if (!rule) throw new Error(`${methods.join(',')} ${route.url}: una escritura declara su regla de actividad (config.activity) o readOnly`);
    if (route.config?.recordVersion) {
      if (!rule.before) throw new Error(`${methods.join(',')} ${route.url}: una regla recordVersion necesita el "before" de su regla de actividad`);
      // A PUT's `version` (or a POST's that acts on one record, such as marking a roast's reference),
      // kept before the area's body schema drops it (record-version.ts).
      if (methods.includes('PUT') || methods.includes('POST')) route.preValidation = [captureSentVersion, ...[route.preValidation ?? []].flat()];
    }
    const successStatus = successStatusOf(route);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function writePipeline(request, reply) {
      const key = route.config?.idempotencyKey === false ? undefined : idempotencyKeyOf(request);
      const keyed = key !== undefined && request.user ? keyedRequest(request, request.user.id, key) : undefined;
      const versionRule = route.config?.recordVersion;
      const expected = versionRule ? expectedVersionOf(request) : undefined;
      const version = versionRule && expected !== undefined ? { rule: versionRule, expected } : undefined;
      const context = new WriteContext(request, rule, successStatus, keyed, version);
      setWriteDatabase(request, withTransactionHooks(db, context));
      const run = () => handler.call(this, request, reply);
      if (!keyed) return run();
      return once(keyed, reply, context, run);
    };
  });

  async function once(keyed: KeyedRequest, reply: FastifyReply, context: WriteContext, run: () => unknown) {
    const flight = `${keyed.userId}\n${keyed.key}`;
    for (let pending = inFlight.get(flight); pending; pending = inFlight.get(flight)) {
      if (!(await settlesWithin(pending, sameKeyWaitMs))) throw new AppError('conflict', idempotencyMessages.inProgress);
    }
    let done!: () => void;
    inFlight.set(flight, new Promise<void>((resolve) => (done = resolve)));
    try {
      const stored = await findStoredAnswer(db, keyed.userId, keyed.key);
      if (stored) return replay(reply, stored, keyed);
      try {
        return await run();
      } catch (error) {
        // Refused before writing anything: nothing can have been stored by us.
        if (!context.opened) throw error;
        // Another process may have committed this key while we ran (our write
        // then failed on its effect, or on the key itself): its answer wins.
        const winner = await findStoredAnswer(db, keyed.userId, keyed.key);
        if (winner) return replay(reply, winner, keyed);
        if (error instanceof KeyTakenSignal) throw new AppError('conflict', idempotencyMessages.inProgress);
        throw error;
      }
    } finally {
      inFlight.delete(flight);
      done();
      // The app's own handle: upkeep opens its own transaction, not this request's.
      if (pruneDue(db)) setImmediate(() => void withWriteTransaction(db, (trx) => pruneKeys(trx)).catch(() => {}));
    }
  }
}
