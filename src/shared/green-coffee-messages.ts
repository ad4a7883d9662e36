// Café Verde: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate } from './format.js';
import { BATCH_CODE_MAX, GREEN_PRICE_MAX, GREEN_QUANTITY_MAX_KG, SUPPLIER_MAX } from './limits.js';
import { codeList, EARLIEST, editedByOther, notACalendarDate, notANumber } from './message-parts.js';

/** The labels the form shows, which its messages for a filled-but-wrong field name (docs/product-guide.md#validation-rules). */
// The price's currency ('($/Kg)', '(€/Kg)') is the shop's regional format: the screen adds it, a message names the field without it.
const labels = { quantity: 'Cantidad (Kg)', price: 'Precio Unitario', date: 'Fecha de Entrada' } as const;

/** Café Verde (docs/product-guide.md#cafe-verde, #green-lot and #interface-texts). */
export const greenCoffeeMessages = {
  labels,
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('este lote', 'lo'),
  // original
  title: 'Inventario de Café Verde',
  stockTitle: 'Stock Actual',
  empty: 'No hay café verde en el inventario...',
  required: 'Por favor, completa todos los campos.',
  supplierNotInOrigin: 'El proveedor/finca seleccionado no pertenece al origen elegido.',
  duplicateBatch:
    'Ya existe un lote con este código para el origen seleccionado. Por favor, usa un lote diferente o edita el existente.',
  loadError: 'Error al cargar el café verde.',
  originsLoadError: 'Error al cargar los orígenes.',
  addError: 'Error al agregar el café verde.',
  updateError: 'Error al actualizar el café verde.',
  deleteInUse: 'Error al eliminar el café verde. Asegúrate de que no esté asociado a café tostado.',
  added: 'Café verde agregado con éxito.',
  updated: 'Café verde actualizado con éxito.',
  deleted: 'Café verde eliminado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este café verde?',
  // ours
  notFound: 'El lote de café verde no existe.',
  // 'Generar Lote' writes the entry date as DD-MM-AA, so it needs one (the roast form's message, docs/product-guide.md#cafe-verde).
  lotCodeNeedsDate: 'Por favor, selecciona una Fecha de Entrada para generar el lote.',
  originNotFound: 'El origen seleccionado no existe.',
  quantityPositive: 'La cantidad (Kg) debe ser mayor que cero.',
  quantityTooLarge: `La cantidad no puede superar ${GREEN_QUANTITY_MAX_KG} Kg.`,
  priceNegative: 'El precio unitario no puede ser negativo.',
  priceTooLarge: `El precio unitario no puede superar ${GREEN_PRICE_MAX} por Kg.`,
  quantityNotNumber: notANumber(labels.quantity),
  priceNotNumber: notANumber(labels.price),
  invalidDate: (text: string) => notACalendarDate(labels.date, text),
  supplierTooLong: `El proveedor/finca puede tener como máximo ${SUPPLIER_MAX} caracteres.`,
  batchCodeTooLong: `El código de lote puede tener como máximo ${BATCH_CODE_MAX} caracteres.`,
  concurrentEdit: 'El lote cambió mientras lo editabas. Vuelve a cargar la página e inténtalo de nuevo.',
  stockBelowZero: (usedKg: string) =>
    `La cantidad no puede ser menor que lo ya usado de este lote (${usedKg} Kg): el stock quedaría por debajo de cero.`,
  // ours (data rules): dates in order, and an origin its roasts keep.
  futureDate: 'La fecha de entrada no puede ser posterior a hoy.',
  dateTooOld: `La fecha de entrada no puede ser anterior al ${EARLIEST}.`,
  entryAfterRoast: (roastCode: string, roastDate: string) =>
    `La fecha de entrada no puede ser posterior al tueste ${roastCode} (${formatDate(roastDate)}) hecho con este lote.`,
  originFixed: (roastCodes: readonly string[]) =>
    `No se puede cambiar el origen: el lote ya tiene ${roastCodes.length === 1 ? 'un tueste' : 'tuestes'} (${codeList(roastCodes)}).`,
} as const;
