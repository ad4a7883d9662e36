import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_CHOICE, parseCopies, parseLabelChoice } from '#web/components/labels/label-choice.js';
import { labelTexts } from '#web/components/labels/label-texts.js';
import { LABELS_MAX } from '#shared/limits.js';
import { labelsUrl, lotsThatFit, lotsWithStock, maxCopiesFor } from '#web/components/labels/labels-url.js';

/** The route's query as the server reads it. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://cafe.test').searchParams);

describe('labelsUrl: the PDF address of GET /api/labels.pdf', () => {
  it('names each lot kind:id, in the order given, with the format and the copies', () => {
    const url = labelsUrl(
      [
        { kind: 'roasted', id: 7 },
        { kind: 'green', id: 12 },
        { kind: 'blend', id: 3 },
      ],
      { format: '100x150', copies: 2 },
    );
    expect(url).toBe('/api/labels.pdf?lots=roasted:7,green:12,blend:3&format=100x150&copies=2');
    expect(queryOf(url)).toEqual({ lots: 'roasted:7,green:12,blend:3', format: '100x150', copies: '2' });
  });

  it('keeps one of each lot (ticked twice, or listed twice): its copies say how many labels', () => {
    const url = labelsUrl(
      [
        { kind: 'green', id: 1 },
        { kind: 'roasted', id: 1 },
        { kind: 'green', id: 1 },
      ],
      { format: '62mm', copies: 1 },
    );
    expect(queryOf(url).lots).toBe('green:1,roasted:1');
  });

  it('fits 500 lots with the largest ids well inside the 16 KB a request line may take', () => {
    const lots = Array.from({ length: LABELS_MAX }, (_, index) => ({ kind: 'roasted' as const, id: 2_147_483_647 - index }));
    const url = labelsUrl(lots, { format: 'a4', copies: 1 });
    expect(queryOf(url).lots?.split(',')).toHaveLength(500);
    expect(url.length).toBeLessThan(10_000);
  });
});

describe('the 500-label limit: lots × copies', () => {
  it('gives each lot as many copies as fit, and the table as many lots as fit', () => {
    expect(maxCopiesFor(1)).toBe(500);
    expect(maxCopiesFor(3)).toBe(166);
    expect(maxCopiesFor(500)).toBe(1);
    expect(maxCopiesFor(501)).toBe(0);
    expect(lotsThatFit(1)).toBe(500);
    expect(lotsThatFit(3)).toBe(166);
  });

  it('says so in Spanish when a table has more lots than one PDF holds', () => {
    expect(labelTexts.tableTooMany(620, 500)).toBe(
      'La tabla tiene 620 lotes y un PDF lleva como máximo 500 etiquetas: se imprimen los 500 primeros, en el orden de la tabla.',
    );
  });
});

describe('the copies typed and the choice remembered', () => {
  it('accepts whole numbers from 1 to 500 only', () => {
    expect(parseCopies('1')).toBe(1);
    expect(parseCopies(' 24 ')).toBe(24);
    expect(parseCopies('500')).toBe(500);
    for (const wrong of ['', '0', '501', '2.5', '-1', '1e2', 'dos']) expect(parseCopies(wrong)).toBeNull();
  });

  it('reads back what was saved, and the default for anything it does not know', () => {
    expect(parseLabelChoice(JSON.stringify({ format: 'a4', copies: 3 }))).toEqual({ format: 'a4', copies: 3 });
    expect(parseLabelChoice(null)).toEqual(DEFAULT_LABEL_CHOICE);
    expect(parseLabelChoice('{no es json')).toEqual(DEFAULT_LABEL_CHOICE);
    expect(parseLabelChoice(JSON.stringify({ format: 'A5', copies: 3 }))).toEqual({ format: '62mm', copies: 3 });
    expect(parseLabelChoice(JSON.stringify({ format: '100x150', copies: 9000 }))).toEqual({ format: '100x150', copies: 1 });
    expect(parseLabelChoice(JSON.stringify({ format: '100x150', copies: '3' }))).toEqual({ format: '100x150', copies: 1 });
  });
});

describe("lotsWithStock: what 'Imprimir etiquetas de toda la tabla' prints", () => {
  it('skips the empty lots (0 Kg), keeping the table order of the others', () => {
    const rows = [
      { id: 4, batch_code: 'CO-R4', stock_kg: 2.5 },
      { id: 3, batch_code: 'CO-R3', stock_kg: 0 },
      { id: 2, batch_code: 'CO-R2', stock_kg: 0.001 },
    ];
    expect(lotsWithStock('roasted', rows)).toEqual([
      { kind: 'roasted', id: 4, batch_code: 'CO-R4' },
      { kind: 'roasted', id: 2, batch_code: 'CO-R2' },
    ]);
  });

  it('gives nothing when every lot is empty, and the dialog says so in Spanish', () => {
    expect(lotsWithStock('green', [{ id: 1, batch_code: 'VERDE-01', stock_kg: 0 }])).toEqual([]);
    expect(labelTexts.tableAllEmpty).toBe('Todos los lotes de la tabla están vacíos (0 Kg): no hay etiquetas que imprimir.');
    expect(labelTexts.tableCountWithStock(3, 1)).toBe('Lotes con stock de la tabla: 3 lotes (se omite 1 lote vacío).');
    expect(labelTexts.tableCountWithStock(1, 2)).toBe('Lotes con stock de la tabla: 1 lote (se omiten 2 lotes vacíos).');
  });
});
