import { BATCH_CODE_MAX } from './limits.js';

/**
 * What a printed lot label's QR code says and how the app reads a scan
 * (docs/decisions/0030-scanning-labels.md): the label's text is the address of
 * the lot's trace, `<PUBLIC_URL>/trazabilidad?lote=<code>`, so a phone's own
 * camera app opens it too; the app's scanner and a USB or Bluetooth scanner
 * that types into a search field read the same text back to the lot code.
 */

/** The trace screen's path: a label's address opens it. */
export const LABEL_PATH = '/trazabilidad';
/** The query parameter that carries the lot code on a label (and in the trace screen's address). */
export const LABEL_PARAM = 'lote';

/** The trace of a lot by its code, as an address inside the app (relative: never another site's). */
export const lotTracePath = (code: string): string => `${LABEL_PATH}?${LABEL_PARAM}=${encodeURIComponent(code)}`;

/**
 * A lot's public page (docs/decisions/0050-bag-labels-and-business-identity.md): where a bag's QR code
 * leads while Configuración's 'Página pública de trazabilidad' is on, signed out.
 */
export const publicLotPath = (code: string): string => `/c/${encodeURIComponent(code)}`;

/**
 * What a scan (camera or typing scanner) or a search field's text says:
 * - `label`: the address of a lot's trace, whatever its origin (a label printed
 *   under another PUBLIC_URL, or before a move, still names our lot);
 * - `code`: a bare lot code (older labels, a code typed by hand);
 * - `empty`: nothing but spaces;
 * - `foreign`: neither: another site's address, a text too long or with control
 *   characters to be a lot code (a Wi-Fi or contact QR).
 * Only the code is ever used: the app never follows a scanned address, it
 * opens its own page for that code (no open redirect).
 */
export type ScanReading = { kind: 'label'; code: string } | { kind: 'code'; code: string } | { kind: 'empty' } | { kind: 'foreign' };

/** A lot code as it may stand on its own: at most BATCH_CODE_MAX characters, none of them control or format characters. */
const plausibleCode = (text: string) => text.length > 0 && text.length <= BATCH_CODE_MAX && !/[\p{Cc}\p{Cf}]/u.test(text);

/** Text a scanner or a person may give for an address: a scheme and '//' ('https://…'), or a 'www.' host. */
const looksLikeAddress = (text: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(text) || /^www\./i.test(text);

export function readScannedText(text: string): ScanReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!looksLikeAddress(trimmed)) return plausibleCode(trimmed) ? { kind: 'code', code: trimmed } : { kind: 'foreign' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { kind: 'foreign' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'foreign' };
  if (url.pathname.replace(/\/+$/, '') !== LABEL_PATH) return { kind: 'foreign' };
  // URLSearchParams decodes %-escapes and '+' (a space): the code as it was written.
  const code = (url.searchParams.get(LABEL_PARAM) ?? '').trim();
  return plausibleCode(code) ? { kind: 'label', code } : { kind: 'foreign' };
}
