import { AppError } from '#server/errors.js';

/** Server-made codes tried before giving up (9000 numbers per prefix and day; a collision is rare). */
const CODE_ATTEMPTS = 20;

/**
 * Inserts a lot whose code is unique (roasted and blend lots,
 * docs/product-guide.md#business-constants: the unique index on the code's key decides, not a prior read).
 * A code the user typed is first checked by `refuseTaken` (which names a
 * look-alike it finds, docs/product-guide.md#data-rules), then tried once,
 * and a taken one is the caller's `duplicate` error (409); without one,
 * `generate` makes codes of the docs/product-guide.md#business-constants shape and another random number is
 * tried while the indexes say it is taken (or looks like a taken one).
 * `insert` returns the new id, or undefined when the code was taken.
 */
export async function insertWithLotCode(options: {
  typedCode: string | undefined;
  generate: () => string;
  refuseTaken: (code: string) => Promise<void>;
  insert: (code: string) => Promise<number | undefined>;
  duplicate: () => AppError;
  unavailableMessage: string;
}): Promise<number> {
  if (options.typedCode !== undefined) {
    await options.refuseTaken(options.typedCode);
    const id = await options.insert(options.typedCode);
    if (id === undefined) throw options.duplicate();
    return id;
  }
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const id = await options.insert(options.generate());
    if (id !== undefined) return id;
  }
  throw new AppError('conflict', options.unavailableMessage);
}
