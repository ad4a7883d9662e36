// Café Tostado: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate, type Formatter } from './format.js';
import { BATCH_CODE_MAX, CUPPING_SCORE_MAX, GREEN_QUANTITY_MAX_KG, ROAST_NOTES_MAX } from './limits.js';
import { codeList, EARLIEST, editedByOther, notACalendarDate, notANumber } from './message-parts.js';

/** The labels the form shows, which its messages for a filled-but-wrong field name (docs/product-guide.md#validation-rules). */
const labels = { greenKg: 'Cantidad de Café Verde (Kg)', resultantKg: 'Kilos Resultantes', date: 'Fecha de Tostado', notes: 'Notas', cuppingScore: 'Puntuación de cata' } as const;

/** What already uses a roasted lot: 'la mezcla CA-MZ-1 y en 2 ventas', 'las mezclas A, B', '1 venta'. */
const roastUsesText = (blendCodes: readonly string[], sales: number): string =>
  [
    blendCodes.length === 1 ? `la mezcla ${blendCodes[0]}` : blendCodes.length > 1 ? `las mezclas ${codeList(blendCodes)}` : '',
    sales === 1 ? '1 venta' : sales > 1 ? `${sales} ventas` : '',
  ]
    .filter(Boolean)
    .join(' y en ');

/** Café Tostado (docs/product-guide.md#cafe-tostado, #roasted-lot and #interface-texts). */
export const roastedCoffeeMessages = {
  labels,
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('este tueste', 'lo'),
  // original
  title: 'Inventario de Café Tostado',
  required: 'Por favor, completa todos los campos obligatorios.',
  resultantAboveGreen: 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.',
  invalidGreenLot: 'El lote de café verde seleccionado no es válido.',
  // The spec's text first, then what the lot holds, as a sale's 'Solo tienes X Kg.' does
  // (src/shared/sales-messages.ts); every gram (docs/product-guide.md#business-constants).
  notEnoughGreen: (availableKg: number, f: Formatter) =>
    `No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes ${f.kgExact(availableKg)}.`,
  lotCodeNeedsOriginAndDate: 'Por favor, selecciona un Origen del Café Verde y una Fecha de Tostado para generar el lote.',
  lotCodeOriginNotFound: 'Origen del café verde no encontrado.',
  loadError: 'Error al cargar el café tostado.',
  greenLoadError: 'Error al cargar el café verde disponible.',
  originsLoadError: 'Error al cargar todos los orígenes.',
  addError: 'Error al agregar el café tostado.',
  updateError: 'Error al actualizar el café tostado.',
  deleteInUse: 'Error al eliminar el café tostado. Asegúrate de que no esté asociado a mezclas o ventas.',
  // The old app's per-step failures; one transaction now, so they only name an impossible step in the server log.
  returnOldGreenError: 'Error al devolver la cantidad anterior de café verde.',
  returnGreenError: 'Error al devolver la cantidad de café verde.',
  added: 'Café tostado agregado con éxito.',
  updated: 'Café tostado actualizado con éxito.',
  deleted: 'Café tostado eliminado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este café tostado?',
  // ours
  notFound: 'El café tostado no existe.',
  greenQuantityPositive: 'La Cantidad de Café Verde debe ser mayor que cero.',
  resultantPositive: 'Los Kilos Resultantes deben ser mayores que cero.',
  quantityTooLarge: `La cantidad no puede superar ${GREEN_QUANTITY_MAX_KG} Kg.`,
  invalidRoastType: 'El tipo de tueste debe ser Claro, Medio u Oscuro.',
  greenKgNotNumber: notANumber(labels.greenKg),
  resultantKgNotNumber: notANumber(labels.resultantKg),
  invalidDate: (text: string) => notACalendarDate(labels.date, text),
  batchCodeInvalid: 'El lote debe ser texto.',
  batchCodeTooLong: `El código de lote puede tener como máximo ${BATCH_CODE_MAX} caracteres.`,
  duplicateBatch: 'Ya existe café tostado con este código de lote. Genera otro o escribe uno diferente.',
  lotCodeUnavailable: 'No se pudo generar un código de lote libre. Inténtalo de nuevo.',
  stockBelowZero: (usedKg: string) =>
    `Los Kilos Resultantes no pueden ser menores que lo ya usado de este lote (${usedKg} Kg): el stock quedaría por debajo de cero.`,
  greenEmpty: 'No hay café verde disponible para tostar.',
  empty: 'No hay café tostado en el inventario...',
  // ours (data rules): dates in order, and what blends and sales recorded about the roast.
  futureDate: 'La fecha de tostado no puede ser posterior a hoy.',
  dateTooOld: `La fecha de tostado no puede ser anterior al ${EARLIEST}.`,
  beforeGreenEntry: (greenCode: string, entryDate: string) =>
    `La fecha de tostado no puede ser anterior a la entrada del lote de café verde ${greenCode} (${formatDate(entryDate)}).`,
  afterBlend: (blendCode: string, creationDate: string) =>
    `La fecha de tostado no puede ser posterior a la mezcla ${blendCode} (${formatDate(creationDate)}) que usa este tueste.`,
  afterSale: (saleDate: string) => `La fecha de tostado no puede ser posterior a la primera venta de este tueste (${formatDate(saleDate)}).`,
  greenLotFixed: (blendCodes: readonly string[], sales: number) =>
    `No se puede cambiar el lote de café verde: el tueste ya se usó en ${roastUsesText(blendCodes, sales)}.`,
  // ours (docs/decisions/0053-reference-profile.md): notes, cupping score and the reference profile
  notesInvalid: 'Las notas deben ser texto.',
  notesTooLong: `Las notas pueden tener como máximo ${ROAST_NOTES_MAX} caracteres.`,
  cuppingNotNumber: notANumber(labels.cuppingScore),
  cuppingOutOfRange: `La Puntuación de cata debe estar entre 0 y ${CUPPING_SCORE_MAX}.`,
  referenceNoCurve: 'Solo un tueste con curva de Artisan puede ser el perfil de referencia.',
  referenceAdminOnly: 'Solo un administrador puede marcar el perfil de referencia.',
  referenceMarked: (batchCode: string) => `${batchCode} es ahora el perfil de referencia de su origen y tipo de tueste.`,
  referenceUnmarked: (batchCode: string) => `${batchCode} ya no es el perfil de referencia.`,
  referenceError: 'Error al cambiar el perfil de referencia.',
  roastTypeFixed: (blendCodes: readonly string[], sales: number) =>
    `No se puede cambiar el tipo de tueste: el tueste ya se usó en ${roastUsesText(blendCodes, sales)}.`,
} as const;
