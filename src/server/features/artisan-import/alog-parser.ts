import { artisanMessages as m } from '#shared/artisan-messages.js';
import { defaultFormatter, type Formatter } from '#shared/format.js';
import {
  ALOG_MAX_BYTES,
  ALOG_MAX_DEPTH,
  ALOG_MAX_LIST_ITEMS,
  ALOG_MAX_NUMBER_CHARS,
  ALOG_MAX_STRING_CHARS,
  ALOG_MAX_VALUES,
} from '#shared/limits.js';

/**
 * A bounded reader of Artisan's .alog files (docs/decisions/0026-artisan-alog-import.md).
 * Artisan writes a profile as `repr(dict)` and reads it back with Python's
 * `ast.literal_eval`; its shipped templates are JSON. This reads both with one
 * grammar, the subset of Python literals `repr` produces plus JSON's spellings:
 *
 *   value  = dict | list | tuple | set | string | number | True | False | None | true | false | null
 *   dict   = '{' [ value ':' value { ',' value ':' value } [','] ] '}'
 *   list   = '[' [ value { ',' value } [','] ] ']'      tuple: the same in ( ), `(x)` is x
 *   string = [u|b][r] ( '…' | "…" | '''…''' | """…""" )  with Python's backslash escapes
 *   number = ['+'|'-'] digits ['.' digits] [ e ['+'|'-'] digits ] [L]
 *
 * Never eval, Function or a Python process: a file is data. Every way a file
 * could make the server work hard is bounded, each with its Spanish message
 * (src/shared/limits.ts): the bytes, the nesting depth (checked before each
 * level, so 100,000 '[' stop at the 33rd), a number's length, a list's items,
 * a text's characters, and the values of the whole file: every container,
 * key and scalar the reader creates counts against one budget, so the work
 * and memory of a file are bounded as a whole, not only per list (5 MB of
 * `[],` would otherwise be 1.7 million containers;
 * docs/decisions/0040-untrusted-files-in-a-worker.md). Empty containers are
 * one shared frozen value each and small lists are cut to their length, so a
 * file within the budget stays within tens of MiB whatever its shape.
 * A number must be finite: `1e400`, `NaN`, `inf` are refused rather than
 * read as Infinity.
 */

export type AlogValue = null | boolean | number | string | AlogValue[] | AlogDict;
/** A Map, not an object: a key such as `__proto__` stays plain data. Read-only: every empty dict is one shared value. */
export type AlogDict = ReadonlyMap<string, AlogValue>;

/** The one empty dict and empty list every `{}`, `[]` and `()` of a file reads as: each costs the file a value, not an allocation. */
const EMPTY_DICT: AlogDict = new Map();
const EMPTY_LIST = Object.freeze([]) as unknown as AlogValue[];

/**
 * A limit the file went past, as data: its figures ('máximo 500.000 elementos') are written in
 * the shop's regional format, which the worker that reads the file does not know. The server
 * words it with the settings' formatter (wordAlogRefusal, parse-in-worker.ts;
 * docs/decisions/0042-one-regional-formatter.md).
 */
export type AlogLimit = { limit: 'fileTooLarge' | 'tooManyValues' } | { limit: 'listTooLong' | 'textTooLong'; line: number };

/** Why a file is refused: the Spanish text the person sees, or a limit still to be worded. */
export type AlogRefusal = string | AlogLimit;

/** The refusal's Spanish text, its figures written by `f`. */
export function wordAlogRefusal(refusal: AlogRefusal, f: Formatter): string {
  if (typeof refusal === 'string') return refusal;
  switch (refusal.limit) {
    case 'fileTooLarge':
      return m.fileTooLarge(f);
    case 'tooManyValues':
      return m.tooManyValues(f);
    case 'listTooLong':
      return m.listTooLong(refusal.line, f);
    case 'textTooLong':
      return m.textTooLong(refusal.line, f);
  }
}

/**
 * A file that cannot be read as a profile. `refusal` is what crosses back from the worker; the
 * message (a limit worded at the defaults) is for logs and stack traces only.
 */
export class AlogFormatError extends Error {
  constructor(readonly refusal: AlogRefusal) {
    super(wordAlogRefusal(refusal, defaultFormatter));
    this.name = 'AlogFormatError';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's bytes as text: not empty, within the size limit, UTF-8 (Artisan writes UTF-8), without a BOM. */
export function decodeAlogBytes(bytes: Uint8Array): string {
  if (bytes.length > ALOG_MAX_BYTES) throw new AlogFormatError({ limit: 'fileTooLarge' });
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AlogFormatError(m.fileNotUtf8);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new AlogFormatError(m.fileEmpty);
  return text;
}

/** Reads the file's text; the top value must be a dict. */
export function parseAlog(text: string): AlogDict {
  const reader = new Reader(text);
  reader.skipSpace();
  // A list, a bare word or any other shape is not a profile: say so rather than where it broke.
  if (text[reader.pos] !== '{') throw new AlogFormatError(m.notADict);
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.pos < text.length) reader.fail();
  return value as AlogDict;
}

const NUMBER = /[+-]?[ \t]*(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[lL]?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const STRING_PREFIX = /^(?:[uUbB]?[rR]?|[rR][bB])$/;
const WORDS: ReadonlyMap<string, AlogValue> = new Map<string, AlogValue>([
  ['True', true], ['False', false], ['None', null], ['true', true], ['false', false], ['null', null],
]);
/** Spellings of non-finite numbers (Python's repr of float('inf') / float('nan'), JavaScript's): refused, not read. */
const NOT_FINITE = new Set(['inf', 'nan', 'Infinity', 'NaN', 'infinity', 'INF', 'NAN']);

class Reader {
  pos = 0;
  /** Values still allowed in this file (ALOG_MAX_VALUES): each container, dict key and scalar takes one. */
  private budget = ALOG_MAX_VALUES;
  constructor(private readonly text: string) {}

  /** The 1-based line of the current position, for messages. */
  line(at = this.pos): number {
    let line = 1;
    for (let i = this.text.indexOf('\n'); i !== -1 && i < at; i = this.text.indexOf('\n', i + 1)) line++;
    return line;
  }

  fail(at = this.pos): never {
    throw new AlogFormatError(m.syntax(this.line(at)));
  }

  /** Spaces, line breaks and Python comments (`ast.literal_eval` accepts them). */
  skipSpace(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c) this.pos++;
      else if (c === 0x23) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end === -1 ? text.length : end;
      } else return;
    }
  }

  value(depth: number): AlogValue {
    // Counted before the value is read, so a refused file stops at the budget, never past it.
    if (--this.budget < 0) throw new AlogFormatError({ limit: 'tooManyValues' });
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{' || c === '[' || c === '(') {
      if (depth >= ALOG_MAX_DEPTH) throw new AlogFormatError(m.tooDeep);
      if (c === '{') return this.dictOrSet(depth + 1);
      return this.sequence(c === '[' ? ']' : ')', depth + 1);
    }
    if (c === '"' || c === "'") return this.string('');
    if (c === undefined) this.fail();
    WORD.lastIndex = this.pos;
    const word = WORD.exec(this.text)?.[0];
    if (word !== undefined) {
      this.pos += word.length;
      const next = this.text[this.pos];
      if ((next === '"' || next === "'") && STRING_PREFIX.test(word)) return this.string(word);
      if (NOT_FINITE.has(word)) throw new AlogFormatError(m.numberOutOfRange(this.line()));
      const known = WORDS.get(word);
      if (known === undefined) this.fail(this.pos - word.length);
      return known;
    }
    return this.number();
  }

  number(): number {
    const start = this.pos;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(this.text);
    if (!match) {
      // '-inf', '-NaN', '-Infinity': a sign before a non-finite spelling.
      WORD.lastIndex = start + 1;
      const word = /[+-]/.test(this.text[start] ?? '') ? WORD.exec(this.text)?.[0] : undefined;
      if (word !== undefined && NOT_FINITE.has(word)) throw new AlogFormatError(m.numberOutOfRange(this.line()));
      this.fail();
    }
    const literal = match[0];
    if (literal.length > ALOG_MAX_NUMBER_CHARS) throw new AlogFormatError(m.numberTooLong(this.line()));
    this.pos += literal.length;
    const value = Number(literal.replace(/[ \t]/g, '').replace(/[lL]$/, ''));
    if (!Number.isFinite(value)) throw new AlogFormatError(m.numberOutOfRange(this.line(start)));
    return value;
  }

  /** After a value in a container: true when the container ends, false after a comma. */
  private endOrComma(close: string): boolean {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === close) {
      this.pos++;
      return true;
    }
    if (c !== ',') this.fail();
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === close) {
      this.pos++;
      return true;
    }
    return false;
  }

  private countItem(items: number, start: number): void {
    if (items > ALOG_MAX_LIST_ITEMS) throw new AlogFormatError({ limit: 'listTooLong', line: this.line(start) });
  }

  /** A list or a tuple (both become arrays); `(x)` without a comma is x itself, as in Python. */
  sequence(close: ']' | ')', depth: number): AlogValue {
    const start = this.pos;
    this.pos++;
    const items: AlogValue[] = [];
    this.skipSpace();
    if (this.text[this.pos] === close) {
      this.pos++;
      return EMPTY_LIST;
    }
    for (;;) {
      items.push(this.value(depth));
      this.countItem(items.length, start);
      this.skipSpace();
      if (close === ')' && items.length === 1 && this.text[this.pos] === ')') {
        this.pos++;
        return items[0] as AlogValue;
      }
      if (this.endOrComma(close)) return fitted(items);
    }
  }

  /** `{}` and `{k: v, …}` are dicts; `{a, b}` is a set (literal_eval reads sets too), read as a list. */
  dictOrSet(depth: number): AlogValue {
    const start = this.pos;
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return EMPTY_DICT;
    }
    const dict = new Map<string, AlogValue>();
    const first = this.value(depth);
    this.skipSpace();
    if (this.text[this.pos] !== ':') {
      const items: AlogValue[] = [first];
      if (this.endOrComma('}')) return fitted(items);
      for (;;) {
        items.push(this.value(depth));
        this.countItem(items.length, start);
        if (this.endOrComma('}')) return fitted(items);
      }
    }
    let key = first;
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail();
      this.pos++;
      // A later duplicate key wins, as in Python.
      dict.set(keyText(key), this.value(depth));
      this.countItem(dict.size, start);
      if (this.endOrComma('}')) return dict;
      key = this.value(depth);
    }
  }

  /** A quoted string after its prefix (u, b, r…), its escapes decoded unless raw. */
  string(prefix: string): string {
    const text = this.text;
    const quote = text[this.pos] as string;
    const triple = text.startsWith(quote.repeat(3), this.pos);
    const open = triple ? 3 : 1;
    const start = this.pos;
    let i = this.pos + open;
    let escapes = false;
    for (;;) {
      const c = text[i];
      if (c === undefined) this.fail(start);
      if (c === '\\') {
        escapes = true;
        i += 2;
        continue;
      }
      if (c === quote && (!triple || text.startsWith(quote.repeat(3), i))) break;
      // A single-quoted Python string cannot span lines.
      if (!triple && (c === '\n' || c === '\r')) this.fail(i);
      i++;
    }
    const body = text.slice(this.pos + open, i);
    if (body.length > ALOG_MAX_STRING_CHARS) throw new AlogFormatError({ limit: 'textTooLong', line: this.line(start) });
    this.pos = i + open;
    return escapes && !/[rR]/.test(prefix) ? decodeEscapes(body) : body;
  }
}

/**
 * A short list at its own length: an array grown by push keeps room for 17
 * items, 150 bytes for `[0]`, which a file of such lists would multiply.
 */
const fitted = (items: AlogValue[]): AlogValue[] => (items.length < 16 ? items.slice() : items);

/** A dict key as text: Artisan writes string keys; a number or other literal key becomes its text. */
function keyText(key: AlogValue): string {
  if (typeof key === 'string') return key;
  if (key instanceof Map || Array.isArray(key)) return JSON.stringify(key instanceof Map ? [...key] : key);
  return String(key);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '/': '/',
};

/**
 * Python's backslash escapes, as in a string literal and in
 * `codecs.unicode_escape_decode`, which Artisan's `decodeLocal` applies to
 * its text fields (their second encoding): `\\`, `\'`, `\"`, `\a \b \f \n \r
 * \t \v`, octal `\ooo`, `\xhh`, `\uhhhh`, `\Uhhhhhhhh`, and a backslash before
 * a line break joins the lines. JSON's `\/` is a slash (Python's repr never
 * writes it). What Python would refuse (`\x4` with one digit, a code point past
 * U+10FFFF, `\N{…}`) is kept as written rather than failing the whole file;
 * a UTF-16 surrogate pair written as two `\u` escapes (JSON's way) becomes its
 * one character.
 */
export function decodeEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  let i = 0;
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', i)) {
    out += text.slice(i, at);
    const c = text[at + 1];
    i = at + 2;
    if (c === undefined) {
      out += '\\';
      continue;
    }
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) {
      out += simple;
    } else if (c === '\n') {
      // line continuation: nothing
    } else if (c === '\r') {
      if (text[i] === '\n') i++;
    } else if (c >= '0' && c <= '7') {
      const digits = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4))?.[0] ?? c;
      out += String.fromCharCode(Number.parseInt(digits, 8));
      i = at + 1 + digits.length;
    } else if (c === 'x' || c === 'u' || c === 'U') {
      const length = c === 'x' ? 2 : c === 'u' ? 4 : 8;
      const hex = text.slice(i, i + length);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === length ? Number.parseInt(hex, 16) : Number.NaN;
      if (Number.isNaN(code) || code > 0x10ffff) {
        out += `\\${c}`;
        continue;
      }
      out += String.fromCodePoint(code);
      i += length;
    } else {
      // Python keeps an unknown escape as written (`\q` stays backslash q).
      out += `\\${c}`;
    }
  }
  return out + text.slice(i);
}
