import { describe, expect, it } from 'vitest';
import { a4Pdf } from '#server/features/labels/service.js';
import { readPdf, within } from '../helpers/pdf-pages.js';

/**
 * The A4 documents' layout (src/server/features/labels/a4-document.ts, docs/decisions/0044-recall-list-and-delivery-note.md):
 * a table longer than a page goes on over several, its header on each, every text inside the
 * page's margins, a footer on every page, and a word wider than its column broken, never cut off.
 */
describe('documentos A4', () => {
  const MARGIN = (18 * 72) / 25.4;

  it('continues a long table on the next pages with its header, and numbers every page', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({ cells: [`Cliente ${index + 1}`, `Calle ${index + 1}\nTeléfono 600 000 ${String(index).padStart(3, '0')}`, `${index + 1}.00 Kg`] }));
    const pdf = await a4Pdf({
      title: 'Prueba',
      footer: (page, pages) => `Página ${page} de ${pages}`,
      blocks: [
        { type: 'title', text: 'Lista de retirada · VERDE-01' },
        { type: 'table', columns: [{ header: 'Cliente', width: 0.4 }, { header: 'Contacto', width: 0.4 }, { header: 'Cantidad', width: 0.2, align: 'right' }], rows },
      ],
    });
    const pages = readPdf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.flatMap((page) => page.lines.map((line) => line.text));
    for (let index = 1; index <= 120; index++) expect(all).toContain(`Cliente ${index}`);
    for (const [number, page] of pages.entries()) {
      const texts = page.lines.map((line) => line.text);
      // The header's own words: no row says them.
      expect(texts.join('\n')).toMatch(/Contacto[\s\S]*Cantidad/);
      expect(texts).toContain(`Página ${number + 1} de ${pages.length}`);
      const inside = { x0: MARGIN - 1, y0: MARGIN - 1, x1: page.width - MARGIN + 1, y1: page.height - MARGIN + 1 };
      for (const line of page.lines) expect(within(line.bbox, inside, 0.5), `«${line.text}» dentro de los márgenes ${JSON.stringify(line.bbox)} ${JSON.stringify(inside)}`).toBe(true);
    }
  });

  it('breaks a word wider than its column between characters, keeping every character', async () => {
    const long = 'pedidos.mayoristas.de.la.cafeteria@un-dominio-muy-largo.example.es';
    const pdf = await a4Pdf({
      title: 'Prueba',
      footer: () => '',
      blocks: [{ type: 'table', columns: [{ header: 'Correo', width: 0.2 }, { header: 'Resto', width: 0.8 }], rows: [{ cells: [long, 'x'] }] }],
    });
    const [page] = readPdf(pdf);
    const pieces = page!.lines.map((line) => line.text).filter((text) => text !== 'Correo' && text !== 'Resto' && !text.endsWith('x'));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(long);
  });
});
