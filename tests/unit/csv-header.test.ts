import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, csvHeaderCells } from '#shared/csv-header.js';
import { csvContent, parseCsvRecords } from '#server/untrusted-files/csv-text.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/shop/${name}`, import.meta.url), 'utf8');

/** The header as the server's import reads it: the parser's first record, trimmed, empty cells aside. */
const serverHeader = (text: string) => {
  const content = csvContent(text);
  return parseCsvRecords(content, csvDelimiter(content), 1)[0]!.map((cell) => cell.trim()).filter((cell) => cell !== '');
};

// The headers 'Nueva correspondencia de columnas' offers for the chosen file (src/shared/csv-header.ts),
// read in the browser as the server's import reads them.
describe('a CSV file\'s header cells', () => {
  it('Shopify\'s export, with commas, and with BOM, semicolons and CRLF: the same 79 headers as the server reads', () => {
    const commas = fixture('shopify-orders.csv');
    const semicolons = fixture('shopify-orders-semicolon-bom.csv');
    expect(semicolons.startsWith('\uFEFF')).toBe(true);
    const headers = csvHeaderCells(commas);
    expect(headers).toHaveLength(79);
    expect(headers.slice(0, 3)).toEqual(['Name', 'Email', 'Financial Status']);
    expect(headers).toEqual(serverHeader(commas));
    expect(csvHeaderCells(semicolons)).toEqual(headers);
    expect(csvHeaderCells(semicolons)).toEqual(serverHeader(semicolons));
  });

  it('a WooCommerce plugin\'s Spanish headers, split on semicolons though they hold parentheses and commas in quotes', () => {
    const text = 'Número de pedido;Fecha del pedido;"Nombre de facturación";"Correo electrónico (facturación)";"Cantidad, uds.";"Nota ""regalo"""\r\n2041;05/03/2026;Marta;m@x.es;2;\r\n';
    const headers = csvHeaderCells(text);
    expect(headers).toEqual(['Número de pedido', 'Fecha del pedido', 'Nombre de facturación', 'Correo electrónico (facturación)', 'Cantidad, uds.', 'Nota "regalo"']);
    expect(headers).toEqual(serverHeader(text));
  });

  it('a tab-separated header, a quoted header over two lines, and a file cut in the middle of a row', () => {
    expect(csvHeaderCells('Pedido\tFecha\tCliente\n1\t2026-03-05\tAna')).toEqual(['Pedido', 'Fecha', 'Cliente']);
    const twoLines = '"Notas del\npedido",Pedido\n"a\nb",1\n';
    expect(csvHeaderCells(twoLines)).toEqual(['Notas del\npedido', 'Pedido']);
    expect(csvHeaderCells(twoLines)).toEqual(serverHeader(twoLines));
    // Only the first 64 KB are read: the header is whole, the rows after it may not be.
    expect(csvHeaderCells('Pedido,Fecha, Cliente ,,Pedido\n1,2026-03-0')).toEqual(['Pedido', 'Fecha', 'Cliente']);
  });
});
