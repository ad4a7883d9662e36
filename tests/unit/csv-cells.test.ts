import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvStream, csvText, neutraliseFormula, unguardFormula } from '#server/http/csv-export.js';

interface Row {
  code: string;
  margin_cents: number;
  percent: number;
  kg: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Lote', cell: (row) => row.code },
  { header: 'Margen ($)', cell: (row, f) => f.scaledNumber(row.margin_cents, 2) },
  { header: 'Porcentaje', cell: (row, f) => f.decimalNumber(row.percent) },
  { header: 'Detalle', cell: (row, f) => csvText`${row.code}: ${row.kg} Kg al ${row.percent} %`(f) },
];

async function written(rows: Row[], dialect: 'es' | 'standard'): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(COLUMNS, rows, dialect)) text += String(chunk);
  return text;
}

/** The cell mechanics every export shares (docs/decisions/0012-csv-dialects.md). */
describe('CSV cells', () => {
  it('writes numbers bare, negative ones too, guards every text cell (descriptive ones too) and gives their figures the dialect\'s decimal mark', async () => {
    const rows = [{ code: '-2+3', margin_cents: -1740, percent: -0.5, kg: 1.5 }];
    expect(await written(rows, 'es')).toBe('\uFEFF"Lote";"Margen ($)";"Porcentaje";"Detalle"\r\n"\'-2+3";-17,40;-0,5;"\'-2+3: 1,5 Kg al -0,5 %"\r\n');
    expect(await written(rows, 'standard')).toBe('"Lote","Margen ($)","Porcentaje","Detalle"\r\n"\'-2+3",-17.40,-0.5,"\'-2+3: 1.5 Kg al -0.5 %"\r\n');
  });

  it('guards a leading |, =, +, -, @ (and their full-width forms), tab and CR; the import undoes exactly that', () => {
    for (const cell of ['|cmd', '=1', '+1', '-1', '@A1', '\tx', '\rx', '＝1', '＋1', '－1', '＠A1']) {
      expect(neutraliseFormula(cell), cell).toBe(`'${cell}`);
      expect(unguardFormula(neutraliseFormula(cell)), cell).toBe(cell);
    }
    for (const cell of ['CO-1', 'a|b', "'texto", "'1", '']) {
      expect(neutraliseFormula(cell), cell).toBe(cell);
      expect(unguardFormula(cell), cell).toBe(cell);
    }
  });
});
