/**
 * The forms in which two texts are "the same" (docs/product-guide.md#data-rules):
 * lot codes, usernames, recipe names and origin names compare after NFKC and
 * case folding, so 'ＧＣ-001' (full-width) is 'GC-001' and 'ADMIN' is 'admin'.
 * Computed here, never by SQL `lower()`/`upper()` (SQLite folds only ASCII,
 * PostgreSQL everything), and stored beside the text under a unique index, so
 * both databases decide alike. Changing one of these functions changes which
 * stored keys are valid: it needs a migration that recomputes them (see
 * migration 0009).
 */

/**
 * Unicode's default case folding, as upper- then lower-casing: the same
 * classes as full case folding ('ß' and 'SS' are 'ss', 'ς' is 'σ'), except
 * that the dotless 'ı' keeps apart from 'i' as case folding keeps it (upper-
 * casing would make it 'I'); the confusable check sees the two as look-alikes.
 */
export const foldCase = (text: string): string => text.replace(/[^\u0131]+/gu, (run) => run.toUpperCase().toLowerCase());

/** NFKC, trimmed, inner runs of white space as one space: a text as it is compared, before any case folding. */
export const compactText = (text: string): string => text.normalize('NFKC').trim().replace(/\s+/gu, ' ');

/**
 * compactText, case-folded: 'ＧＣ-００１ ' and 'gc-001' have one key. NFKC
 * again at the end, as case mapping may leave a string that is not in that form.
 */
export const textKey = (text: string): string => foldCase(compactText(text)).normalize('NFKC');

/**
 * A name's key, for recipes and origins: textKey without accents (or any other
 * combining mark), so 'Etiopía', ' etiopia ' and 'ＥＴＩＯＰＩＡ' are one origin.
 * Also the order of the recipe list.
 */
export const nameKey = (name: string): string => textKey(name).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
