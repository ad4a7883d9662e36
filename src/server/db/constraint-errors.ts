/**
 * Recognises constraint violations from either driver, so a service can turn
 * them into their Spanish 409 messages instead of a 500. better-sqlite3 reports
 * extended result codes (`SQLITE_CONSTRAINT_UNIQUE`); pg reports SQLSTATE
 * (`23505` unique, `23503` foreign key). Kysely passes both through unchanged.
 */
const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;

/** A UNIQUE (or primary key) index refused the row. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/**
 * A FOREIGN KEY refused the change: a referenced row is missing, or a row still
 * in use was deleted. SQLite reports an `ON DELETE RESTRICT` refusal as
 * SQLITE_CONSTRAINT_TRIGGER (RESTRICT runs as a trigger-like action), with the
 * same "FOREIGN KEY constraint failed" text as the NO ACTION case.
 */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const code = codeOf(error);
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && error instanceof Error && error.message.includes('FOREIGN KEY constraint failed');
};
