import unhomoglyph from 'unhomoglyph';
import { compactText, foldCase, nameKey } from '#shared/text-keys.js';

/**
 * The confusable skeleton of Unicode TR39 (section 4, "Confusable Detection"):
 * two texts that look alike have the same skeleton, so 'аdmin' (Cyrillic а),
 * 'admın' (dotless ı) and 'adrnin' all read as 'admin', and 'GC-0O1' as
 * 'GC-001'. skeleton(X) = NFD(each character of NFD(X) replaced by its
 * prototype in confusables.txt); the table is the `unhomoglyph` package's, a
 * one-to-one copy of the official confusables.txt (docs/decisions/0021).
 *
 * Taken of the text as it is shown (NFKC, trimmed: 'ＧＣ' is 'GC'), then
 * case-folded, because codes and usernames are compared without regard to
 * case: 'TR-IOI' (capital i, letter O) is refused beside 'TR-101', and
 * 'tr-lol' too. A username is shown as stored (lower-cased), so its skeleton
 * is taken of that. Server-only (the table has 6,000 entries the web does not
 * need); stored beside the text under a unique index (migration 0009), which
 * decides, also between concurrent requests.
 */
export const confusableSkeleton = (text: string): string =>
  foldCase(unhomoglyph(compactText(text).normalize('NFD')).normalize('NFD')).normalize('NFD');

/**
 * The skeleton of a name that must be unique (an origin, a recipe, a
 * supplier/farm within its origin). Names compare without case, accents,
 * width or extra spaces (nameKey, src/shared/text-keys.ts), so the look-alike
 * check must hold in any case: the skeleton is taken of the key in capitals
 * (where Cyrillic М, К, Т look like Latin M, K, T), then once more of its
 * case-folded result (where 'rn' looks like 'm'), and marks are dropped as
 * nameKey drops accents. So 'Cоlombia' (Cyrillic о), 'СOLOMBIA' (Cyrillic С),
 * 'Меzcla' (Cyrillic М) and 'Colornbia' all meet 'Colombia'. In capitals a
 * small l and an i are both the prototype of 'I', so they meet too
 * (docs/decisions/0021). A function of nameKey: two names with one key have
 * one skeleton, and the skeleton's unique index decides (migration 0014).
 */
export const nameSkeleton = (name: string): string =>
  confusableSkeleton(confusableSkeleton(nameKey(name).toUpperCase())).replace(/\p{M}/gu, '');
