import { describe, expect, it } from 'vitest';
import { confusableSkeleton } from '#server/confusable-skeleton.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { foldCase, nameKey, textKey } from '#shared/text-keys.js';
import { textProblem } from '#shared/text-rules.js';

describe('text keys: NFKC and case folding', () => {
  it('makes full width, case, surrounding and repeated spaces one key', () => {
    expect(textKey(' ＧＣ-００１ ')).toBe('gc-001');
    expect(textKey('Mezcla  de\u00a0la   Casa')).toBe('mezcla de la casa');
    expect(lotCodeKey('ｇｃ-００１')).toBe('GC-001');
    expect(lotCodeKey('gc-001')).toBe(lotCodeKey('GC-001 '));
  });

  it('folds case as Unicode does, not only ASCII, and keeps the dotless ı apart', () => {
    expect(foldCase('STRASSE')).toBe(foldCase('straße'));
    expect(foldCase('ΟΔΟΣ')).toBe(foldCase('οδοσ'));
    expect(textKey('admın')).not.toBe(textKey('admin'));
    // Idempotent: a stored key is its own key.
    for (const text of ['İstanbul', 'ǰ', 'ﬁ', 'Ⅻ', 'ΟΔΟΣ', 'Straße']) expect(textKey(textKey(text))).toBe(textKey(text));
  });

  it('names also ignore accents', () => {
    expect(nameKey('Etiopía')).toBe(nameKey(' ETIOPIA '));
    expect(nameKey('Ｃｏｌóｍｂｉａ')).toBe('colombia');
    expect(nameKey('Santa Ana')).not.toBe(nameKey('Santa-Ana'));
  });
});

describe('confusable skeleton (Unicode TR39)', () => {
  it('gives real look-alikes one skeleton', () => {
    const admin = confusableSkeleton('admin');
    // Cyrillic а, dotless ı, 'rn' for 'm', full width.
    for (const lookAlike of ['аdmin', 'admın', 'adrnin', 'ａｄｍｉｎ']) expect(confusableSkeleton(lookAlike)).toBe(admin);
    // Digit 0 and letter O, digit 1 and small L or capital I, Cyrillic С and О, in any case.
    for (const lookAlike of ['GC-OO1', 'gc-0o1', 'GC-00l', 'GC-00I']) expect(confusableSkeleton(lookAlike)).toBe(confusableSkeleton('GC-001'));
    expect(confusableSkeleton('СО-777')).toBe(confusableSkeleton('CO-777'));
  });

  it('keeps apart what does not look alike', () => {
    expect(confusableSkeleton('josé')).not.toBe(confusableSkeleton('jose'));
    expect(confusableSkeleton('GC-002')).not.toBe(confusableSkeleton('GC-001'));
    expect(confusableSkeleton('ana')).not.toBe(confusableSkeleton('anna'));
  });
});

describe('text rules', () => {
  it('refuses control and invisible characters, takes LF only in several-line fields, and leaves secrets alone', () => {
    expect(textProblem('a\tb', 'line')).toBe('control');
    expect(textProblem('a\nb', 'line')).toBe('control');
    expect(textProblem('a\nb', 'lines')).toBeUndefined();
    expect(textProblem('a\rb', 'lines')).toBe('control');
    expect(textProblem('a\u2029b', 'lines')).toBe('control');
    expect(textProblem('a\u202eb', 'lines')).toBe('invisible');
    expect(textProblem('a\u200db', 'line')).toBe('invisible');
    expect(textProblem('☕\ufe0f Café Ñuñoa', 'line')).toBeUndefined();
    expect(textProblem('a\t\u200bb', 'secret')).toBeUndefined();
  });
});
