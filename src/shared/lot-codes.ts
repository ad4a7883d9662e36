import { textKey } from './text-keys.js';

/**
 * Lot codes (docs/product-guide.md#business-constants), shared by the forms' 'Generar Lote' buttons and
 * the server (which generates one when none is given and retries on a
 * collision: the unique index on batch_code decides).
 */

/** A number in [0, 1); Math.random unless a test fixes it. */
export type RandomSource = () => number;

/** "a random 4-digit number from 1000 to 9999" */
export const randomLotNumber = (random: RandomSource = Math.random): number => 1000 + Math.floor(random() * 9000);

/**
 * "first 2 letters of the … name uppercased": letters only, so 'El Salvador'
 * gives 'EL' and a leading space or digit does not end up in the code.
 */
export function namePrefix(name: string): string {
  const letters = name.match(/\p{L}/gu) ?? [];
  const prefix = letters.length > 0 ? letters.slice(0, 2).join('') : name.trim().slice(0, 2);
  return prefix.toUpperCase();
}

/**
 * "day, month and 2-digit year" of a YYYY-MM-DD date: '2024-01-01' → '010124'
 * (with separator '-': '01-01-24', the green lots' DD-MM-AA).
 */
export function dayMonthYear(isoDate: string, separator = ''): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`fecha no válida: ${isoDate}`);
  const [, year = '', month = '', day = ''] = match;
  return [day, month, year.slice(2)].join(separator);
}

/**
 * Green lot code, shape DD-MM-AA of the entry date: '2024-03-15' → '15-03-24'. The
 * spec gives green lots only that hint and no generated code
 * (docs/product-guide.md#business-constants), so no number is added: a second lot of
 * the same origin and day needs another code, and the server's per-origin
 * uniqueness says so (docs/product-guide.md#green-lot, rule 5).
 */
export const greenLotCode = (entryDate: string): string => dayMonthYear(entryDate, '-');

/** Roasted lot code, shape CO-010124-1234 (origin name, roast date, random number). */
export const roastedLotCode = (originName: string, roastDate: string, random?: RandomSource): string =>
  `${namePrefix(originName)}-${dayMonthYear(roastDate)}-${randomLotNumber(random)}`;

/** Blend lot code, shape BL-MZ-010124-1234 (recipe name, creation date, random number). */
export const blendLotCode = (recipeName: string, creationDate: string, random?: RandomSource): string =>
  `${namePrefix(recipeName)}-MZ-${dayMonthYear(creationDate)}-${randomLotNumber(random)}`;

/**
 * The form of a lot code that decides whether two codes are the same lot:
 * 'co-001', 'CO-001', ' CO-001 ' and 'ＣＯ-００１' (full width) are one lot.
 * textKey (NFKC, trimmed, case-folded: src/shared/text-keys.ts) written in
 * capitals, as lot codes are. Stored beside the code (`batch_code_key`) under
 * a unique index, for green lots per origin and for roasted and blend lots
 * across all lots; look-alike codes ('CO-0O1') are the confusable skeleton's
 * job (migration 0009). Changing this function changes which stored keys are
 * valid: it needs a migration that recomputes them (as 0004 and 0009 did).
 */
export const lotCodeKey = (code: string): string => textKey(code).toUpperCase().normalize('NFKC');
