
/**
 * Fuzzing every write route (docs/reliability.md): ways to spoil a valid body. Each
 * mutation gives the raw request (JSON text or not, its content type) and
 * whether the API must refuse it; a mutation that might still be valid (an
 * extra key the schema strips, 0 where 0 is allowed) may answer 2xx.
 */
export interface FuzzRequest {
  label: string;
  /** Raw body text (undefined: no body). */
  payload?: string | Buffer;
  contentType?: string;
  /** The API must refuse it (4xx); otherwise a 2xx is fine too. */
  mustRefuse: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const json = (label: string, body: unknown, mustRefuse: boolean): FuzzRequest => ({
  label,
  payload: JSON.stringify(body),
  contentType: 'application/json',
  mustRefuse,
});

/** Values of the wrong type for any field (none of them is a valid value of another type's field). */
const WRONG_TYPES: [string, Json][] = [
  ['objeto', { a: 1 }],
  ['lista', [1, 'x']],
  ['texto "NaN"', 'NaN'],
  ['texto "Infinity"', 'Infinity'],
  ['texto "1e308"', '1e308'],
  ['booleano', true],
];
/** Extremes that may still be valid for some field (0, -0): a 2xx is allowed, a 5xx never. */
const EXTREMES: [string, number][] = [
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['-0', -0],
  ['0', 0],
  ['2^53+2', 2 ** 53 + 2],
  ['5e-324', 5e-324],
  ['0.1+0.2', 0.1 + 0.2],
  ['-1', -1],
  ['2^31', 2 ** 31],
];
const HUGE_TEXT = 'ñ'.repeat(100_000);

/** The mutations of one top-level field of a JSON object body. */
function fieldMutations(base: Record<string, unknown>, field: string): FuzzRequest[] {
  const value = base[field];
  const out: FuzzRequest[] = [];
  const withValue = (label: string, replacement: unknown, mustRefuse: boolean) =>
    out.push(json(`${field}: ${label}`, { ...base, [field]: replacement }, mustRefuse));
  // A wrong type is refused unless the field takes any JSON (z.unknown in an early stage takes it, a later stage refuses).
  // (A field that is null in the base, an optional one, may take text: no promise there.)
  for (const [label, replacement] of WRONG_TYPES) {
    withValue(label, replacement, value !== null && (typeof replacement !== typeof value || typeof value === 'object'));
  }
  for (const [label, replacement] of EXTREMES) withValue(label, replacement, typeof value !== 'number');
  withValue('texto de 100.000 caracteres', HUGE_TEXT, true);
  withValue('ausente', undefined, false);
  withValue('null', null, false);
  if (typeof value === 'string') {
    withValue('con NUL', `${value}\u0000x`, true);
    withValue('surrogate suelto', `${value}\ud800`, true);
    withValue('surrogate bajo suelto', `\udfff${value}`, true);
    withValue('solo espacios', '   ', false);
  }
  if (Array.isArray(value)) {
    withValue('lista de 100.000', Array.from({ length: 100_000 }, () => value[0] ?? 1), false);
    withValue('lista de listas', [value, [value]], true);
  }
  // Duplicate key, the last one (what JSON.parse keeps) of the wrong type.
  const text = JSON.stringify({ ...base, [field]: value });
  out.push({
    label: `${field}: clave duplicada`,
    payload: `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(field)}:{"x":[1]}}`,
    contentType: 'application/json',
    mustRefuse: true,
  });
  return out;
}

/** Mutations of the whole request: broken JSON, content types, sizes, nesting, prototype keys. */
function wholeBodyMutations(base: unknown): FuzzRequest[] {
  const text = JSON.stringify(base);
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const raw = (label: string, payload: string | Buffer | undefined, contentType: string | undefined, mustRefuse = true): FuzzRequest => ({
    label,
    ...(payload === undefined ? {} : { payload }),
    ...(contentType === undefined ? {} : { contentType }),
    mustRefuse,
  });
  const fiveMb = `{"x":"${'a'.repeat(5 * 1024 * 1024)}"}`;
  return [
    raw('JSON cortado', text.slice(0, Math.max(1, text.length - 3)), 'application/json'),
    raw('JSON vacío', '', 'application/json'),
    raw('solo "{"', '{', 'application/json'),
    raw('comillas simples', text.replace(/"/g, "'"), 'application/json'),
    raw('NaN literal', '{"a": NaN}', 'application/json'),
    raw('comentario', `/* x */${text}`, 'application/json'),
    raw('coma final', `${text.slice(0, -1)},}`, 'application/json'),
    raw('null', 'null', 'application/json'),
    raw('número', '1', 'application/json'),
    raw('texto', '"hola"', 'application/json'),
    raw('lista', `[${text}]`, 'application/json'),
    raw('anidado 10.000 niveles', deep(10_000), 'application/json'),
    raw('anidado 100.000 niveles', deep(100_000), 'application/json'),
    raw('objeto anidado 5.000 niveles', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'),
    raw('__proto__', `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"__proto__":{"admin":true}}`, 'application/json'),
    raw('constructor.prototype', `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"constructor":{"prototype":{"admin":true}}}`, 'application/json'),
    raw('clave extra', `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"campo_extra":1}`, 'application/json', false),
    raw('BOM inicial', `\ufeff${text}`, 'application/json', false),
    raw('UTF-16', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16'),
    raw('bytes no UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'),
    raw('text/plain', text, 'text/plain'),
    raw('formulario', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'),
    raw('sin content-type', text, undefined),
    raw('content-type raro', text, 'application/json-patch+json'),
    raw('5 MB', fiveMb, 'application/json'),
  ];
}

/** Every deterministic mutation of a body: each field's, then the whole body's. */
export function mutationsOf(base: unknown): FuzzRequest[] {
  const fields = base !== null && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  return [...fields.flatMap((field) => fieldMutations(base as Record<string, unknown>, field)), ...wholeBodyMutations(base)];
}

/**
 * Mutations of a route whose body is a file as it is (`application/octet-stream`, `text/csv`):
 * the JSON mutations above never reach its parser (they are 415s). `file` is a valid one.
 */
export function rawFileMutations(file: Buffer, contentType: string): FuzzRequest[] {
  const raw = (label: string, payload: string | Buffer | undefined, mustRefuse = true, type = contentType): FuzzRequest => ({
    label,
    ...(payload === undefined ? {} : { payload }),
    contentType: type,
    mustRefuse,
  });
  // Fixed bytes, not Math.random: a failure names the same request every run.
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
  return [
    raw('archivo válido', file, false),
    raw('sin cuerpo', undefined),
    raw('archivo vacío', Buffer.alloc(0)),
    raw('bytes al azar', noise),
    raw('bytes no UTF-8', Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x7d])),
    raw('mitad del archivo', file.subarray(0, Math.floor(file.length / 2))),
    raw('NUL en medio', Buffer.concat([file.subarray(0, 40), Buffer.from([0]), file.subarray(40)]), false),
    raw('UTF-16', Buffer.from(file.toString('utf8'), 'utf16le')),
    raw('lista JSON', '[1, 2, 3]'),
    raw('anidado 100.000 niveles', '['.repeat(100_000)),
    raw('diccionario anidado 50.000 niveles', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
    raw('5 MB + 1', Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)),
    raw('como JSON', file, true, 'application/json'),
  ];
}
