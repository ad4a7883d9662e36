import type { Transaction } from 'kysely';
import { commonMessages } from '#shared/messages.js';
import type { Role } from '#shared/roles.js';
import { dialectOf } from '#server/db/dialect.js';
import type { Database } from '#server/db/schema.js';
import { AppError } from '#server/errors.js';

/**
 * The actor's role as it is NOW, read inside the write transaction (and, on
 * PostgreSQL, share-locked until it ends, so a concurrent demotion waits for
 * this write or this write sees the demotion). An administrator demoted or
 * deleted while their request was in flight gets 'No tienes permisos para
 * realizar esta acción.' (docs/product-guide.md#roles-and-permissions) and nothing is written. The session
 * guard checked the role when the request arrived; this closes the gap.
 * Users come first in the lock order (docs/decisions/0005, ledger/lot-locks.ts):
 * call it before lockLots, and in the users area after lockAdministrators.
 */
export async function requireActorRole(trx: Transaction<Database>, userId: number, role: Role): Promise<void> {
  const query = trx.selectFrom('users').select('role').where('id', '=', userId);
  const actor = await (dialectOf(trx) === 'postgres' ? query.forShare() : query).executeTakeFirst();
  if (actor?.role !== role) throw new AppError('forbidden', commonMessages.forbidden);
}
