// Ventas: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate } from './format.js';
import { BATCH_CODE_MAX, SALE_BAGS_MAX, SALE_PRICE_MAX, SALE_QUANTITY_MAX_KG } from './limits.js';
import { EARLIEST, editedByOther, fieldProblem, notACalendarDate, notANumber } from './message-parts.js';

/** The labels the form shows, which its messages for a filled-but-wrong field name (docs/product-guide.md#validation-rules). */
// The price's currency ('($/Kg)', '(€/Kg)') is the shop's regional format: the screen adds it, a message names the field without it.
const labels = { quantity: 'Cantidad (Kg)', price: 'Precio Unitario', date: 'Fecha Venta', customer: 'Cliente', format: 'Formato', bags: 'Bolsas' } as const;

/** Ventas (docs/product-guide.md#ventas, #sale and #interface-texts). */
export const salesMessages = {
  labels,
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('esta venta', 'la'),
  // original (docs/product-guide.md#ventas)
  title: 'Registro de Ventas',
  historyTitle: 'Historial de Ventas',
  empty: 'No hay ventas registradas. ¡A vender café se ha dicho!',
  unknownProduct: 'Producto Desconocido',
  // original (docs/product-guide.md#sale)
  quantityPositive: 'La cantidad a vender debe ser mayor que cero.',
  // '… café tostado …' / '… café mezcla …': the original's '…' names the kind of product sold.
  notEnoughStock: (productType: 'tostado' | 'mezcla', availableKg: string) =>
    `No hay suficiente café ${productType} disponible. Solo tienes ${availableKg} Kg.`,
  invalidProduct: 'Producto seleccionado no válido.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta venta? Esto devolverá el producto al inventario.',
  // original (docs/product-guide.md#interface-texts)
  loadError: 'Error al cargar las ventas.',
  addError: 'Error al registrar la venta.',
  updateError: 'Error al actualizar la venta.',
  deleteError: 'Error al eliminar la venta.',
  // The old app's per-step failures; one transaction now, so they only name an impossible step in the server log.
  stockUpdateError: 'Error al actualizar el stock del producto.',
  returnStockError: 'Error al devolver el stock del producto.',
  added: 'Venta registrada con éxito.',
  updated: 'Venta actualizada con éxito.',
  deleted: 'Venta eliminada con éxito.',
  // ours: the original app required product, quantity, date, lot and type but gave no text (docs/product-guide.md#sale).
  required: 'Por favor, completa todos los campos: producto, cantidad, precio unitario, fecha de venta y lote.',
  quantityNotNumber: notANumber(labels.quantity),
  quantityTooLarge: `La cantidad a vender no puede superar ${SALE_QUANTITY_MAX_KG} Kg.`,
  priceNotNumber: notANumber(labels.price),
  priceNegative: 'El precio unitario no puede ser negativo.',
  priceTooLarge: `El precio unitario no puede superar ${SALE_PRICE_MAX} por Kg.`,
  invalidDate: (text: string) => notACalendarDate(labels.date, text),
  futureDate: 'La fecha de venta no puede ser posterior a hoy.',
  // ours (data rules): a sale comes after its product was made.
  dateTooOld: `La fecha de venta no puede ser anterior al ${EARLIEST}.`,
  beforeProduct: (productType: 'tostado' | 'mezcla', batchCode: string, madeOn: string) =>
    productType === 'tostado'
      ? `La fecha de venta no puede ser anterior al tueste del lote ${batchCode} (${formatDate(madeOn)}).`
      : `La fecha de venta no puede ser anterior a la creación de la mezcla ${batchCode} (${formatDate(madeOn)}).`,
  batchCodeTooLong: `El lote vendido puede tener como máximo ${BATCH_CODE_MAX} caracteres.`,
  batchMismatch: 'El lote indicado no corresponde al producto seleccionado. Vuelve a elegir el producto.',
  notFound: 'La venta no existe.',
  // ours (docs/product-guide.md#ventas): the optional customer must be one of the active ones.
  invalidCustomer: fieldProblem(labels.customer, 'elige un cliente activo de la lista.'),
  counterSale: 'Venta de mostrador',
  // ours (docs/product-guide.md#ventas): a sale of bags of a sale format, or bulk kilos.
  bulk: 'A granel',
  invalidFormat: fieldProblem(labels.format, 'elige un formato activo de la lista.'),
  bagsInvalid: fieldProblem(labels.bags, 'escribe un número entero de bolsas, mayor que cero.'),
  bagsTooMany: fieldProblem(labels.bags, `no pueden ser más de ${SALE_BAGS_MAX.toLocaleString('es-ES')}.`),
  formatAndBags: 'Formato y Bolsas van juntos: elige el formato e indica las bolsas, o deja la venta a granel.',
  // '4 × Bolsa 250 g = 1 Kg': the kilos are the bags times the format, exactly.
  bagsMismatch: (bags: number, format: string, kg: string) =>
    `${labels.quantity} debe ser ${labels.bags} × el formato: ${bags} × ${format} = ${kg} Kg.`,
  // 'Historial de Ventas', under the product: '4 × Bolsa 250 g'.
  bagsOf: (bags: number, format: string) => `${bags} × ${format}`,
  formatsLoadError: 'Error al cargar los formatos de venta.',
  customersLoading: 'Cargando clientes...',
  customersLoadError: 'Error al cargar los clientes.',
  noCustomers: 'Ningún cliente activo coincide con la búsqueda.',
  productsLoadError: 'Error al cargar los productos.',
  settingsLoadError: 'Error al cargar los precios por defecto.',
  noProducts: 'No hay productos con stock que coincidan.',
  loading: 'Cargando ventas...',
  productsLoading: 'Cargando productos...',
  // ours (docs/product-guide.md#ventas): a sale whose answer never came, in the form and after a reload.
  unconfirmed: 'No se pudo confirmar si la venta se registró. Puedes volver a enviarla sin riesgo de duplicarla.',
  pendingTitle: 'Venta sin confirmar',
  pendingAfterReload: (sale: string) =>
    `Hay una venta sin confirmar de antes de recargar la página (${sale}). Si ya se registró, reenviarla no la duplicará.`,
  resend: 'Reenviar venta',
  discard: 'Descartar',
} as const;
