import { textMessages } from './messages.js';

/**
 * What a text field may hold (docs/product-guide.md#data-rules): text that
 * shows what it means. The request text check (src/server/http/text-input.ts,
 * docs/decisions/0004 and 0021) applies these rules to every string a route
 * receives, by the name of the field it arrives in; the green-lot CSV import
 * applies them to each cell.
 *
 * - `line` (every field but those below): no control character (Cc: TAB, CR,
 *   LF, BEL, ESC…), no line or paragraph separator, nothing invisible, and no
 *   combining mark before the first character (a name, a code, a farm).
 * - `lines` (notes and descriptions: a stock count's `note`, an origin's
 *   `description`, the `notes` of a roast, a customer or an order, each typed in a textarea; the
 *   business's address, printed on its lines): the same, but line breaks are allowed:
 *   LF, with CRLF read as LF.
 * - `secret` (passwords): never shown, so only the checks every string gets
 *   (no NUL, no lone surrogate); refusing more would lock out an account whose
 *   password has such a character.
 */
export type TextKind = 'line' | 'lines' | 'secret';

/** Fields whose text may run over several lines. */
const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['description', 'note', 'notes', 'business_address']);
const SECRET_FIELDS: ReadonlySet<string> = new Set(['password']);

export const textKindOf = (field: string): TextKind =>
  MULTI_LINE_FIELDS.has(field) ? 'lines' : SECRET_FIELDS.has(field) ? 'secret' : 'line';

/** Control characters, and the line and paragraph separators (U+2028, U+2029) that break a line as LF does. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_BUT_LF = /(?!\n)[\p{Cc}\u2028\u2029]/u;
/**
 * What shows nothing or reorders what is shown: format characters (Cf: zero
 * width space and joiners, the bidirectional marks, embeddings, overrides and
 * isolates, the BOM, the soft hyphen…) and the rest of the default-ignorable
 * code points (the Hangul fillers, the combining grapheme joiner…), except the
 * variation selectors, which choose how an emoji or a CJK character is drawn.
 */
const INVISIBLE = /(?![\uFE00-\uFE0F\u180B-\u180D\u180F\u{E0100}-\u{E01EF}])[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * A combining mark (an accent, a Devanagari vowel sign…) with no character
 * before it but white space: it is drawn on nothing, or on the quote or
 * border beside it, so the text does not show what it holds, and NFC leaves it
 * as it is (docs/decisions/0021). 'e' + U+0301 is 'é'; U+0301 first is refused.
 */
const LEADING_MARK = /^\s*\p{M}/u;

export type TextProblem = 'control' | 'invisible' | 'leadingMark';

/** What is wrong with a text of this kind (CRLF already read as LF), or undefined. */
export function textProblem(text: string, kind: TextKind): TextProblem | undefined {
  if (kind === 'secret') return undefined;
  if ((kind === 'lines' ? CONTROL_BUT_LF : CONTROL).test(text)) return 'control';
  if (INVISIBLE.test(text)) return 'invisible';
  if (kind === 'line' && LEADING_MARK.test(text)) return 'leadingMark';
  return undefined;
}

/** A multi-line field's line breaks as LF: a browser's textarea sends CRLF. */
export const normalizeLineBreaks = (text: string): string => text.replace(/\r\n/g, '\n');

/** The field names as the forms label them, for the messages (an unknown one is never echoed: text-input.ts). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  username: 'Usuario',
  full_name: 'Nombre completo',
  role: 'Rol',
  name: 'Nombre',
  suppliers_fincas: 'Proveedores/Fincas',
  supplier_finca: 'Proveedor/Finca',
  description: 'Descripción',
  note: 'Nota',
  notes: 'Notas',
  reason: 'Motivo',
  batch_code: 'Lote',
  batch_code_sold: 'Lote vendido',
  code: 'Código de lote',
  roast_type: 'Tipo de tueste',
  product_type: 'Tipo de producto',
  include_type: 'Tipo de producto',
  kind: 'Tipo de lote',
  q: 'Búsqueda',
  entry_date: 'Fecha de entrada',
  roast_date: 'Fecha de tostado',
  creation_date: 'Fecha de creación',
  sale_date: 'Fecha de venta',
  from: 'Desde',
  to: 'Hasta',
  business_name: 'Nombre comercial',
  business_address: 'Dirección del negocio',
  sanitary_registration: 'Registro sanitario',
  storage_text: 'Conservación',
};

export const fieldLabel = (field: string): string | undefined => (Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined);

/** The Spanish 400 for a problem in the field labelled `label`. */
export function textProblemMessage(problem: TextProblem, label: string, kind: TextKind): string {
  if (problem === 'invisible') return textMessages.invisibleCharacters(label);
  if (problem === 'leadingMark') return textMessages.leadingMark(label);
  return kind === 'lines' ? textMessages.controlCharactersMultiline(label) : textMessages.controlCharacters(label);
}
