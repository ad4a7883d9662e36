import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import type { Trace } from '#shared/schemas/traceability.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';

const GREEN_HEADER = ['Lote', 'Origen', 'Proveedor/Finca', 'Stock Actual (Kg)', 'Recibido (Kg)', 'Precio ($/Kg)', 'Fecha Entrada'];
const today = () => new Date().toISOString().slice(0, 10);

/** Reads a CSV as a spreadsheet would: the dialect's separator, BOM dropped. */
const readCsv = (body: string, delimiter: ';' | ',') => parse(body, { delimiter, bom: true }) as string[][];

describe.each(testDialects())('exportar CSV (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let originId: number;
  const get = (url: string, who = cookie) => t.call(who, { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'tostador');
  });
  afterAll(() => t.close());

  it('de una tabla vacía: solo la fila de encabezados, con BOM, «;», nombre con la tabla y la fecha', async () => {
    const response = await get('/api/green-coffee/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cafe-verde-${today()}.csv"`);
    expect(response.body).toBe(`\uFEFF${GREEN_HEADER.map((h) => `"${h}"`).join(';')}\r\n`);
    const standard = await get('/api/green-coffee/export.csv?dialect=standard');
    expect(standard.body).toBe(`${GREEN_HEADER.map((h) => `"${h}"`).join(',')}\r\n`);
  });

  it('con datos: cantidades exactas, precios con 2 decimales y fechas en cada dialecto', async () => {
    const origin = await t.call(cookie, {
      method: 'POST',
      url: '/api/coffee-origins',
      payload: { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe; Coop "Norte"', '=HYPERLINK("http://x")'] },
    });
    originId = (origin.json() as { id: number }).id;
    const lot = (change: object) =>
      t.call(cookie, {
        method: 'POST',
        url: '/api/green-coffee',
        payload: { origin_id: originId, supplier_finca: 'Yirgacheffe; Coop "Norte"', quantity_kg: 10.125, unit_price: 5.5, entry_date: '2024-01-10', batch_code: 'ET-1', ...change },
      });
    expect((await lot({})).statusCode).toBe(201);
    expect((await lot({ batch_code: 'ET-2', entry_date: '2024-03-05', quantity_kg: 1234.5, unit_price: 0.05 })).statusCode).toBe(201);

    const es = readCsv((await get('/api/green-coffee/export.csv')).body, ';');
    expect(es).toEqual([
      GREEN_HEADER,
      ['ET-2', 'Etiopía', 'Yirgacheffe; Coop "Norte"', '1234,500', '1234,500', '0,05', '05/03/2024'],
      ['ET-1', 'Etiopía', 'Yirgacheffe; Coop "Norte"', '10,125', '10,125', '5,50', '10/01/2024'],
    ]);
    const standardBody = (await get('/api/green-coffee/export.csv?dialect=standard')).body;
    expect(standardBody.startsWith('\uFEFF')).toBe(false);
    expect(readCsv(standardBody, ',')[2]).toEqual(['ET-1', 'Etiopía', 'Yirgacheffe; Coop "Norte"', '10.125', '10.125', '5.50', '2024-01-10']);
  });

  it('neutraliza las fórmulas (OWASP): =, +, -, @, tabulador y retorno de carro empiezan por un apóstrofo', async () => {
    // A code can no longer hold a TAB or CR (the text rules refuse control characters); these were stored trimmed anyway.
    const codes = ['=1+1', '+SUMA(A1)', '-2+3', '@SUM(A1)', 'TAB', 'CR', 'normal-=x'];
    for (const code of codes) {
      const response = await t.call(cookie, {
        method: 'POST',
        url: '/api/green-coffee',
        payload: { origin_id: originId, supplier_finca: '=HYPERLINK("http://x")', quantity_kg: 1, unit_price: 1, entry_date: '2023-01-01', batch_code: code },
      });
      expect(response.statusCode, code).toBe(201);
    }
    const rows = readCsv((await get(`/api/green-coffee/export.csv?origin_id=${originId}`)).body, ';').slice(1);
    const byCode = new Map(rows.map((row) => [row[0], row]));
    // The supplier keeps its '='.
    expect(byCode.get("'=1+1")?.[2]).toBe('\'=HYPERLINK("http://x")');
    expect(byCode.has("'+SUMA(A1)")).toBe(true);
    expect(byCode.has("'-2+3")).toBe(true);
    expect(byCode.has("'@SUM(A1)")).toBe(true);
    expect(byCode.has('normal-=x')).toBe(true);
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('respeta los filtros de la lista (origen, con stock) y refuerza el dialecto', async () => {
    const other = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Cerrado'] } });
    const brasil = (other.json() as { id: number }).id;
    await t.call(cookie, {
      method: 'POST',
      url: '/api/green-coffee',
      payload: { origin_id: brasil, supplier_finca: 'Cerrado', quantity_kg: 3, unit_price: 2, entry_date: '2024-02-02', batch_code: 'BR-1' },
    });
    const onlyBrasil = readCsv((await get(`/api/green-coffee/export.csv?origin_id=${brasil}`)).body, ';');
    expect(onlyBrasil.slice(1).map((row) => row[0])).toEqual(['BR-1']);
    const all = readCsv((await get('/api/green-coffee/export.csv')).body, ';');
    expect(all.length).toBe(1 + 2 + 7 + 1);
    const wrong = await get('/api/green-coffee/export.csv?dialect=excel');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(commonMessages.invalidRequest);
  });

  it('cada tabla tiene su exportación, con los encabezados de su pantalla', async () => {
    const expected: Record<string, string[]> = {
      '/api/coffee-origins/export.csv': ['Nombre', 'Kilos por Saco', 'Proveedores/Fincas', 'Descripción'],
      '/api/roasted-coffee/export.csv': ['Lote', 'Lote Verde', 'Origen', 'Tipo de Tueste', 'Café Verde (Kg)', 'Producido (Kg)', 'Disponible (Kg)', 'Merma (Kg)', 'Fecha Tostado', 'Puntuación de cata', 'Notas', 'Perfil de referencia'],
      '/api/blended-coffee/export.csv': ['Nombre', 'Lote', 'Producido (Kg)', 'Disponible (Kg)', 'Fecha Creación', 'Componentes'],
      '/api/blend-recipes/export.csv': ['Nombre', 'Componentes'],
      '/api/sales/export.csv': ['Producto', 'Lote Vendido', 'Cantidad (Kg)', 'Precio Unitario ($/Kg)', 'Total ($)', 'Fecha Venta', 'Cliente', 'Coste ($)', 'Margen ($)', 'Formato', 'Bolsas'],
    };
    for (const [url, header] of Object.entries(expected)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(readCsv(response.body, ';')[0], url).toEqual(header);
    }
    const origins = readCsv((await get('/api/coffee-origins/export.csv')).body, ';');
    // Joined as the table shows them; the cell starts with 'Y', so it needs no guard.
    expect(origins.find((row) => row[0] === 'Etiopía')).toEqual(['Etiopía', '60,000', 'Yirgacheffe; Coop "Norte", =HYPERLINK("http://x")', '']);
  });

  it('ventas: producto, total exacto (redondeo a favor) y "Producto Desconocido" si el lote ya no existe', async () => {
    const now = Date.now();
    await t.db.insertInto('sales').values([
      { product_id: 999_999, product_type: 'tostado', quantity_g: 1_005, unit_price_cents: 1_500, sale_date: '2024-05-01', batch_code_sold: 'CO-010124-1234', user_id: null, created_at: now, updated_at: now },
    ]).execute();
    const rows = readCsv((await get('/api/sales/export.csv')).body, ';');
    // 1.005 kg × 15.00 $ = 15.075 $ → 15.08 (half up, sale-total.ts); a counter sale, and no cost once the lot is gone.
    expect(rows[1]).toEqual(['Producto Desconocido', 'CO-010124-1234', '1,005', '15,00', '15,08', '01/05/2024', '', '', '', '', '']);
  });

  it('usuarios: solo administradores, y nunca el hash de la contraseña', async () => {
    const denied = await get('/api/users/export.csv');
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe('No tienes permisos para realizar esta acción.');
    const admin = await t.signIn('administrador', 'jefa');
    const response = await get('/api/users/export.csv?dialect=standard', admin);
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.body, ',');
    expect(rows[0]).toEqual(['Usuario', 'Nombre completo', 'Rol']);
    expect(rows.slice(1)).toEqual(expect.arrayContaining([['tostador', 'Persona tostador', 'tecnico'], ['jefa', 'Persona jefa', 'administrador']]));
    expect(response.body).not.toMatch(/argon|scrypt|\$/);
    expect((await t.call(undefined, { method: 'GET', url: '/api/green-coffee/export.csv' })).statusCode).toBe(401);
  });

  it('100.000 lotes salen en streaming, con memoria acotada', { timeout: 120_000 }, async () => {
    const big = await t.call(cookie, { method: 'POST', url: '/api/coffee-origins', payload: { name: 'Masivo', kilos_per_bag: 60, suppliers_fincas: ['F'] } });
    const bigId = (big.json() as { id: number }).id;
    const count = 100_000;
    // One statement, not 100,000 API calls: the test is about the export.
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      insert into green_coffee (origin_id, supplier_finca, quantity_g, stock_g, unit_price_cents, entry_date, batch_code, batch_code_key)
      select ${bigId}, 'F', 1000 + i, 0, 250, '2025-01-01', 'M-' || i, 'm-' || i from n`.execute(t.db);

    // Retained memory, not garbage: collect before each reading.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heapAfterGc();
    let peak = before;
    // Through a real socket: app.inject's fake response keeps every written chunk, a real one does not.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${address}/api/green-coffee/export.csv?origin_id=${bigId}`, { headers: { cookie } }, resolve).on('error', reject));
    expect(response.statusCode).toBe(200);
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    let tail = '';
    for await (const chunk of response) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      lines += text.split('\n').length - 1;
      tail = (tail + text).slice(-200);
      if (++chunks % 10 === 0) peak = Math.max(peak, heapAfterGc());
    }
    expect(lines).toBe(count + 1);
    // The oldest id comes last (date then id descending): every row came through.
    expect(tail).toContain('"M-1"');
    const growthMb = (peak - before) / 1024 / 1024;
    console.info(`exportación de ${count} filas: ${(bytes / 1024 / 1024).toFixed(1)} MB de CSV, memoria retenida máxima +${growthMb.toFixed(1)} MB`);
    // Loading the rows at once would retain 100,000 row objects (tens of MB) before the first byte;
    // in batches of 1,000 what is retained is one batch and the stream buffers (about 1 MB measured).
    expect(growthMb).toBeLessThan(8);
  });
});

type SpreadsheetCell = string | number;

/**
 * Reads a CSV as a spreadsheet set to take quoted fields as text does
 * (LibreOffice's «Campo entre comillas como texto», Excel's text import): a
 * quoted cell is text; a bare one is a number when it looks like one in the
 * dialect (decimal comma in `es`), text otherwise.
 */
function readAsSpreadsheet(body: string, dialect: 'es' | 'standard'): SpreadsheetCell[][] {
  const number = dialect === 'es' ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/;
  return parse(body, {
    delimiter: dialect === 'es' ? ';' : ',',
    bom: true,
    cast: (value, context) => (context.quoting || !number.test(value) ? value : Number(value.replace(',', '.'))),
  }) as SpreadsheetCell[][];
}

const cents = (amount: number) => Math.round(amount * 100);

describe.each(testDialects())('CSV abierto en una hoja de cálculo (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let chain: Chain;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico', 'contable');
    chain = await buildChain(t, cookie);
    // Sold below cost: 2 kg of R1 (969.69… c/Kg) at 1 $/Kg, a margin of 2.00 − 19.39 = −17.39 $.
    const loss = await t.call(cookie, {
      method: 'POST',
      url: '/api/sales',
      payload: { product_id: chain.r1.id, product_type: 'tostado', quantity_kg: 2, unit_price: 1, sale_date: '2024-04-05', batch_code_sold: chain.r1.batch_code },
    });
    expect(loss.statusCode, loss.body).toBe(201);
  });
  afterAll(() => t.close());

  it.each(['es', 'standard'] as const)('las cifras, negativas incluidas, son números que se suman (%s)', async (csvDialect) => {
    const url = `/api/trace/export.csv?kind=green&id=${chain.greenA.id}&dialect=${csvDialect}`;
    const [header, ...rows] = readAsSpreadsheet((await t.call(cookie, { method: 'GET', url })).body, csvDialect);
    const column = (name: string) => header!.indexOf(name);
    const sales = rows.filter((row) => row[0] === 'Ventas');
    expect(sales).toHaveLength(4);
    for (const name of ['Cantidad (Kg)', 'Total ($)', 'Coste ($)', 'Margen ($)']) {
      for (const row of sales) expect(typeof row[column(name)], `${name}: ${String(row[column(name)])}`).toBe('number');
    }
    const margins = sales.map((row) => row[column('Margen ($)')] as number);
    expect(margins).toContain(-17.39);

    // The spreadsheet's SUM of the column is the API's own total, to the cent.
    const traced = (await t.call(cookie, { method: 'GET', url: `/api/trace?kind=green&id=${chain.greenA.id}` })).json() as Trace;
    const expected = traced.sales.items.reduce((sum, sale) => sum + cents(sale.margin!), 0);
    expect(margins.reduce((sum, margin) => sum + cents(margin), 0)).toBe(expected);
    expect(sales.reduce((sum, row) => sum + cents(row[column('Total ($)')] as number), 0)).toBe(cents(traced.sales.total_amount));
  });

  it("el texto descriptivo lleva la coma decimal en el dialecto español, y las demás tablas también dan números", async () => {
    const es = readAsSpreadsheet((await t.call(cookie, { method: 'GET', url: `/api/trace/export.csv?kind=green&id=${chain.greenA.id}` })).body, 'es');
    const details = es.slice(1).map((row) => String(row[4]));
    // R1: 20 kg of green → 16.5 kg roasted, an 82.5 % yield.
    expect(details).toContain('Medio; verde 20 Kg → 16,5 Kg (rendimiento 82,5 %); vendido 3 Kg en 2 ventas');
    expect(details.find((detail) => detail.startsWith(`Venta ${chain.s2.id};`))).toBe(`Venta ${chain.s2.id}; 28,5 por Kg`);
    for (const detail of details) expect(detail, detail).not.toMatch(/\d\.\d/);
    const standard = readAsSpreadsheet((await t.call(cookie, { method: 'GET', url: `/api/trace/export.csv?kind=green&id=${chain.greenA.id}&dialect=standard` })).body, 'standard');
    expect(standard.slice(1).map((row) => row[4])).toContain('Medio; verde 20 Kg → 16.5 Kg (rendimiento 82.5 %); vendido 3 Kg en 2 ventas');

    const roasts = readAsSpreadsheet((await t.call(cookie, { method: 'GET', url: '/api/roasted-coffee/export.csv' })).body, 'es');
    expect(roasts.find((row) => row[0] === 'CO-R1')).toEqual(['CO-R1', 'VERDE-01', 'Colombia', 'Medio', 20, 16.5, 8.5, 3.5, '05/03/2024', '', '', '']);
    const blends = readAsSpreadsheet((await t.call(cookie, { method: 'GET', url: '/api/blended-coffee/export.csv' })).body, 'es');
    expect(blends[1]).toEqual(['Casa', 'CA-MZ-1', 9, 6.5, '10/03/2024', 'Colombia 100% (CO-R1 5,000 Kg, CO-R3 4,000 Kg)']);
  });

  it('guarda también las celdas de texto que empiezan por «|» y la importación lo deshace', async () => {
    for (const batch_code of ['|cmd', '＝1+1']) {
      const lot = await t.call(cookie, {
        method: 'POST',
        url: '/api/green-coffee',
        payload: { origin_id: chain.origin.id, supplier_finca: 'Finca La Esperanza', quantity_kg: 1, unit_price: 1, entry_date: '2024-01-02', batch_code },
      });
      expect(lot.statusCode, lot.body).toBe(201);
    }
    const body = (await t.call(cookie, { method: 'GET', url: `/api/green-coffee/export.csv?origin_id=${chain.origin.id}` })).body;
    const codes = readAsSpreadsheet(body, 'es').slice(1).map((row) => row[0]);
    expect(codes).toEqual(expect.arrayContaining(["'|cmd", "'＝1+1"]));
    // Imported back (a dry run), the guard is undone: the same codes, already taken.
    const preview = await t.call(cookie, { method: 'POST', url: '/api/green-coffee/import?dry_run=true', headers: { 'content-type': 'text/csv' }, payload: body });
    expect(preview.body).toContain('|cmd');
    expect(preview.body).not.toContain("'|cmd");
  });
});
