import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALOG_MAX_BYTES, ALOG_MAX_LIST_ITEMS, ALOG_MAX_VALUES } from '#shared/limits.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { gramsToKg } from '#shared/units.js';
import { defaultFormatter as f } from '#shared/format.js';
import { AlogFormatError, decodeAlogBytes, decodeEscapes, parseAlog, wordAlogRefusal } from '#server/features/artisan-import/alog-parser.js';
import { readAlogFile, toGrams } from '#server/features/artisan-import/alog-profile.js';

/**
 * The bounded .alog reader (docs/decisions/0026-artisan-alog-import.md): Python literals as
 * Artisan's repr writes them, JSON as its templates are, every bad input a
 * Spanish AlogFormatError, and the units exact to the gram.
 */

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/artisan/${name}`, import.meta.url));
const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const parse = (text: string) => parseAlog(decodeAlogBytes(bytes(text)));

/** The Spanish message a bad file is refused with. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AlogFormatError);
    return wordAlogRefusal((error as AlogFormatError).refusal, f);
  }
  throw new Error('the file was accepted');
}

describe('the literal grammar', () => {
  it('reads Python literals: quotes, True/False/None, floats, tuples, sets, nested dicts, comments', () => {
    const dict = parse(`{'a': "dos", "b": True, 'c': None, 'd': False, 'e': 1718.9999999999998, 'f': 6.288e-05,
      'g': (1, 2), 'h': (3,), 'i': (4), 'j': {'k': [1, -2.5, +3, - 4]}, 'l': {5, 6}, 'm': [], 'n': (), 'o': {}, # a comment
      'p': u'uni', 'q': r'raw\\n', 'r': 10L, 's': '''tri'ple''', 7: 'int key', 't': .5, 'u': 5.,}`);
    expect(dict.get('a')).toBe('dos');
    expect([dict.get('b'), dict.get('c'), dict.get('d')]).toEqual([true, null, false]);
    expect(dict.get('e')).toBe(1718.9999999999998);
    expect(dict.get('f')).toBe(6.288e-5);
    expect(dict.get('g')).toEqual([1, 2]);
    expect(dict.get('h')).toEqual([3]);
    expect(dict.get('i')).toBe(4);
    expect((dict.get('j') as Map<string, unknown>).get('k')).toEqual([1, -2.5, 3, -4]);
    expect(dict.get('l')).toEqual([5, 6]);
    expect([dict.get('m'), dict.get('n')]).toEqual([[], []]);
    expect(dict.get('o')).toEqual(new Map());
    expect(dict.get('p')).toBe('uni');
    expect(dict.get('q')).toBe('raw\\n');
    expect(dict.get('r')).toBe(10);
    expect(dict.get('s')).toBe("tri'ple");
    expect(dict.get('7')).toBe('int key');
    expect([dict.get('t'), dict.get('u')]).toEqual([0.5, 5]);
  });

  it('reads JSON: true/false/null, \\u escapes with surrogate pairs, \\/', () => {
    const dict = parse('{"a": true, "b": false, "c": null, "d": "caf\\u00e9 \\ud83d\\ude00 a\\/b", "e": [1, 2.5e3]}');
    expect([dict.get('a'), dict.get('b'), dict.get('c')]).toEqual([true, false, null]);
    expect(dict.get('d')).toBe('café 😀 a/b');
    expect(dict.get('e')).toEqual([1, 2500]);
  });

  it('keeps a key such as __proto__ as plain data', () => {
    const dict = parse(`{'__proto__': {'polluted': 1}, 'constructor': 2}`);
    expect(dict.get('__proto__')).toEqual(new Map([['polluted', 1]]));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('decodes Python escapes once in the literal and once more in a text field (encodeLocal)', () => {
    expect(decodeEscapes('Caf\\xe9 Tarraz\\xfa\\nlote 7')).toBe('Café Tarrazú\nlote 7');
    expect(decodeEscapes('\\u2014 \\U0001F600 \\t\\r\\\\ \\\' \\" \\101\\0 \\a\\b\\f\\v')).toBe('— 😀 \t\r\\ \' " A\0 \x07\b\f\v');
    // What Python would refuse stays as written rather than failing the file.
    expect(decodeEscapes('\\x4 \\q \\N{BULLET} \\U00110000')).toBe('\\x4 \\q \\N{BULLET} \\U00110000');
    expect(decodeEscapes('one\\\ntwo')).toBe('onetwo');
  });

  it('makes a text field safe to store and show: no NUL, controls, invisible or lone surrogates; NFC; line breaks kept', () => {
    const profile = readAlogFile(bytes(String.raw`{'weight': [1000, 800, 'g'], 'title': 'a\x00b\u200bc\ud800d\r\ne\u0301', 'beans': '   '}`));
    expect(profile.title).toBe('abcd\né');
    expect(profile.beans).toBeNull();
  });
});

describe('every bad input is a Spanish refusal, never a crash', () => {
  it('an empty body, only spaces, or a BOM alone', () => {
    expect(refusal(() => decodeAlogBytes(Buffer.alloc(0)))).toBe(m.fileEmpty);
    expect(refusal(() => decodeAlogBytes(bytes('  \n ')))).toBe('El archivo está vacío.');
    expect(refusal(() => decodeAlogBytes(bytes('\ufeff')))).toBe(m.fileEmpty);
  });

  it('a body over 5 MB (a 20 MB one included)', () => {
    expect(refusal(() => decodeAlogBytes(Buffer.alloc(20 * 1024 * 1024, 0x20)))).toBe(m.fileTooLarge(f));
    expect(refusal(() => decodeAlogBytes(Buffer.alloc(ALOG_MAX_BYTES + 1, 0x20)))).toBe(
      'El archivo es demasiado grande (máximo 5 MB). Un perfil de Artisan de una hora ocupa menos de 1 MB.',
    );
  });

  it('bytes that are not UTF-8', () => {
    expect(refusal(() => decodeAlogBytes(Buffer.from([0x7b, 0x27, 0x61, 0xe9, 0x27, 0x7d])))).toBe(m.fileNotUtf8);
  });

  it('text that is not a dict, and a JSON array', () => {
    expect(refusal(() => readAlogFile(fixture('bad-not-a-dict.alog')))).toBe(m.notADict);
    expect(refusal(() => readAlogFile(fixture('bad-json-array.alog')))).toBe(
      'El archivo no es un perfil de Artisan: debe contener un diccionario entre llaves ({…}).',
    );
    expect(refusal(() => parse('"texto"'))).toBe(m.notADict);
  });

  it('broken syntax, with the line', () => {
    expect(refusal(() => parse("{'a': 1,\n'b': [1, 2,\n 'c': 3}"))).toBe(m.syntax(3));
    expect(refusal(() => parse("{'a': 'sin cerrar}"))).toBe(m.syntax(1));
    expect(refusal(() => parse("{'a': __import__('os')}"))).toBe(m.syntax(1));
    expect(refusal(() => parse("{'a': 1} {'b': 2}"))).toBe(m.syntax(1));
    expect(refusal(() => parse("{'a' 1}"))).toBe(m.syntax(1));
    expect(refusal(() => parse("{'a': 0x1F}"))).toBe(m.syntax(1));
    expect(refusal(() => parse("{'a': 'line\nbreak'}"))).toBe(m.syntax(1));
  });

  it('100,000 nested brackets stop at the depth limit', () => {
    expect(refusal(() => parse(`{'a': ${'['.repeat(100_000)}${']'.repeat(100_000)}}`))).toBe(m.tooDeep);
    expect(refusal(() => parse('{"a":'.repeat(100_000)))).toBe('El archivo tiene demasiados niveles anidados (máximo 32).');
    // 31 levels inside the top dict are fine.
    expect(() => parse(`{'a': ${'['.repeat(31)}${']'.repeat(31)}}`)).not.toThrow();
  });

  it('numbers like 1e400, NaN, inf, Infinity, and over-long ones', () => {
    expect(refusal(() => readAlogFile(fixture('bad-huge-number.alog')))).toBe(m.numberOutOfRange(1));
    expect(refusal(() => readAlogFile(fixture('bad-nan.alog')))).toBe(
      'El archivo tiene un número fuera de rango o no válido (como 1e400 o NaN) en la línea 1.',
    );
    for (const spelling of ['inf', '-inf', 'Infinity', '-Infinity', 'nan', '-1e999']) {
      expect(refusal(() => parse(`{'a': ${spelling}}`))).toBe(m.numberOutOfRange(1));
    }
    expect(refusal(() => parse(`{'a':\n ${'9'.repeat(41)}}`))).toBe(m.numberTooLong(2));
  });

  it('lists and texts past their limits', () => {
    expect(refusal(() => parse(`{'a': [${'0,'.repeat(ALOG_MAX_LIST_ITEMS + 1)}]}`))).toBe(m.listTooLong(1, f));
    expect(refusal(() => parse(`{'a': '${'x'.repeat(200_001)}'}`))).toBe(m.textTooLong(1, f));
  });

  it('a file of more values than the budget, counted across the whole file (docs/decisions/0040-untrusted-files-in-a-worker.md)', () => {
    // 5 MB of empty containers, in lists each within the per-list limit: 1.7 million values.
    const empties = (empty: string) => `{'a': [${Array.from({ length: 19 }, () => `[${`${empty},`.repeat(90_000)}]`).join(',')}]}`;
    expect(empties('[]').length).toBeLessThanOrEqual(ALOG_MAX_BYTES);
    expect(refusal(() => parse(empties('[]')))).toBe(m.tooManyValues(f));
    expect(refusal(() => parse(empties('{}')))).toBe(
      'El archivo tiene demasiados valores (máximo 500,000): un perfil de Artisan tiene muchos menos.',
    );
    // Every container, key and scalar counts: the top dict, then per key its key, its list and the list's items.
    const withValues = (values: number): string => {
      const keys: string[] = [];
      let left = values - 1;
      for (let key = 0; left > 0; key++) {
        const items = Math.min(left - 2, ALOG_MAX_LIST_ITEMS);
        keys.push(`'k${key}': [${'0,'.repeat(items)}]`);
        left -= items + 2;
      }
      return `{${keys.join(', ')}}`;
    };
    expect(parse(withValues(ALOG_MAX_VALUES)).size).toBe(5);
    expect(refusal(() => parse(withValues(ALOG_MAX_VALUES + 1)))).toBe(m.tooManyValues(f));
  });

  it('a missing or non-numeric weight, and an unknown unit', () => {
    expect(refusal(() => readAlogFile(fixture('bad-weight-missing.alog')))).toBe(m.weightMissing);
    expect(refusal(() => readAlogFile(fixture('bad-weight-text.alog')))).toBe(
      'El archivo no tiene el peso del café (weight: [verde, tostado, unidad]) o no es numérico.',
    );
    expect(refusal(() => parse("{'weight': [1, 2]}") && readAlogFile(bytes("{'weight': [1, 2]}")))).toBe(m.weightMissing);
    expect(refusal(() => readAlogFile(fixture('bad-unit.alog')))).toBe('Unidad de peso desconocida en el archivo: «stone». Artisan usa g, Kg, lb u oz.');
  });

  it('a roastUUID that is not 32 hex, a curve whose lists differ, a bad mode', () => {
    expect(refusal(() => readAlogFile(bytes("{'weight': [1000, 800, 'g'], 'roastUUID': 'xyz'}")))).toBe(m.badUuid);
    expect(refusal(() => readAlogFile(bytes("{'weight': [1000, 800, 'g'], 'timex': [0, 1], 'temp1': [1], 'temp2': [1, 2]}")))).toBe(m.curveLengths);
    expect(refusal(() => readAlogFile(bytes("{'weight': [1000, 800, 'g'], 'timex': [0, 'a'], 'temp1': [1, 1], 'temp2': [1, 2]}")))).toBe(m.curveNotNumeric);
    expect(refusal(() => readAlogFile(bytes("{'weight': [1000, 800, 'g'], 'mode': 'K'}")))).toBe(m.badMode);
  });

  it('random bytes and random truncations of a real profile never escape as anything but AlogFormatError', () => {
    const profile = fixture('python-literal-lb.alog').toString('utf8');
    fc.assert(
      fc.property(fc.nat(profile.length), (cut) => {
        try {
          readAlogFile(bytes(profile.slice(0, cut)));
        } catch (error) {
          return error instanceof AlogFormatError;
        }
        return cut === profile.length;
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (random) => {
        try {
          readAlogFile(random);
          return true;
        } catch (error) {
          return error instanceof AlogFormatError;
        }
      }),
    );
  });
});

describe('the profile', () => {
  it('a Python-literal file with escaped text and lb weights', () => {
    const profile = readAlogFile(fixture('python-literal-lb.alog'));
    expect(profile).toMatchObject({
      roastUuid: '3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b',
      uuidFromContent: false,
      // 2.2 lb = 997.903214 g; 1.87 lb = 848.2177319 g
      greenG: 998,
      resultantG: 848,
      weightUnit: 'lb',
      roastDate: '2024-03-15',
      artisanBatch: 'P173',
      title: 'Café Tarrazú\nlote 7',
      beans: 'Costa Rica Tarrazú — Finca La Pastora',
      operator: 'José',
    });
    const curve = profile.curve!;
    expect(curve.unit).toBe('C');
    expect(curve.points).toHaveLength(300);
    // Times from CHARGE (sample 3, 6 s): negative before it; -1 readings are null.
    expect(curve.points[0]).toEqual({ t: -6, bt: null, et: null });
    expect(curve.points[3]?.t).toBe(0);
    expect(curve.points[7]?.t).toBe(8);
    expect(curve.events).toEqual({ charge: 0, dry_end: 184, fc_start: 374, fc_end: 454, sc_start: null, sc_end: null, drop: 524 });
  });

  it('a JSON template: no date, no UUID (a hash of the content), its events by sample index', () => {
    const file = fixture('json-template.alog');
    const profile = readAlogFile(file);
    expect(profile).toMatchObject({ greenG: 200, resultantG: 168, weightUnit: 'g', roastDate: null, artisanBatch: null, uuidFromContent: true });
    expect(profile.roastUuid).toMatch(/^[0-9a-f]{32}$/);
    expect(readAlogFile(Buffer.concat([file, bytes(' ')])).roastUuid).not.toBe(profile.roastUuid);
    expect(profile.curve?.events).toEqual({ charge: 0, dry_end: 20, fc_start: 40, fc_end: 50, sc_start: null, sc_end: null, drop: 50 });
    expect(profile.eventProblems).toEqual([]);
    expect(profile.curve?.points.at(-1)).toEqual({ t: 50, bt: null, et: 184 });
    expect(profile.curve?.points[0]).toEqual({ t: -20, bt: 150, et: 170 });
  });

  it('out-weight 0 is "not weighed" (null), in Kg; Fahrenheit kept', () => {
    const profile = readAlogFile(fixture('out-weight-zero.alog'));
    expect(profile).toMatchObject({ greenG: 1500, resultantG: null, weightUnit: 'Kg', roastDate: '2024-03-16', title: 'Etiopía Yirgacheffe' });
    expect(profile.curve?.unit).toBe('F');
  });

  it('the date from roastepoch when roastisodate is empty, in the roaster\'s time zone (seconds west of UTC); oz; a dashed UUID', () => {
    const profile = readAlogFile(fixture('epoch-date-oz.alog'));
    // 2024-03-17 02:00 UTC is 2024-03-16 20:00 at UTC−6.
    expect(profile).toMatchObject({ roastDate: '2024-03-16', greenG: 1000, resultantG: 850, roastUuid: 'a1b2c3d4e5f6478990abcdef01234567' });
  });
});

describe('units to the gram', () => {
  it('converts exactly and rounds half away from zero', () => {
    expect(toGrams(1718.9999999999998, 'g')).toBe(1719);
    expect(toGrams(0.5, 'g')).toBe(1);
    expect(toGrams(1.0005, 'Kg')).toBe(1001);
    expect(toGrams(1, 'lb')).toBe(454);
    expect(toGrams(1, 'oz')).toBe(28);
    expect(toGrams(16, 'oz')).toBe(454);
    expect(toGrams(6.288e-5, 'Kg')).toBe(0);
    expect(toGrams(1e15, 'g')).toBe(1e15);
    expect(refusal(() => toGrams(1e21, 'g'))).toBe(m.weightTooLarge);
    expect(refusal(() => toGrams(1e300, 'lb'))).toBe(m.weightTooLarge);
  });

  it('round-trips every gram amount through each unit', () => {
    const grams = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(fc.property(grams, (g) => toGrams(g, 'g') === g && toGrams(gramsToKg(g), 'Kg') === g));
    // A weight written in lb or oz with the decimals Artisan keeps comes back to its gram.
    fc.assert(fc.property(grams, (g) => toGrams(Number((g / 453.59237).toFixed(6)), 'lb') === g));
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (g) => toGrams(Number((g / 28.349523125).toFixed(6)), 'oz') === g));
  });
});
