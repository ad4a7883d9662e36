// Pedidos de la tienda online: texts only the shop import shows, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { editedByOther } from './message-parts.js';

/** 'Importar pedidos de la tienda' (docs/product-guide.md#pedidos-de-la-tienda-online). Ours. */
export const shopOrderMessages = {
  title: 'Importar pedidos de la tienda',
  intro:
    'Sube la exportación de pedidos de tu tienda online (CSV). Shopify se reconoce sola; para otra tienda, guarda una vez qué columna es cada dato.',
  fileLabel: 'Archivo CSV de pedidos',
  presetLabel: 'Columnas del archivo',
  presetShopify: 'Shopify (se reconoce sola)',
  checking: 'Revisando el archivo...',
  importing: 'Importando...',
  importButton: 'Importar pedidos',
  cancel: 'Cancelar',
  previewTitle: 'Vista previa',
  stateNew: 'Nuevo',
  stateImported: 'Ya importado',
  stateCancelled: 'Cancelado',
  customerNew: 'nuevo',
  ready: (orders: number) => `${orders === 1 ? '1 pedido nuevo listo' : `${orders} pedidos nuevos listos`} para importar.`,
  nothingNew: 'No hay pedidos nuevos que importar en este archivo.',
  withProblems: (orders: number) =>
    `${orders === 1 ? '1 pedido nuevo tiene' : `${orders} pedidos nuevos tienen`} problemas: corrígelos (o elige el producto de cada SKU) y vuelve a revisar el archivo. No se importará nada hasta entonces.`,
  imported: (created: number, skipped: number) =>
    `${created === 1 ? '1 pedido importado' : `${created} pedidos importados`} con éxito${skipped > 0 ? ` (${skipped === 1 ? '1 omitido' : `${skipped} omitidos`}: ya importados, cancelados o sin café)` : ''}.`,
  importError: 'Error al importar los pedidos de la tienda.',
  previewError: 'Error al revisar el archivo de pedidos.',
  // Preview columns
  columns: { order: 'Pedido', date: 'Fecha', customer: 'Cliente', lines: 'Líneas', state: 'Estado', problems: 'Problemas' },
  pricePerKg: (price: string) => `${price}/Kg`,

  // The file as a whole
  notShopify:
    'El archivo no es una exportación de pedidos de Shopify. Para otra tienda, elige en «Columnas del archivo» una correspondencia guardada o crea una nueva.',
  lineItemsNeeded:
    'El archivo solo tiene los totales de cada pedido, sin sus productos (como la lista de pedidos de PrestaShop). Exporta los pedidos con una fila por producto (artículos del pedido) y vuelve a subirlo.',
  missingColumns: (columns: readonly string[]) =>
    `Faltan columnas en el encabezado: ${columns.map((column) => `«${column}»`).join(', ')}. Revisa la correspondencia de columnas elegida.`,
  duplicateColumn: (column: string) => `La columna «${column}» aparece más de una vez en el encabezado.`,
  noOrders: 'El archivo solo tiene la fila de encabezados: no hay pedidos que importar.',
  tooManyRows: (max: number) => `El archivo tiene demasiadas filas: como máximo ${max} líneas de pedido por importación.`,
  tooManyColumns: (max: number) => `El archivo tiene demasiadas columnas (máximo ${max}).`,
  tooManyCells: (max: number) => `El archivo tiene demasiadas celdas (máximo ${max}).`,
  presetNotFound: 'La correspondencia de columnas elegida no existe.',
  notSaved: 'Hay pedidos nuevos con problemas: no se ha importado nada. Corrígelos y vuelve a revisar el archivo.',
  alreadyImporting: 'Otra importación acaba de crear alguno de estos pedidos: vuelve a revisar el archivo.',

  // One order or line
  rowColumnCount: (row: number, found: number, expected: number) => `La fila ${row} tiene ${found} columnas y el encabezado ${expected}.`,
  noOrderNumber: (row: number) => `La fila ${row} no tiene número de pedido.`,
  badDate: (text: string) => `La fecha del pedido «${text}» no es válida (usa aaaa-mm-dd o dd/mm/aaaa).`,
  noCustomer: 'El pedido no tiene nombre de cliente ni correo electrónico.',
  badQuantity: (line: string) => `La cantidad de «${line}» no es un número entero mayor que 0.`,
  badPrice: (line: string) => `El precio de «${line}» no es un número válido (usa coma o punto decimal, sin separador de miles).`,
  noLineName: 'Una línea no tiene SKU ni nombre de producto.',
  unknownSku: (sku: string) => `El producto «${sku}» de la tienda no tiene correspondencia: elige a qué café corresponde (o «Ignorar»).`,
  customerInactive: (name: string) => `El cliente «${name}» está desactivado: actívalo en Clientes antes de importar sus pedidos.`,
  formatInactive: (sku: string, format: string) => `El producto «${sku}» usa el formato «${format}», que está desactivado: cambia su correspondencia.`,
  onlyIgnored: 'Solo tiene productos que no son café: no se importa.',
  partiallyRefunded: 'Reembolsado en parte: se importa completo, revisa las líneas.',
  customerInvalid: (message: string) => `Cliente: ${message}`,
  lineInvalid: (line: string, message: string) => `«${line}»: ${message}`,
  orderLine: (order: string, message: string) => `Pedido ${order}: ${message}`,

  // SKU mappings
  skuTitle: 'Productos de la tienda',
  skuRequired: 'Por favor, escribe el SKU (o el nombre del producto) y elige su café o «Ignorar».',
  skuTooLong: (max: number) => `El SKU no puede tener más de ${max} caracteres.`,
  productRequired: 'Elige el café de la tienda: un origen y tipo de tueste o una receta, y «Grano» o «Molido».',
  productInvalid: 'Producto seleccionado no válido.',
  formatInvalid: 'Formato seleccionado no válido.',
  grindInvalid: 'Elige «Grano» o «Molido».',
  ignoreInvalid: 'Indica si el producto se ignora (sí o no).',
  skuDuplicate: (sku: string) => `El SKU «${sku}» ya tiene correspondencia. Edítala en la lista.`,
  skuNotFound: 'La correspondencia del SKU no existe.',
  skuEditedByOther: editedByOther('esta correspondencia', 'la'),
  ignore: 'Ignorar',
  grain: 'Grano',
  ground: 'Molido',
  bulk: 'A granel (Kg)',

  // Column presets
  presetRequired: 'Por favor, escribe un nombre y elige las columnas del número de pedido, la fecha, el cliente, el producto (SKU o nombre), la cantidad y el precio.',
  presetNameTooLong: (max: number) => `El nombre no puede tener más de ${max} caracteres.`,
  presetHeaderTooLong: (max: number) => `Un nombre de columna no puede tener más de ${max} caracteres.`,
  presetEditedByOther: editedByOther('esta correspondencia de columnas', 'la'),
  presetDuplicate: (name: string) => `Ya existe una correspondencia con ese nombre: «${name}». Usa otro nombre.`,
  presetFields: {
    order: 'Número de pedido',
    date: 'Fecha',
    customer_name: 'Nombre del cliente',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    sku: 'SKU',
    product_name: 'Nombre del producto',
    quantity: 'Cantidad',
    unit_price: 'Precio unitario',
    cancelled: 'Cancelado o reembolsado',
    notes: 'Notas',
  },
} as const;
