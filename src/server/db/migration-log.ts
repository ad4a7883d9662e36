/**
 * Where a migration says what it changed in the data (migration 0009 renames
 * clashing names and codes). The server has no request logger yet when it
 * migrates, so by default a line on stderr, beside the server's own log; tests
 * pass their own to read the lines.
 */
export interface MigrationLog {
  warn(message: string): void;
}

export const stderrMigrationLog: MigrationLog = { warn: (message) => console.warn(message) };
