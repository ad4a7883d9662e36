/**
 * The closed list of error codes a service may throw. Routes never build error
 * bodies by hand: the central handler (http/error-handler.ts) turns an AppError
 * into `{error: {code, message}}` with the status below; anything else is a 500.
 */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_stock: 409,
  in_use: 409,
  duplicate: 409,
  /** An edit or delete from a form read at an older version of the record (docs/decisions/0038-record-versions.md). */
  version_conflict: 409,
  unsupported_media_type: 415,
  /** An Idempotency-Key already used for another request (docs/decisions/0023-idempotency-keys.md). */
  idempotency_key_reused: 422,
  /** An edit sent without the version its form was read at (docs/decisions/0038-record-versions.md). */
  version_required: 428,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const validationError = (message: string) => new AppError('validation', message);
export const notFoundError = (message: string) => new AppError('not_found', message);
export const conflictError = (message: string) => new AppError('conflict', message);
