import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelMessages as m } from '#shared/label-messages.js';
import { commonMessages } from '#shared/messages.js';
import { mmRect, overlaps, type PdfPage, POINTS_PER_MM, readPdf, type Rect, within } from '../helpers/pdf-pages.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain, type Chain } from '../helpers/trace-chain.js';

/**
 * Printed lot labels, GET /api/labels.pdf (docs/product-guide.md#etiquetas,
 * docs/decisions/0029-lot-labels-and-qr.md). Each PDF is read back with MuPDF
 * (page sizes, text and where it sits) and each QR code with jsQR from a
 * rendering of the page, as a phone would read the printed label.
 * LABELS_SHOTS_DIR=/some/dir saves one rendering per format there.
 */

const SHOTS_DIR = process.env.LABELS_SHOTS_DIR;

/** The sheets as the decision record states them, in millimetres: restated here, not read from the code. */
const A4_CELLS = Array.from({ length: 24 }, (_, index) =>
  mmRect(7.25 + (index % 3) * (63.5 + 2.5), 12.9 + Math.floor(index / 3) * 33.9, 63.5, 33.9));
const PAGE_MM = { '62mm': [62, 40], '100x150': [100, 150], a4: [210, 297] } as const;
/** How finely each format is rendered for the QR reader: a module comes out 5 to 9 pixels wide. */
const PIXELS_PER_POINT = { '62mm': 4, '100x150': 2, a4: 3 } as const;
type Format = keyof typeof PAGE_MM;

const LONG_NAME = 'Finca La Esperanza de San José del Guaviare — Caturra Rosado Lavado';
const LONG_RECIPE = 'Mezcla Señorial de Año Nuevo ¡Edición Especial! ¿Con Notas de Cacao y Panela Orgánica?';
/** A code with a space, an accent and the characters an address gives a meaning to. */
const ODD_CODE = 'CAFÉ #7 & Cía+1';

interface ExpectedLabel {
  code: string;
  texts: string[];
}

describe.each(testDialects())('etiquetas de lotes en PDF (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let admin: string;
  let chain: Chain;
  let long: { green: number; roasted: number; blend: number; vietnam: number };

  const get = (url: string, options: Partial<InjectOptions> = {}, who: string | undefined = cookie) => t.call(who, { method: 'GET', url, ...options });
  const ok = async <T = { id: number }>(url: string, payload: object, who = cookie): Promise<T> => {
    const response = await t.call(who, { method: 'POST', url, payload });
    expect(response.statusCode, `POST ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as T;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn('tecnico');
    admin = await t.signIn('administrador');
    chain = await buildChain(t, cookie);
    // A name that needs wrapping on every format, a farm and a recipe with ñ, accents and ¡ ¿, a code an address must escape.
    const origin = await ok('/api/coffee-origins', { name: LONG_NAME, kilos_per_bag: 70, suppliers_fincas: ['Vereda El Ñame, Guaviare'] });
    const green = await ok('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Vereda El Ñame, Guaviare', quantity_kg: 50, unit_price: 7.5, entry_date: '2024-02-29', batch_code: ODD_CODE,
    });
    const roasted = await ok('/api/roasted-coffee', {
      green_coffee_id: green.id, quantity_green_kg: 12, resultant_kg: 10, roast_type: 'Oscuro', roast_date: '2024-03-02', batch_code: 'TO-020324-7777',
    });
    const recipe = await ok('/api/blend-recipes', { name: LONG_RECIPE, components: [{ origin_id: origin.id, percentage: 100 }] }, admin);
    const blend = await ok('/api/blended-coffee', {
      name: LONG_RECIPE, total_quantity_kg: 4.25, creation_date: '2024-03-03', batch_code: 'MZ-ÁÉÍ-01', recipe_id: recipe.id,
      components: [{ origin_id: origin.id, percentage: 100, selected_roasted_batches: [{ id: roasted.id, quantity_used: 4.25 }] }],
    });
    // Beyond Windows-1252 (Vietnamese): the embedded font has these letters.
    const vietnam = await ok('/api/coffee-origins', { name: 'Đà Lạt — Việt Nam', kilos_per_bag: 60, suppliers_fincas: ['Cầu Đất'] });
    const vietnamGreen = await ok('/api/green-coffee', {
      origin_id: vietnam.id, supplier_finca: 'Cầu Đất', quantity_kg: 1.5, unit_price: 6, entry_date: '2024-01-15', batch_code: 'VN-Đ-01',
    });
    long = { green: green.id, roasted: roasted.id, blend: blend.id, vietnam: vietnamGreen.id };
  });
  afterAll(() => t.close());

  /** The labels the trace chain's lots print (docs/product-guide.md#etiquetas): every text, literally. */
  const chainLabels = (): Record<'green' | 'roasted' | 'blend', ExpectedLabel> => ({
    green: { code: 'VERDE-01', texts: ['VERDE-01', 'Colombia', 'Café Verde', 'Finca: Finca La Esperanza', 'Entrada: 01/03/2024', 'Peso neto: 67.50 Kg'] },
    // 16.5 kg roasted − 5 kg drawn by the blend − 1 kg sold.
    roasted: { code: 'CO-R1', texts: ['CO-R1', 'Colombia', 'Café Tostado', 'Tueste: Medio', 'Tostado: 05/03/2024', 'Peso neto: 10.50 Kg'] },
    blend: { code: 'CA-MZ-1', texts: ['CA-MZ-1', 'Casa', 'Café Mezcla', 'Receta: Sin receta', 'Creación: 10/03/2024', 'Peso neto: 6.50 Kg'] },
  });
  const longLabels = (): ExpectedLabel[] => [
    { code: ODD_CODE, texts: [ODD_CODE, LONG_NAME, 'Café Verde', 'Finca: Vereda El Ñame, Guaviare', 'Entrada: 29/02/2024', 'Peso neto: 38.00 Kg'] },
    { code: 'TO-020324-7777', texts: ['TO-020324-7777', LONG_NAME, 'Café Tostado', 'Tueste: Oscuro', 'Tostado: 02/03/2024', 'Peso neto: 5.75 Kg'] },
    { code: 'MZ-ÁÉÍ-01', texts: ['MZ-ÁÉÍ-01', LONG_RECIPE, 'Café Mezcla', `Receta: ${LONG_RECIPE}`, 'Creación: 03/03/2024', 'Peso neto: 4.25 Kg'] },
    { code: 'VN-Đ-01', texts: ['VN-Đ-01', 'Đà Lạt — Việt Nam', 'Café Verde', 'Finca: Cầu Đất', 'Entrada: 15/01/2024', 'Peso neto: 1.50 Kg'] },
  ];
  const qrAddress = (code: string, origin = 'http://localhost') => `${origin}/trazabilidad?lote=${encodeURIComponent(code)}`;

  const pdfOf = (response: LightMyRequestResponse): PdfPage[] => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return readPdf(response.rawPayload);
  };

  /** Each label's region on its page, in points: the whole page, or the A4 sheet's cells in reading order. */
  const labelRegions = (format: Format, page: PdfPage): Rect[] =>
    format === 'a4' ? A4_CELLS : [{ x0: 0, y0: 0, x1: page.width, y1: page.height }];

  /**
   * Every label of a PDF checked against what it should say: the page size, the
   * texts (a wrapped text reads back whole, its words never cut), every line
   * inside its label and clear of the QR code, and the QR code read by jsQR.
   */
  function expectLabels(format: Format, pages: PdfPage[], expected: readonly ExpectedLabel[], origin?: string, shot?: string): void {
    const perPage = format === 'a4' ? 24 : 1;
    expect(pages).toHaveLength(Math.ceil(expected.length / perPage));
    for (const [pageIndex, page] of pages.entries()) {
      // Exact sizes in points: 1 mm = 72 / 25.4 pt (MuPDF reads them as 32-bit floats).
      expect(page.width).toBeCloseTo(PAGE_MM[format][0] * POINTS_PER_MM, 3);
      expect(page.height).toBeCloseTo(PAGE_MM[format][1] * POINTS_PER_MM, 3);
      const rendering = page.render(PIXELS_PER_POINT[format]);
      if (SHOTS_DIR && shot && pageIndex === 0) fs.writeFileSync(path.join(SHOTS_DIR, `${shot}.png`), rendering.png());
      const page_ = { x0: 0, y0: 0, x1: page.width, y1: page.height };
      for (const line of page.lines) expect(within(line.bbox, page_), `«${line.text}» dentro de la página`).toBe(true);
      const regions = labelRegions(format, page);
      for (const [slot, region] of regions.entries()) {
        const label = expected[pageIndex * perPage + slot];
        const qr = rendering.qrIn(region);
        const lines = page.lines.filter((line) => overlaps(line.bbox, region));
        if (!label) {
          expect(qr, `hoja ${pageIndex + 1}, hueco ${slot + 1} vacío`).toBeUndefined();
          expect(lines).toEqual([]);
          continue;
        }
        expect(qr?.text, `QR de ${label.code} (hoja ${pageIndex + 1}, etiqueta ${slot + 1})`).toBe(qrAddress(label.code, origin));
        const text = lines.map((line) => line.text).join(' ');
        for (const expectedText of label.texts) expect(text, label.code).toContain(expectedText);
        for (const line of lines) {
          // Glyph boxes run from the font's ascent to its descent: half a point of slack for their rounding.
          expect(within(line.bbox, region, 0.5), `«${line.text}» dentro de su etiqueta`).toBe(true);
          expect(overlaps(line.bbox, qr!.bbox), `«${line.text}» fuera del QR`).toBe(false);
        }
      }
    }
  }

  const lotsOf = (chainLots: Chain) => `green:${chainLots.greenA.id},roasted:${chainLots.r1.id},blend:${chainLots.blend.id}`;

  it('any signed-in user prints labels; signed out is 401', async () => {
    for (const who of [cookie, admin]) expect((await get(`/api/labels.pdf?lots=green:${chain.greenA.id}&format=62mm`, {}, who)).statusCode).toBe(200);
    const signedOut = await t.call(undefined, { method: 'GET', url: `/api/labels.pdf?lots=green:${chain.greenA.id}&format=62mm` });
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).code).toBe('unauthenticated');
  });

  it('62 mm roll: one 62 × 40 mm page per label, the copies of a lot together, in the list\'s order', async () => {
    const labels = chainLabels();
    const pages = pdfOf(await get(`/api/labels.pdf?lots=${lotsOf(chain)}&format=62mm&copies=2`));
    expectLabels('62mm', pages, [labels.green, labels.green, labels.roasted, labels.roasted, labels.blend, labels.blend], undefined, 'etiqueta-62mm');
    // The lot code is the largest text on the label.
    const [codeLine] = [...pages[0]!.lines].sort((a, b) => (b.bbox.y1 - b.bbox.y0) - (a.bbox.y1 - a.bbox.y0));
    expect(codeLine!.text).toBe('VERDE-01');
  });

  it('100 × 150 mm: one page per label', async () => {
    const labels = chainLabels();
    const pages = pdfOf(await get(`/api/labels.pdf?lots=blend:${chain.blend.id},roasted:${chain.r1.id}&format=100x150`));
    expectLabels('100x150', pages, [labels.blend, labels.roasted], undefined, 'etiqueta-100x150');
  });

  it('A4: sheets of 3 × 8 labels filled in reading order, the last sheet left blank after the last label', async () => {
    const labels = chainLabels();
    const pages = pdfOf(await get(`/api/labels.pdf?lots=${lotsOf(chain)}&format=a4&copies=9`));
    const expected = [labels.green, labels.roasted, labels.blend].flatMap((label) => Array.from({ length: 9 }, () => label));
    expectLabels('a4', pages, expected, undefined, 'hoja-a4');
  });

  it('long names with accents, ñ, ¡ ¿ and letters beyond Windows-1252 fit their box on every format: whole words, inside the label, clear of the QR', async () => {
    const lots = `green:${long.green},roasted:${long.roasted},blend:${long.blend},green:${long.vietnam}`;
    for (const format of ['62mm', '100x150', 'a4'] as const) {
      const pages = pdfOf(await get(`/api/labels.pdf?lots=${lots}&format=${format}`));
      expectLabels(format, pages, longLabels(), undefined, `nombres-largos-${format}`);
      // Wrapped, not shrunk out of sight: the long name takes several lines on the small labels.
      if (format !== '100x150') expect(pages[0]!.lines.filter((line) => LONG_NAME.includes(line.text)).length).toBeGreaterThan(1);
    }
  });

  it('the net weight shows every gram, never rounded up: 0.999 Kg is not printed as 1.00 Kg', async () => {
    const origin = await ok('/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Boa Vista'] });
    const lot = await ok('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Fazenda Boa Vista', quantity_kg: 0.999, unit_price: 6, entry_date: '2024-01-20', batch_code: 'BR-0999',
    });
    const [page] = pdfOf(await get(`/api/labels.pdf?lots=green:${lot.id}&format=62mm`));
    const text = page!.lines.map((line) => line.text).join(' ');
    expect(text).toContain('Peso neto: 0.999 Kg');
    expect(text).not.toContain('1.00 Kg');
  });

  it('the QR code holds the trace address with the lot code percent-encoded, which reads back to the code', async () => {
    const [page] = pdfOf(await get(`/api/labels.pdf?lots=green:${long.green}&format=62mm`));
    const text = page!.render(4).qrIn({ x0: 0, y0: 0, x1: page!.width, y1: page!.height })!.text;
    expect(text).toBe('http://localhost/trazabilidad?lote=CAF%C3%89%20%237%20%26%20C%C3%ADa%2B1');
    expect(new URL(text).searchParams.get('lote')).toBe(ODD_CODE);
  });

  it('500 labels (lots × copies) in one request; 501 is a Spanish 400', async () => {
    const lots = `${lotsOf(chain)},green:${long.green},roasted:${long.roasted}`;
    const response = await get(`/api/labels.pdf?lots=${lots}&format=a4&copies=100`);
    const pages = pdfOf(response);
    expect(pages).toHaveLength(21); // ⌈500 / 24⌉
    const last = pages[20]!;
    // Label 500 is the 20th of the last sheet (480 before it): the 100th copy of the last lot.
    expect(last.render(3).qrIn(A4_CELLS[19]!)?.text).toBe(qrAddress('TO-020324-7777'));
    expect(last.render(3).qrIn(A4_CELLS[20]!)).toBeUndefined();

    const tooMany = await get(`/api/labels.pdf?lots=${lots},blend:${chain.blend.id}&format=a4&copies=501`);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toBe(m.copiesInvalid);
    const overLimit = await get(`/api/labels.pdf?lots=${lots}&format=62mm&copies=100&x=1`.replace('copies=100', 'copies=101'));
    expect(overLimit.statusCode).toBe(400);
    expect(errorOf(overLimit)).toEqual({ code: 'validation', message: m.tooMany(505) });
    expect(errorOf(overLimit).message).toBe(
      'Como máximo se pueden imprimir 500 etiquetas a la vez (lotes × copias); se pidieron 505. Divide la impresión en varias partes.',
    );
    // 501 lots of one copy each, the same lot listed again and again: the same limit.
    const manyLots = await get(`/api/labels.pdf?lots=${Array.from({ length: 501 }, () => `green:${chain.greenA.id}`).join(',')}&format=a4`);
    expect(errorOf(manyLots).message).toBe(m.tooMany(501));
  });

  it('unknown lots are one 404 naming each of them as kind:id, in the list\'s order', async () => {
    const one = await get(`/api/labels.pdf?lots=green:${chain.greenA.id},roasted:999999&format=62mm`);
    expect(one.statusCode).toBe(404);
    expect(errorOf(one)).toEqual({ code: 'not_found', message: 'No existe el lote roasted:999999.' });
    // Each missing lot once, in the order of its first mention; the lots that exist are not named.
    const several = await get(`/api/labels.pdf?lots=blend:888888,green:${chain.greenA.id},green:777777,blend:888888,roasted:${chain.greenB.id + 1000}&format=a4`);
    expect(several.statusCode).toBe(404);
    expect(errorOf(several).message).toBe(m.notFound(['blend:888888', 'green:777777', `roasted:${chain.greenB.id + 1000}`]));
    expect(errorOf(several).message).toBe(`No existen los lotes blend:888888, green:777777, roasted:${chain.greenB.id + 1000}.`);
  });

  it('a malformed list, format or number of copies is a Spanish 400, the first broken rule', async () => {
    const lot = `green:${chain.greenA.id}`;
    const cases: [string, string][] = [
      ['format=62mm', m.lotsRequired],
      ['lots=&format=62mm', m.lotsRequired],
      ['lots=%20&format=62mm', m.lotsRequired],
      [`lots=${lot},&format=62mm`, m.lotMalformed(2)],
      [`lots=,${lot}&format=62mm`, m.lotMalformed(1)],
      [`lots=${lot},verde:3&format=62mm`, m.lotMalformed(2)],
      [`lots=Green:${chain.greenA.id}&format=62mm`, m.lotMalformed(1)],
      [`lots=${lot},green:1.5&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot},green:0&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot},green:-4&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot},green:07&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot},green:2147483648&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot},green&format=62mm`, m.lotMalformed(2)],
      [`lots=${lot};roasted:${chain.r1.id}&format=62mm`, m.lotMalformed(1)],
      [`lots=${lot}&lots=${lot}&format=62mm`, m.lotsRequired],
      [`lots=${lot}`, m.formatInvalid],
      [`lots=${lot}&format=62`, m.formatInvalid],
      [`lots=${lot}&format=A4`, m.formatInvalid],
      [`lots=${lot}&format=a4&copies=0`, m.copiesInvalid],
      [`lots=${lot}&format=a4&copies=1.5`, m.copiesInvalid],
      [`lots=${lot}&format=a4&copies=dos`, m.copiesInvalid],
      [`lots=${lot}&format=a4&copies=`, m.copiesInvalid],
      [`lots=${lot}&format=a4&copies=99999999999`, m.copiesInvalid],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/labels.pdf?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response), query).toEqual({ code: 'validation', message });
    }
    expect(errorOf(await get('/api/labels.pdf?format=a4')).message).toBe('Elige al menos un lote para imprimir etiquetas.');
    expect(errorOf(await get(`/api/labels.pdf?lots=${lot},x:1&format=a4`)).message).toBe(
      'El lote n.º 2 de la lista no es válido: escribe tipo:id, con tipo green, roasted o blend y un id entero positivo (por ejemplo roasted:12).',
    );
    expect(errorOf(await get(`/api/labels.pdf?lots=${lot}&format=carta`)).message).toBe('El formato de etiqueta debe ser 62mm, 100x150, a4 o 50x80.');
    expect(errorOf(await get(`/api/labels.pdf?lots=${lot}&format=a4&copies=0`)).message).toBe('Las copias deben ser un número entero entre 1 y 500.');
  });

  it('spaces around the entries are allowed, and a lot listed twice prints twice where it stands', async () => {
    const labels = chainLabels();
    const pages = pdfOf(await get(`/api/labels.pdf?lots=${encodeURIComponent(` green:${chain.greenA.id} , roasted:${chain.r1.id},green:${chain.greenA.id}`)}&format=62mm`));
    expectLabels('62mm', pages, [labels.green, labels.roasted, labels.green]);
  });

  it('answers an inline PDF named after the lot or the count of lots, never cached', async () => {
    const one = await get(`/api/labels.pdf?lots=roasted:${chain.r1.id}&format=62mm&copies=3`);
    expect(one.headers['content-disposition']).toMatch(/^inline; filename="etiquetas-CO-R1-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const odd = await get(`/api/labels.pdf?lots=green:${long.green}&format=62mm`);
    expect(odd.headers['content-disposition']).toMatch(/^inline; filename="etiquetas-CAF_7_C_a_1-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const several = await get(`/api/labels.pdf?lots=${lotsOf(chain)}&format=a4`);
    expect(several.headers['content-disposition']).toMatch(/^inline; filename="etiquetas-3-lotes-\d{4}-\d{2}-\d{2}\.pdf"$/);
  });

  it('is in the OpenAPI document as a PDF answer, with its query and its error answers', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<string, { get: { operationId: string; parameters: { name: string; required: boolean }[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const operation = doc.paths['/api/labels.pdf']!.get;
    expect(operation.operationId).toBe('getLotLabelsPdf');
    expect(operation.parameters.map((parameter) => [parameter.name, parameter.required])).toEqual([['kind', false], ['lots', true], ['format', true], ['copies', false], ['start', false], ['format_id', false], ['grind', false]]);
    expect(operation.responses['200']!.content['application/pdf']!.schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '404', '409']);
  });

  it('a request whose own origin cannot be an address is a 400 asking for PUBLIC_URL', async () => {
    const response = await get(`/api/labels.pdf?lots=green:${chain.greenA.id}&format=62mm`, { headers: { host: 'cafe.local/ruta' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(m.originUnknown);
    expect(commonMessages.invalidRequest).not.toBe(m.originUnknown);
  });

  describe('etiquetas de bolsa', () => {
    let bag250: number;
    let bag1kg: number;
    const bagUrl = (lot: string, query: string) => `/api/labels.pdf?kind=bolsa&lots=${lot}&${query}`;
    const setSettings = async (payload: object) => {
      const response = await t.call(admin, { method: 'PUT', url: '/api/settings', payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    const textOf = (page: PdfPage, region?: Rect) => page.lines.filter((line) => !region || overlaps(line.bbox, region)).map((line) => line.text).join(' ');

    beforeAll(async () => {
      const formats = await t.db.selectFrom('sale_formats').select(['id', 'grams']).execute();
      bag250 = formats.find((format) => format.grams === 250)!.id;
      bag1kg = formats.find((format) => format.grams === 1000)!.id;
    });

    it('a 50 × 80 mm label per bag with the particulars: denomination, product, roast, the format\'s net weight, dates, lot, business, storage; the QR opens the trace', async () => {
      await setSettings({ business_name: 'Tostadores del Sur', business_address: 'Calle Mayor 1\n28013 Madrid', sanitary_registration: null });
      const pages = pdfOf(await get(bagUrl(`roasted:${chain.r1.id}`, `format=50x80&format_id=${bag250}&grind=molido&copies=2`)));
      expect(pages).toHaveLength(2);
      const [page] = pages;
      expect(page!.width).toBeCloseTo(50 * POINTS_PER_MM, 3);
      expect(page!.height).toBeCloseTo(80 * POINTS_PER_MM, 3);
      const rendering = page!.render(5);
      if (SHOTS_DIR) fs.writeFileSync(path.join(SHOTS_DIR, 'bolsa-50x80.png'), rendering.png());
      const qr = rendering.qrIn({ x0: 0, y0: 0, x1: page!.width, y1: page!.height });
      expect(qr?.text).toBe(qrAddress('CO-R1'));
      const text = textOf(page!);
      for (const expected of [
        'Colombia · Finca La Esperanza', 'Café tostado natural molido', 'Tueste: Medio', 'Peso neto: 250 g', 'Tostado: 05/03/2024',
        'Consumir preferentemente antes del 05/03/2025', 'Lote: CO-R1', 'Tostadores del Sur · Calle Mayor 1, 28013 Madrid', 'Conservar en lugar fresco y seco',
      ]) expect(text).toContain(expected);
      // The net weight is the format's, never the lot's 10.50 Kg of stock.
      expect(text).not.toContain('10.50');
      const pageRect = { x0: 0, y0: 0, x1: page!.width, y1: page!.height };
      for (const line of page!.lines) {
        expect(within(line.bbox, pageRect, 0.5), `«${line.text}» dentro de la etiqueta`).toBe(true);
        expect(overlaps(line.bbox, qr!.bbox), `«${line.text}» fuera del QR`).toBe(false);
      }
    });

    it('on a partly used A4 sheet from `start`; a blend\'s roast date is its oldest component\'s, decaf when its origins are; with the public page on the QR opens /c/<code>', async () => {
      await setSettings({ public_trace: true, best_before_months: 1, storage_text: 'Conservar cerrado' });
      const origin = (await get(`/api/coffee-origins?limit=100`)).json<{ items: { id: number; name: string; version: number; kilos_per_bag: number; suppliers_fincas: string[] }[] }>().items.find((item) => item.name === 'Colombia')!;
      const marked = await t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${origin.id}`, payload: { name: origin.name, kilos_per_bag: origin.kilos_per_bag, suppliers_fincas: origin.suppliers_fincas, decaf: true, version: origin.version } });
      expect(marked.statusCode, marked.body).toBe(200);
      try {
        const [page] = pdfOf(await get(bagUrl(`blend:${chain.blend.id}`, `format=a4&format_id=${bag1kg}&copies=3&start=5`)));
        const rendering = page!.render(3);
        if (SHOTS_DIR) fs.writeFileSync(path.join(SHOTS_DIR, 'bolsa-a4.png'), rendering.png());
        for (const [slot, region] of A4_CELLS.entries()) {
          const filled = slot >= 4 && slot <= 6;
          expect(rendering.qrIn(region)?.text, `hueco ${slot + 1}`).toBe(filled ? 'http://localhost/c/CA-MZ-1' : undefined);
          if (!filled) continue;
          const text = textOf(page!, region);
          // Drawn from R1 (05/03) and R3 (07/03), mixed on 10/03: one month after the oldest roast.
          for (const expected of ['Casa', 'Café tostado natural en grano, descafeinado', 'Tueste: Medio', 'Peso neto: 1 kg', 'Tostado: 05/03/2024', 'Consumir preferentemente antes del 05/04/2024', 'Lote: CA-MZ-1', 'Conservar cerrado']) {
            expect(text, `hueco ${slot + 1}`).toContain(expected);
          }
        }
        expect(page!.lines.filter((line) => !A4_CELLS.slice(4, 7).some((cell) => overlaps(line.bbox, cell)))).toEqual([]);
      } finally {
        await setSettings({ public_trace: false, best_before_months: 12, storage_text: 'Conservar en lugar fresco y seco' });
        await t.call(cookie, { method: 'PUT', url: `/api/coffee-origins/${origin.id}`, payload: { name: origin.name, kilos_per_bag: origin.kilos_per_bag, suppliers_fincas: origin.suppliers_fincas, decaf: false } });
      }
    });

    it('no more bags than the stock fills: 42 bags of 250 g from 10.50 Kg, 43 is a Spanish 409', async () => {
      expect(pdfOf(await get(bagUrl(`roasted:${chain.r1.id}`, `format=62mm&format_id=${bag250}&copies=42`)))).toHaveLength(42);
      const tooMany = await get(bagUrl(`roasted:${chain.r1.id}`, `format=62mm&format_id=${bag250}&copies=43`));
      expect(tooMany.statusCode).toBe(409);
      expect(errorOf(tooMany).message).toBe('El lote CO-R1 tiene 10.50 Kg: da para 42 bolsas de Bolsa 250 g como máximo; se pidieron 43.');
    });

    it('refuses a bag request that is not one roasted or blend lot with a sale format, and `start` beyond A4, with a Spanish 400; an unknown format or lot is a 404', async () => {
      const r1 = `roasted:${chain.r1.id}`;
      const cases: [string, string][] = [
        [`kind=bolsa&lots=green:${chain.greenA.id}&format=62mm&format_id=${bag250}`, m.bagOneLot],
        [`kind=bolsa&lots=${r1},blend:${chain.blend.id}&format=62mm&format_id=${bag250}`, m.bagOneLot],
        [`kind=bolsa&lots=${r1}&format=62mm`, m.bagFormatRequired],
        [`kind=bolsa&lots=${r1}&format=62mm&format_id=abc`, m.saleFormatInvalid],
        [`kind=bolsa&lots=${r1}&format=62mm&format_id=${bag250}&grind=fino`, m.grindInvalid],
        [`kind=bolsa&lots=${r1}&format=62mm&format_id=${bag250}&start=2`, m.startOnlyA4],
        [`kind=bolsa&lots=${r1}&format=a4&format_id=${bag250}&start=25`, m.startInvalid],
        [`kind=caja&lots=${r1}&format=a4`, m.kindInvalid],
        [`lots=${r1}&format=50x80`, m.formatOnlyBag],
      ];
      for (const [query, message] of cases) {
        const response = await get(`/api/labels.pdf?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorOf(response), query).toEqual({ code: 'validation', message });
      }
      expect(errorOf(await get(bagUrl(r1, 'format=62mm&format_id=999999'))).message).toBe(m.saleFormatNotFound);
      expect((await get(bagUrl('roasted:999999', `format=62mm&format_id=${bag250}`))).statusCode).toBe(404);
      expect((await t.call(undefined, { method: 'GET', url: bagUrl(r1, `format=62mm&format_id=${bag250}`) })).statusCode).toBe(401);
    });
  });
});

describe.each(testDialects())('la dirección de los códigos QR (%s)', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** An app with one green lot 'QR-1'; the text its label's QR code holds for a request with these headers. */
  async function qrTextOf(options: Parameters<typeof createTestApp>[1], headers: InjectOptions['headers'] = {}): Promise<string | undefined> {
    const t = await createTestApp(dialect, options);
    apps.push(t);
    await t.signIn('tecnico', 'tostador');
    // Signed in through the same headers: behind HTTPS the session cookie is __Host-cafe_sesion.
    const login = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'tostador', password: TEST_PASSWORD }, headers: { ...headers, ...(options?.publicUrl ? { origin: options.publicUrl } : {}) } });
    const session = login.cookies.find((cookie) => cookie.name.endsWith('cafe_sesion'))!;
    const cookie = `${session.name}=${session.value}`;
    const writeHeaders = { ...headers, ...(options?.publicUrl ? { origin: options.publicUrl } : {}) };
    const post = async (url: string, payload: object) => (await t.call(cookie, { method: 'POST', url, payload, headers: writeHeaders })).json() as { id: number };
    const origin = await post('/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Boa Vista'] });
    const green = await post('/api/green-coffee', { origin_id: origin.id, supplier_finca: 'Fazenda Boa Vista', quantity_kg: 10, unit_price: 5, entry_date: '2024-05-01', batch_code: 'QR-1' });
    const response = await t.call(cookie, { method: 'GET', url: `/api/labels.pdf?lots=green:${green.id}&format=62mm`, headers });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [page] = readPdf(response.rawPayload);
    return page!.render(4).qrIn({ x0: 0, y0: 0, x1: page!.width, y1: page!.height })?.text;
  }

  it('with PUBLIC_URL the QR code points there, whatever Host or X-Forwarded-Host the request carries', async () => {
    const text = await qrTextOf({ publicUrl: 'https://cafe.example.com', trustProxy: ['loopback'] }, { host: 'interno:3000', 'x-forwarded-host': 'otro.example', 'x-forwarded-proto': 'http' });
    expect(text).toBe('https://cafe.example.com/trazabilidad?lote=QR-1');
  });

  it('without PUBLIC_URL, the request\'s own origin: its Host, and X-Forwarded-Proto/-Host only from a trusted proxy', async () => {
    expect(await qrTextOf({}, { host: 'tienda.local:3100' })).toBe('http://tienda.local:3100/trazabilidad?lote=QR-1');
    // Not trusted: the forwarded headers are the client's own words and count for nothing.
    expect(await qrTextOf({}, { host: 'tienda.local:3100', 'x-forwarded-host': 'malo.example', 'x-forwarded-proto': 'https' }))
      .toBe('http://tienda.local:3100/trazabilidad?lote=QR-1');
    // Behind a proxy on this machine (inject's peer is 127.0.0.1): the address people used, as the proxy reports it.
    expect(await qrTextOf({ trustProxy: ['loopback'] }, { host: '127.0.0.1:3000', 'x-forwarded-host': 'Cafe.Example.com', 'x-forwarded-proto': 'https' }))
      .toBe('https://cafe.example.com/trazabilidad?lote=QR-1');
  });
});
