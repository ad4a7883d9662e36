import fc from 'fast-check';

/**
 * Any UTF-16 code unit, with NUL and lone surrogates drawn often: the text a
 * client can put in JSON that PostgreSQL refuses (NUL) or stores differently
 * from SQLite (a lone surrogate). Property tests that promise "never a 5xx"
 * build their strings from it.
 */
export const anyCodeUnit = fc.oneof(
  { arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff'), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), weight: 4 },
);
