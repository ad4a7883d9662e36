// Café Mezcla: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate } from './format.js';
import { EARLIEST, editedByOther, notACalendarDate, notANumber } from './message-parts.js';

/** The labels the form shows, which its messages for a filled-but-wrong field name (docs/product-guide.md#validation-rules). */
const labels = { totalKg: 'Cantidad Total (Kg)', date: 'Fecha de Creación' } as const;

/** Café Mezcla (docs/product-guide.md#cafe-mezcla, #blend and #interface-texts). */
export const blendedCoffeeMessages = {
  labels,
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('esta mezcla', 'la'),
  // original
  title: 'Inventario de Café Mezcla',
  required: 'Por favor, completa todos los campos y añade al menos un componente.',
  // 'Los porcentajes … deben sumar 100%. Actualmente suman X%.' is percentageMessages.mustTotal100, shared with recipes.
  notEnoughStock: (batchCode: string, availableKg: string, neededKg: string) =>
    `No hay suficiente stock en el lote ${batchCode}. Disponible: ${availableKg}, Necesario: ${neededKg} Kg.`,
  extraComponent: 'Por favor, selecciona un origen y un porcentaje válido para el componente adicional.',
  lotCodeNeedsRecipeAndDate: 'Por favor, selecciona una Receta y una Fecha de Creación para generar el lote.',
  loadError: 'Error al cargar las mezclas de café.',
  roastedLoadError: 'Error al cargar el café tostado para componentes.',
  recipesLoadError: 'Error al cargar las recetas.',
  addError: 'Error al agregar la mezcla de café.',
  updateError: 'Error al actualizar la mezcla de café.',
  deleteInUse: 'Error al eliminar la mezcla de café. Asegúrate de que no esté asociada a ventas.',
  // The old app's per-step failure; one transaction now, so it only names an impossible step in the server log.
  returnRoastedError: 'Error al devolver la cantidad de café tostado.',
  added: 'Mezcla agregada con éxito.',
  updated: 'Mezcla actualizada con éxito.',
  deleted: 'Mezcla eliminada con éxito.',
  // The blend's confirmation adds that the roasted coffee returns to the inventory (docs/product-guide.md#cafe-mezcla), worded like the sale's.
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta mezcla de café? Esto devolverá el café tostado al inventario.',
  // ours
  drawMismatch: (originName: string, usedKg: string, requiredKg: string) =>
    `Las cantidades usadas del componente ${originName} suman ${usedKg} Kg, pero se necesitan ${requiredKg} Kg.`,
  roastedNotInOrigin: (batchCode: string, originName: string) =>
    `El lote de café tostado ${batchCode} no es del origen ${originName} de su componente.`,
  invalidRoastedLot: 'El lote de café tostado seleccionado no es válido.',
  sameLotTwice: 'Un mismo lote de café tostado solo puede usarse una vez en la mezcla.',
  sameOriginTwice: 'Cada origen solo puede aparecer en un componente de la mezcla.',
  invalidOrigin: 'Origen de café seleccionado no válido.',
  invalidRecipe: 'La receta seleccionada no existe.',
  tooManyComponents: (max: number) => `Una mezcla puede tener como máximo ${max} componentes.`,
  tooManyDraws: (max: number) => `Un componente puede usar como máximo ${max} lotes de café tostado.`,
  nameTooLong: (max: number) => `El nombre puede tener como máximo ${max} caracteres.`,
  totalPositive: 'La cantidad total (Kg) debe ser mayor que cero.',
  totalTooLarge: (max: number) => `La cantidad total no puede superar ${max} Kg.`,
  quantityUsedPositive: 'La cantidad usada de cada lote debe ser mayor que cero.',
  totalKgNotNumber: notANumber(labels.totalKg),
  invalidDate: (text: string) => notACalendarDate(labels.date, text),
  batchCodeInvalid: 'El lote debe ser texto.',
  batchCodeTooLong: (max: number) => `El código de lote puede tener como máximo ${max} caracteres.`,
  duplicateBatch: 'Ya existe una mezcla con este código de lote. Genera otro o escribe uno diferente.',
  lotCodeUnavailable: 'No se pudo generar un código de lote libre. Inténtalo de nuevo.',
  stockBelowZero: (soldKg: string) =>
    `La cantidad total no puede ser menor que lo ya vendido de esta mezcla (${soldKg} Kg): el stock quedaría por debajo de cero.`,
  notFound: 'La mezcla de café no existe.',
  empty: 'No hay mezclas de café registradas.',
  roastedEmpty: 'No hay café tostado disponible para mezclas.',
  loading: 'Cargando mezclas...',
  originsLoadError: 'Error al cargar los orígenes de café.',
  fifoNeedsTotals: 'Para rellenar los lotes, indica la cantidad total y porcentajes que sumen 100%.',
  roastedStockTitle: 'Café Tostado Disponible',
  blendsTitle: 'Mezclas Actuales',
  // ours (data rules): dates in order, and the composition its sales recorded.
  futureDate: 'La fecha de creación no puede ser posterior a hoy.',
  dateTooOld: `La fecha de creación no puede ser anterior al ${EARLIEST}.`,
  beforeRoast: (roastCode: string, roastDate: string) =>
    `La fecha de creación no puede ser anterior al tueste del lote ${roastCode} (${formatDate(roastDate)}) que usa la mezcla.`,
  afterSale: (saleDate: string) => `La fecha de creación no puede ser posterior a la primera venta de esta mezcla (${formatDate(saleDate)}).`,
  compositionFixed: (sales: number) =>
    `La mezcla ya tiene ${sales === 1 ? '1 venta' : `${sales} ventas`}: no se pueden cambiar su receta, sus orígenes, sus porcentajes ` +
    'ni los lotes de café tostado que usa (sí las cantidades, el nombre, la fecha y el lote).',
} as const;
