import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database, LoginThrottleTable } from '#server/db/schema.js';

/**
 * The brake on password guessing (docs/decisions/0008; OWASP Authentication
 * Cheat Sheet, ASVS 5.0 V6.3). Three counters of failed sign-ins, each for
 * WINDOW_MS from its first failure:
 *
 * - per address and username ("pair"): PAIR_LIMIT failures, then that address
 *   gets 429 for that account until the window ends. The attacker's own
 *   address is stopped; the owner signing in from any other address is not.
 * - per address: ADDRESS_LIMIT failures over all usernames, then 429 for the
 *   address (a spray over many usernames).
 * - per username, over all addresses ("account"): never a refusal, only a
 *   growing wait before the password is checked, at most ACCOUNT_DELAY_MAX_MS,
 *   so the right password always gets in (no account lockout to abuse).
 *
 * An attempt is counted BEFORE its password is verified, in one atomic upsert
 * whose result decides: of 40 wrong guesses sent at once, exactly PAIR_LIMIT
 * are verified. A success gives its count back. The counters live in a table
 * (migration 0004), not in memory: no flood of usernames can evict a lock, and
 * every process on one PostgreSQL counts together. Expired rows are deleted.
 *
 * Unknown usernames go through exactly the same steps (the counters are keyed
 * by the name typed, whether or not it exists), so neither the answer nor the
 * timing tells which accounts exist. The name is stored only as a digest
 * (usernameDigest): people type their password into the username field, and a
 * counter row must not keep it readable for its window or in a backup.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 30;
/** Failures an account takes, over all addresses, before each attempt waits. */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_DELAY_BASE_MS = 250;
export const ACCOUNT_DELAY_MAX_MS = 5_000;
/** How often expired counters are deleted (at most). */
const PRUNE_EVERY_MS = 60 * 1000;

type Scope = LoginThrottleTable['scope'];

export type ThrottleDecision =
  | { allowed: false; scope: 'address' | 'pair'; retryAfterSeconds: number }
  | { allowed: true; delayMs: number };

/** The wait before checking a password when the account already has `failures` recent failures. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_BASE_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

/**
 * The address a limit is keyed by: IPv6 by its /64 (one customer's block, which
 * its owner can cycle through freely), as @fastify/rate-limit does.
 */
export const throttleAddress = (ip: string): string => normalizeIP(ip);

export class LoginThrottle {
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts this attempt and decides: refused (429 with Retry-After), or
   * allowed after waiting `delayMs`. `username` is the normalised name typed.
   */
  async begin(ip: string, username: string): Promise<ThrottleDecision> {
    const now = this.now();
    await this.prune(now);
    const address = throttleAddress(ip);
    const byAddress = await this.count('address', address, now);
    if (byAddress.failures > ADDRESS_LIMIT) return refusal('address', byAddress.windowStart, now);
    const byPair = await this.count('pair', pairSubject(address, username), now);
    if (byPair.failures > PAIR_LIMIT) return refusal('pair', byPair.windowStart, now);
    const byAccount = await this.count('account', usernameDigest(username), now);
    // The failures before this one (this attempt is already counted).
    return { allowed: true, delayMs: accountDelayMs(byAccount.failures - 1) };
  }

  /** The right password: the pair starts over; the address and the account get this attempt's count back. */
  async succeeded(ip: string, username: string): Promise<void> {
    const address = throttleAddress(ip);
    await this.db.deleteFrom('login_throttle').where('scope', '=', 'pair').where('subject', '=', pairSubject(address, username)).execute();
    for (const [scope, subject] of [['address', address], ['account', usernameDigest(username)]] as const) {
      await this.db
        .updateTable('login_throttle')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .where('failures', '>', 0)
        .execute();
    }
  }

  /**
   * One failure more (or the first of a new window when the last one is over),
   * in a single statement: two attempts at the same moment cannot read the same count.
   */
  private async count(scope: Scope, subject: string, now: number): Promise<{ failures: number; windowStart: number }> {
    const expired = now - WINDOW_MS;
    const row = await this.db
      .insertInto('login_throttle')
      .values({ scope, subject, failures: 1, window_start: now })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'subject']).doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_throttle.window_start', '<=', expired)
            .then(1)
            .else(eb('login_throttle.failures', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('login_throttle.window_start', '<=', expired)
            .then(now)
            .else(eb.ref('login_throttle.window_start'))
            .end(),
        })),
      )
      .returning(['failures', 'window_start'])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), windowStart: Number(row.window_start) };
  }

  /** Deletes counters whose window is over (they would restart at 1 anyway), so the table holds only live ones. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.deleteFrom('login_throttle').where('window_start', '<=', now - WINDOW_MS).execute();
  }
}

/**
 * What a counter keeps of a typed username: its SHA-256, never the text. Rows
 * written before the digest (plain names) simply expire with their window.
 */
export const usernameDigest = (username: string): string => createHash('sha256').update(username).digest('base64url');

/** Unambiguous whatever the username holds. */
const pairSubject = (address: string, username: string): string => JSON.stringify([address, usernameDigest(username)]);

function refusal(scope: 'address' | 'pair', windowStart: number, now: number): ThrottleDecision {
  return { allowed: false, scope, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)) };
}
