import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { localIsoDate } from '#shared/local-date.js';
import { textMessages } from '#shared/messages.js';
import { csvMessages } from '#shared/csv-messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import type { ImportResult } from '#shared/schemas/green-import.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const HEADER = 'Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada';
const COLOMBIA = { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'] };
const ETIOPIA = { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] };

describe.each(testDialects())('importar CSV de café verde (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;

  const upload = (body: string | Buffer, dryRun: boolean, contentType = 'text/csv') =>
    t.call(cookie, { method: 'POST', url: `/api/green-coffee/import?dry_run=${dryRun}`, headers: { 'content-type': contentType }, payload: body });
  const lots = () => t.db.selectFrom('green_coffee').select(['batch_code', 'supplier_finca', 'quantity_g', 'stock_g', 'unit_price_cents', 'entry_date']).orderBy('batch_code').execute();
  const createOrigin = (payload: object) => t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
  });
  beforeEach(async () => {
    await resetDatabase(t.db);
    await createOrigin(COLOMBIA);
    await createOrigin(ETIOPIA);
  });
  afterAll(() => t.close());

  it('vista previa sin escribir nada, y después la importación con sus movimientos del libro', async () => {
    const csv = `\uFEFF${HEADER}\r\nCO-1;Colombia;Finca La Esperanza;10,125;5,50;10/01/2024\r\nET-1;etiopia;Yirgacheffe Coop;2.5;7;2024-02-29\r\n`;
    const preview = await upload(csv, true);
    expect(preview.statusCode).toBe(200);
    const result = preview.json() as ImportResult;
    expect(result).toMatchObject({ dry_run: true, total: 2, with_problems: 0, imported: 0 });
    expect(result.rows.map((row) => row.problems)).toEqual([[], []]);
    expect(await lots()).toEqual([]);

    const saved = await upload(csv, false);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as ImportResult).imported).toBe(2);
    expect(await lots()).toEqual([
      { batch_code: 'CO-1', supplier_finca: 'Finca La Esperanza', quantity_g: 10_125, stock_g: 10_125, unit_price_cents: 550, entry_date: '2024-01-10' },
      { batch_code: 'ET-1', supplier_finca: 'Yirgacheffe Coop', quantity_g: 2_500, stock_g: 2_500, unit_price_cents: 700, entry_date: '2024-02-29' },
    ]);
    const receipts = await t.db.selectFrom('stock_movements').select(['reason', 'delta_g']).where('lot_kind', '=', 'green').orderBy('delta_g').execute();
    expect(receipts).toEqual([{ reason: 'receipt', delta_g: 2_500 }, { reason: 'receipt', delta_g: 10_125 }]);
    expect(await findLedgerMismatches(t.db, ['green'])).toEqual([]);
  });

  it('cada fila con sus problemas, con los mensajes del formulario', async () => {
    await upload(`${HEADER}\nYA;Colombia;Finca La Esperanza;1;1;2024-01-01\n`, false);
    const csv = [
      HEADER,
      ';Colombia;Finca La Esperanza;1;1;2024-01-01',
      'A;Narnia;X;1;1;2024-01-01',
      'B;Colombia;Yirgacheffe Coop;1;1;2024-01-01',
      'C;Colombia;Finca La Esperanza;1.000,5;1;2024-01-01',
      'D;Colombia;Finca La Esperanza;1;1;31/02/2024',
      'ya;Colombia;Finca La Esperanza;1;1;2024-01-01',
      'E;Colombia;Finca La Esperanza;1;1;2024-01-01',
      'e ;Colombia;Finca El Paraíso;1;1;2024-01-01',
      'F;Colombia;Finca La Esperanza;0;1;2024-01-01',
      'G;Colombia;Finca La Esperanza;1;1',
    ].join('\n');
    const response = await upload(csv, true);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ImportResult;
    expect(result.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, ['Por favor, completa todos los campos.']],
      [3, [csvMessages.unknownOrigin('Narnia')]],
      [4, ['El proveedor/finca seleccionado no pertenece al origen elegido.']],
      [5, [csvMessages.badNumber('Recibido (Kg)')]],
      [6, [csvMessages.badDate]],
      [7, ['Ya existe un lote con este código para el origen seleccionado. Por favor, usa un lote diferente o edita el existente.']],
      [8, []],
      [9, [csvMessages.duplicateInFile(8)]],
      [10, [greenCoffeeMessages.quantityPositive]],
      [11, [csvMessages.rowColumnCount(5, 6)]],
    ]);
    expect(result.with_problems).toBe(9);
    const refused = await upload(csv, false);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(csvMessages.notSaved);
    expect((await lots()).map((lot) => lot.batch_code)).toEqual(['YA']);
  });

  it('fechas de entrada entre el 01/01/2000 y hoy, con los mensajes del formulario; nada se importa si una falla', async () => {
    const [year, month, day] = localIsoDate().split('-');
    const tomorrow = localIsoDate(new Date(Number(year), Number(month) - 1, Number(day) + 1));
    const csv = [
      HEADER,
      `HOY;Colombia;Finca La Esperanza;1;1;${day}/${month}/${year}`,
      'INICIO;Colombia;Finca La Esperanza;1;1;01/01/2000',
      'ANTES;Colombia;Finca La Esperanza;1;1;31/12/1999',
      'SIGLO;Colombia;Finca La Esperanza;1;1;1900-01-15',
      `MANANA;Colombia;Finca La Esperanza;1;1;${tomorrow}`,
    ].join('\n');
    const preview = (await upload(csv, true)).json() as ImportResult;
    expect(preview.rows.map((row) => [row.batch_code, row.problems])).toEqual([
      ['HOY', []],
      ['INICIO', []],
      ['ANTES', [greenCoffeeMessages.dateTooOld]],
      ['SIGLO', ['La fecha de entrada no puede ser anterior al 01/01/2000.']],
      ['MANANA', [greenCoffeeMessages.futureDate]],
    ]);
    const saved = await upload(csv, false);
    expect({ status: saved.statusCode, error: errorOf(saved) }).toEqual({ status: 400, error: { code: 'validation', message: csvMessages.notSaved } });
    expect(await lots()).toEqual([]);
  });

  it('todo o nada: con la fila 9.999 de 10.000 mal, no se guarda ninguna', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `L-${i + 1};Colombia;Finca La Esperanza;1,5;2;2024-01-01`);
    rows[9_998] = 'L-9999;Colombia;Finca Inventada;1,5;2;2024-01-01';
    const csv = `${HEADER}\n${rows.join('\n')}\n`;
    const preview = (await upload(csv, true)).json() as ImportResult;
    expect(preview.total).toBe(10_000);
    expect(preview.with_problems).toBe(1);
    expect(preview.rows[9_998]).toMatchObject({ line: 10_000, problems: [greenCoffeeMessages.supplierNotInOrigin] });
    const refused = await upload(csv, false);
    expect(refused.statusCode).toBe(400);
    expect(await lots()).toEqual([]);
    expect(await t.db.selectFrom('stock_movements').select('id').where('lot_kind', '=', 'green').execute()).toEqual([]);
  });

  it('ida y vuelta: lo exportado se importa en una base vacía (con sus orígenes) y da los mismos datos', async () => {
    await upload(`${HEADER}\nR-1;Colombia;Finca La Esperanza;10,125;5,5;10/01/2024\n"=R,2";Etiopía;Yirgacheffe Coop;"0,001";"1234,56";29/02/2024\n`, false);
    const before = await lots();
    expect(before).toHaveLength(2);
    for (const dialectName of ['es', 'standard']) {
      const exported = await t.call(cookie, { method: 'GET', url: `/api/green-coffee/export.csv?dialect=${dialectName}` });
      // An empty database but for the origins, created again in the other order: other ids (the file names them).
      await resetDatabase(t.db);
      await createOrigin(ETIOPIA);
      await createOrigin(COLOMBIA);
      const imported = await upload(exported.body, false);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(await lots()).toEqual(before);
      expect(await findLedgerMismatches(t.db, ['green'])).toEqual([]);
    }
  });

  it('archivos que no sirven: mensaje claro en español y nada escrito', async () => {
    const cases: [string | Buffer, string, number][] = [
      ['', csvMessages.fileEmpty, 400],
      ['\uFEFF', csvMessages.fileEmpty, 400],
      [`${HEADER}\n`, csvMessages.fileNoRows, 400],
      ['{"lotes": []}', csvMessages.fileNotCsv(1), 400],
      ['Querido cliente,\nadjunto la factura.\n', csvMessages.missingColumns(['Lote', 'Origen', 'Proveedor/Finca', 'Recibido (Kg)', 'Precio ($/Kg)', 'Fecha Entrada']), 400],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]), csvMessages.fileNotUtf8, 400],
      [Buffer.from(`${HEADER}\nET-9;Etiop\xeda;Yirgacheffe Coop;1;1;2024-01-01\n`, 'latin1'), csvMessages.fileNotUtf8, 400],
      [`${HEADER};${Array.from({ length: 194 }, (_, i) => `c${i}`).join(';')}\nA;Colombia;Finca La Esperanza;1;1;2024-01-01\n`, csvMessages.tooManyColumns(20), 400],
      [`${HEADER}\n"A;Colombia;Finca La Esperanza;1;1;2024-01-01\n`, csvMessages.fileNotCsv(2), 400],
    ];
    for (const [body, message, status] of cases) {
      const response = await upload(body, false);
      expect(response.statusCode, message).toBe(status);
      expect(errorOf(response).message).toBe(message);
    }
    expect('El archivo no está en UTF-8 (parece Latin-1 o ANSI). En la hoja de cálculo, guárdalo como «CSV UTF-8» e inténtalo de nuevo.').toBe(csvMessages.fileNotUtf8);
    const tooMany = await upload(`${HEADER}\n${'A;B;C;1;1;2024-01-01\n'.repeat(10_001)}`, true);
    expect(errorOf(tooMany).message).toBe(csvMessages.tooManyRows(10_000));
    expect(await lots()).toEqual([]);
  });

  it('5 MB de separadores en una línea, o de filas sin datos: las celdas del archivo tienen un límite, con su mensaje; el servidor sigue respondiendo', async () => {
    // Before the bound, one line of 5 MB of ';' was one row of 5 million cells (2 s and 230 MB to build).
    const wide = await upload(`${HEADER}\n${';'.repeat(5 * 1024 * 1024 - HEADER.length - 1)}`, true);
    expect(wide.statusCode).toBe(400);
    expect(errorOf(wide).message).toBe(csvMessages.tooManyCells(200_020, 10_000, 20));
    expect(errorOf(wide).message).toBe('El archivo tiene demasiadas celdas (máximo 200020: 10000 lotes de 20 columnas y el encabezado). Usa la plantilla.');
    // As many cells as 10,000 lots of 20 columns and the header are read; one more is refused.
    const row = `A;Colombia;Finca La Esperanza;1;1;2024-01-01${';'.repeat(14)}`;
    const full = await upload(`${HEADER}${';'.repeat(14)}\n${`${row}\n`.repeat(10_000)}`, true);
    expect(full.statusCode).toBe(200);
    const over = await upload(`${HEADER}${';'.repeat(14)}\n${`${row}\n`.repeat(9_999)}${row};\n`, true);
    expect(errorOf(over).message).toBe(csvMessages.tooManyCells(200_020, 10_000, 20));
    // Past the rows' limit, the rows' message.
    const rows = await upload(`${HEADER}\n${';;;;;\n'.repeat(800_000)}`, true);
    expect(errorOf(rows).message).toBe(csvMessages.tooManyRows(10_000));
    expect((await t.call(cookie, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await lots()).toEqual([]);
  });

  it('50 MB: 413 con el límite de la importación', async () => {
    const response = await upload(Buffer.alloc(50 * 1024 * 1024, 'a'), false);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe('El archivo es demasiado grande (máximo 5 MB).');
    expect(await lots()).toEqual([]);
  });

  it('con o sin BOM, coma o punto y coma, saltos de línea entre comillas', async () => {
    // A supplier/farm is one line (docs/product-guide.md#data-rules): the quoted cell carries quotes and a comma.
    await createOrigin({ name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Finca "Alta", Nyeri'] });
    const standard = 'Lote,Origen,Proveedor/Finca,Recibido (Kg),Precio ($/Kg),Fecha Entrada\r\nK-1,Kenia,"Finca ""Alta"", Nyeri",1.5,3.25,2024-06-01\r\n';
    const result = (await upload(standard, false)).json() as ImportResult;
    expect(result.imported).toBe(1);
    expect(await lots()).toEqual([{ batch_code: 'K-1', supplier_finca: 'Finca "Alta", Nyeri', quantity_g: 1500, stock_g: 1500, unit_price_cents: 325, entry_date: '2024-06-01' }]);
    // A line break between quotes stays in its row, whose cell the text rules then refuse.
    const broken = (await upload(standard.replace('K-1', 'K-3').replace('"", Nyeri', '""\nNyeri'), true)).json() as ImportResult;
    expect(broken.rows.map((row) => [row.line, row.problems])).toEqual([[2, [textMessages.controlCharacters('Proveedor/Finca')]]]);
    const withBom = (await upload(`\uFEFF${standard.replace('K-1', 'K-2')}`, true)).json() as ImportResult;
    expect(withBom.rows[0]?.problems).toEqual([]);
  });

  it('sin sesión 401; otro tipo de contenido 415; la plantilla se descarga en ambos dialectos', async () => {
    expect((await t.call(undefined, { method: 'POST', url: '/api/green-coffee/import', headers: { 'content-type': 'text/csv' }, payload: HEADER })).statusCode).toBe(401);
    expect((await upload(HEADER, true, 'application/octet-stream')).statusCode).toBe(415);
    const template = await t.call(cookie, { method: 'GET', url: '/api/green-coffee/import-template.csv' });
    expect(template.statusCode).toBe(200);
    // Numbers bare, so a spreadsheet reads them as numbers; text quoted.
    expect(template.body).toBe('\uFEFF"Lote";"Origen";"Proveedor/Finca";"Recibido (Kg)";"Precio ($/Kg)";"Fecha Entrada"\r\n"10-01-24";"Colombia";"Finca La Esperanza";70,000;5,50;"10/01/2024"\r\n');
    // The template itself imports (Colombia and its farm exist here).
    expect(((await upload(template.body, true)).json() as ImportResult).with_problems).toBe(0);
  });
});
