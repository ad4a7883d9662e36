import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_CODE_MAX } from '#shared/limits.js';
import { lotTracePath, readScannedText } from '#shared/lot-label.js';

// docs/decisions/0030-scanning-labels.md: what a scan or a scanner's typing says.
describe('reading a scanned label', () => {
  it("reads the lot code from a label's address, whatever its origin", () => {
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=CO-150324-1234')).toEqual({ kind: 'label', code: 'CO-150324-1234' });
    expect(readScannedText('http://127.0.0.1:3000/trazabilidad?lote=BL-MZ-010124-1000')).toEqual({ kind: 'label', code: 'BL-MZ-010124-1000' });
    // A trailing slash, other parameters, a fragment and the spaces a scanner may add are no matter.
    expect(readScannedText('  HTTPS://Cafe.Example.com/trazabilidad/?x=1&lote=V-01#arriba\r\n')).toEqual({ kind: 'label', code: 'V-01' });
  });

  it('decodes the code as the label encoded it', () => {
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=VERDE%2001%2FA')).toEqual({ kind: 'label', code: 'VERDE 01/A' });
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=CAF%C3%89-%C3%91')).toEqual({ kind: 'label', code: 'CAFÉ-Ñ' });
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=A%26B%3D1')).toEqual({ kind: 'label', code: 'A&B=1' });
  });

  it('reads back every code lotTracePath writes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: BATCH_CODE_MAX, unit: 'grapheme' }).filter((code) => code.trim() === code && code !== '' && code.length <= BATCH_CODE_MAX && !/[\p{Cc}\p{Cf}]/u.test(code)),
        (code) => {
          expect(readScannedText(`https://cafe.example.com${lotTracePath(code)}`)).toEqual({ kind: 'label', code });
        },
      ),
    );
  });

  it('takes a bare code as it is, trimmed', () => {
    expect(readScannedText('CO-150324-1234')).toEqual({ kind: 'code', code: 'CO-150324-1234' });
    expect(readScannedText('  co-r1\n')).toEqual({ kind: 'code', code: 'co-r1' });
    expect(readScannedText('Lote 7 / Finca')).toEqual({ kind: 'code', code: 'Lote 7 / Finca' });
    expect(readScannedText('X'.repeat(BATCH_CODE_MAX))).toEqual({ kind: 'code', code: 'X'.repeat(BATCH_CODE_MAX) });
  });

  it('says when there is nothing', () => {
    expect(readScannedText('')).toEqual({ kind: 'empty' });
    expect(readScannedText(' \t\n')).toEqual({ kind: 'empty' });
  });

  it('refuses what is not one of our labels nor a lot code', () => {
    const foreign = { kind: 'foreign' };
    // Another page of a site, or the trace page without a lot.
    expect(readScannedText('https://cafe.example.com/ventas?lote=CO-1')).toEqual(foreign);
    expect(readScannedText('https://cafe.example.com/trazabilidad/otra?lote=CO-1')).toEqual(foreign);
    expect(readScannedText('https://cafe.example.com/trazabilidad')).toEqual(foreign);
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=%20%20')).toEqual(foreign);
    expect(readScannedText('https://cafe.example.com/trazabilidad?codigo=CO-1')).toEqual(foreign);
    // A code too long for a lot, or with control characters, even on the right page.
    expect(readScannedText(`https://cafe.example.com/trazabilidad?lote=${'X'.repeat(BATCH_CODE_MAX + 1)}`)).toEqual(foreign);
    expect(readScannedText('https://cafe.example.com/trazabilidad?lote=CO%00-1')).toEqual(foreign);
    // Other schemes and broken addresses.
    expect(readScannedText('javascript://cafe.example.com/trazabilidad?lote=CO-1')).toEqual(foreign);
    expect(readScannedText('ftp://cafe.example.com/trazabilidad?lote=CO-1')).toEqual(foreign);
    expect(readScannedText('https://exa mple.com/trazabilidad?lote=CO-1')).toEqual(foreign);
    expect(readScannedText('www.example.com/trazabilidad?lote=CO-1')).toEqual(foreign);
    // Other QR codes: a Wi-Fi network, a contact card, a long text.
    expect(readScannedText('WIFI:S:Tostaduria;T:WPA;P:cafe-de-especialidad;;')).toEqual(foreign);
    expect(readScannedText('BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD')).toEqual(foreign);
    expect(readScannedText('X'.repeat(BATCH_CODE_MAX + 1))).toEqual(foreign);
    expect(readScannedText('CO-1\u0007')).toEqual(foreign);
    expect(readScannedText('CO\u200b-1')).toEqual(foreign);
  });

  it('writes the address inside the app, never another site', () => {
    expect(lotTracePath('CO-150324-1234')).toBe('/trazabilidad?lote=CO-150324-1234');
    expect(lotTracePath('VERDE 01/A&B')).toBe('/trazabilidad?lote=VERDE%2001%2FA%26B');
    expect(lotTracePath('//evil.example')).toBe('/trazabilidad?lote=%2F%2Fevil.example');
  });
});
