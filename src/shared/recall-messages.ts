// Lista de retirada: texts only the trace screen's recall action and the recall routes use, so
// they stay out of messages.ts, which the login and home load (CONTRIBUTING.md "Adding an area").

/** Lista de retirada (docs/product-guide.md#lista-de-retirada): who received a lot, for a recall. */
export const recallMessages = {
  title: 'Lista de retirada',
  /** The trace screen's action and its two downloads. */
  action: 'Lista de retirada',
  downloadCsv: 'Descargar CSV',
  downloadPdf: 'Descargar PDF',
  intro: 'Clientes que recibieron café de este lote, con sus datos de contacto, los kilos, las fechas y los albaranes.',
  // A code several lots share (a green code is unique per origin only): the trace lets the user choose one.
  ambiguousLot: 'Varios lotes tienen ese código: ábrelo en Trazabilidad y elige uno.',
  /** The anonymous sales, apart: a recall reaches them by a notice in the shop. */
  counterSales: 'Venta de mostrador',
  noCustomers: 'Ningún cliente registrado recibió café de este lote.',
  /** The PDF's texts. */
  lotLine: (kind: string, code: string, name: string) => `${kind} ${code} · ${name}`,
  generatedOn: (date: string) => `Generada el ${date}`,
  salesCount: (count: number) => (count === 1 ? '1 venta' : `${count} ventas`),
  total: 'Total',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;
