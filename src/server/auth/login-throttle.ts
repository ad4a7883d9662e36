/**
 * Per-account brake on password guessing: after MAX_FAILURES wrong passwords
 * for one username within WINDOW_MS, that username is refused until the window
 * passes. (Per-address limits are @fastify/rate-limit's job.) Kept in memory:
 * with several PostgreSQL-backed processes each counts on its own, which still
 * bounds guessing to MAX_FAILURES × processes per window.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  isBlocked(username: string): boolean {
    return this.recent(username).length >= MAX_FAILURES;
  }

  recordFailure(username: string): void {
    if (this.failures.size >= MAX_TRACKED) this.prune();
    this.failures.set(username, [...this.recent(username), this.now()]);
  }

  reset(username: string): void {
    this.failures.delete(username);
  }

  private recent(username: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.failures.get(username) ?? []).filter((time) => time > since);
  }

  private prune(): void {
    for (const username of this.failures.keys()) {
      if (this.recent(username).length === 0) this.failures.delete(username);
    }
    // Still full of live entries (a spray over many names): forget the oldest.
    const excess = this.failures.size - MAX_TRACKED + 1;
    if (excess > 0) [...this.failures.keys()].slice(0, excess).forEach((key) => this.failures.delete(key));
  }
}
