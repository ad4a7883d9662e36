// Albarán: texts only the delivery note's PDF and its route use, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area").

/** Albarán (docs/product-guide.md#albaran): the delivery note of a prepared order. */
export const deliveryNoteMessages = {
  title: (number: string) => `Albarán ${number}`,
  notPrepared: 'El pedido no está preparado: el albarán se imprime una vez preparado el pedido.',
  /** While Configuración › Datos del negocio has no trade name, the app's name heads the note. */
  business: 'Sistema de Gestión de Café',
  sanitaryRegistration: (number: string) => `Registro sanitario: ${number}`,
  customer: 'Cliente',
  taxId: (taxId: string) => `NIF/CIF: ${taxId}`,
  order: (id: number) => `Pedido ${id}`,
  orderDate: (date: string) => `Fecha del pedido: ${date}`,
  preparedDate: (date: string) => `Preparado: ${date}`,
  dueDate: (date: string) => `Fecha de entrega: ${date}`,
  deliveredDate: (date: string) => `Entregado: ${date}`,
  columns: { product: 'Producto', lots: 'Lotes', kg: 'Kg', bags: 'Bolsas', price: 'Precio por Kg', total: 'Total' },
  bulk: 'A granel',
  roastDate: (date: string) => `tostado ${date}`,
  /** A blend's roast date is its oldest component's (docs/decisions/0049-roast-age-and-public-page.md). */
  blendRoastDate: (date: string) => `mezcla, tostado ${date}`,
  grandTotal: 'Total del albarán',
  traceTitle: 'Trazabilidad de los lotes: escanea el código para ver su origen',
  received: 'Recibí conforme (nombre, firma y fecha):',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const;
