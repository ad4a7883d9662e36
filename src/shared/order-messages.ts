// Pedidos: texts only its screen and its API answers show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2).
import { formatDate } from './format.js';
import { ORDER_BAGS_MAX, ORDER_DUE_MAX_DAYS, ORDER_LINES_MAX, ORDER_NOTES_MAX, SALE_PRICE_MAX, SALE_QUANTITY_MAX_KG } from './limits.js';
import { editedByOther, fieldProblem, notACalendarDate } from './message-parts.js';

/** The labels the form shows, which the messages for a filled-but-wrong field name. */
const labels = {
  customer: 'Cliente',
  dueDate: 'Fecha de entrega',
  notes: 'Notas',
  repeat: 'Repetir',
  product: 'Producto',
  format: 'Formato',
  bags: 'Bolsas',
  quantity: 'Cantidad (Kg)',
  price: 'Precio por Kg',
  grind: 'Molienda',
} as const;

/** An order's state as the screen, the activity log and the messages write it. */
export const ORDER_STATUS_LABELS = {
  pendiente: 'Pendiente',
  preparado: 'Preparado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
} as const;

export const GRIND_LABELS = { grano: 'Grano', molido: 'Molido' } as const;

/** 'Pedido 12 · Café Sol': how the activity log and the messages name an order. */
export const orderLabel = (id: number, customerName: string): string => `Pedido ${id} · ${customerName}`;

/** '2026-0001': a delivery note's number, its year and its sequence in that year. */
export const deliveryNoteNumber = (year: number, seq: number): string => `${year}-${String(seq).padStart(4, '0')}`;

/** Pedidos (docs/product-guide.md#pedidos). */
export const orderMessages = {
  labels,
  title: 'Pedidos',
  editedByOther: editedByOther('este pedido', 'lo'),
  notFound: 'El pedido no existe.',
  required: 'Por favor, completa el cliente, la fecha de entrega y al menos una línea con producto, cantidad, precio y molienda.',
  invalidCustomer: fieldProblem(labels.customer, 'elige un cliente activo de la lista.'),
  invalidDueDate: (text: string) => notACalendarDate(labels.dueDate, text),
  dueDatePast: 'La fecha de entrega no puede ser anterior a hoy.',
  dueDateTooFar: `La fecha de entrega no puede ser más de ${ORDER_DUE_MAX_DAYS} días posterior a hoy.`,
  notesTooLong: `Las notas no pueden tener más de ${ORDER_NOTES_MAX} caracteres.`,
  notesInvalid: 'Las notas del pedido deben ser texto.',
  invalidRepeat: fieldProblem(labels.repeat, 'elige no repetir, cada semana, cada 2 semanas o cada 4 semanas.'),
  noLines: 'El pedido necesita al menos una línea.',
  tooManyLines: `Un pedido puede tener como máximo ${ORDER_LINES_MAX} líneas.`,
  // A line's messages start with its number ('Línea 2: …'), as the form lists them.
  line: (position: number, problem: string) => `Línea ${position}: ${problem}`,
  invalidProduct: fieldProblem(labels.product, 'elige un café tostado (origen y tueste) o una receta de mezcla de la lista.'),
  unknownOrigin: fieldProblem(labels.product, 'el origen elegido no existe.'),
  unknownRecipe: fieldProblem(labels.product, 'la receta de mezcla elegida no existe.'),
  invalidFormat: fieldProblem(labels.format, 'elige un formato activo de la lista o «A granel».'),
  quantityNotNumber: fieldProblem(labels.quantity, 'escribe un número, con coma o punto decimal.'),
  quantityPositive: 'La cantidad debe ser mayor que cero.',
  quantityDecimals: 'La cantidad en Kg puede tener como máximo 3 decimales.',
  bagsWhole: fieldProblem(labels.bags, 'escribe un número entero de bolsas.'),
  bagsTooMany: fieldProblem(labels.bags, `como máximo ${ORDER_BAGS_MAX} bolsas por línea.`),
  quantityTooLarge: `La cantidad de una línea no puede superar ${SALE_QUANTITY_MAX_KG} Kg.`,
  priceNotNumber: fieldProblem(labels.price, 'escribe un número, con coma o punto decimal.'),
  priceNegative: 'El precio por Kg no puede ser negativo.',
  priceDecimals: 'El precio por Kg puede tener como máximo 2 decimales.',
  priceTooLarge: `El precio por Kg no puede superar ${SALE_PRICE_MAX}.`,
  invalidGrind: fieldProblem(labels.grind, 'elige «Grano» o «Molido».'),
  invalidCursor: 'La página pedida no es válida: vuelve a cargar la lista.',
  invalidFilterDate: 'El filtro de fechas de entrega no es una fecha válida (AAAA-MM-DD).',
  // State changes (docs/product-guide.md#pedidos): each names the state the order is in.
  notPending: (status: string) => `Solo se puede modificar un pedido pendiente: este está ${status.toLowerCase()}.`,
  cannotCancel: (status: string) =>
    status === ORDER_STATUS_LABELS.preparado
      ? 'El pedido está preparado: usa «Deshacer preparación» antes de cancelarlo.'
      : `No se puede cancelar un pedido ${status.toLowerCase()}.`,
  cannotFulfil: (status: string) => `Solo se puede preparar un pedido pendiente: este está ${status.toLowerCase()}.`,
  cannotUndo: (status: string) => `Solo se puede deshacer la preparación de un pedido preparado: este está ${status.toLowerCase()}.`,
  cannotDeliver: (status: string) => `Solo se puede entregar un pedido preparado: este está ${status.toLowerCase()}.`,
  // Fulfil (docs/decisions/0043-orders.md): a lot that changed since the allocation was shown.
  lotChanged: (batchCode: string) =>
    `El stock del lote ${batchCode} cambió mientras preparabas el pedido. Vuelve a cargar la propuesta de lotes; no se registró nada.`,
  lotNotFound: 'Uno de los lotes elegidos ya no existe. Vuelve a cargar la propuesta de lotes; no se registró nada.',
  lotWrongProduct: (batchCode: string) => `El lote ${batchCode} no es del producto de su línea. Elige lotes de ese producto.`,
  lotNotEnough: (batchCode: string, availableKg: string) => `No hay suficiente café en el lote ${batchCode}: solo tiene ${availableKg} Kg.`,
  lotRepeated: (batchCode: string) => `El lote ${batchCode} aparece dos veces en la misma línea: junta sus kilos.`,
  lineSumMismatch: (position: number, wantedKg: string, chosenKg: string) =>
    `Línea ${position}: los lotes elegidos suman ${chosenKg} Kg y la línea pide ${wantedKg} Kg.`,
  fulfilLinesMismatch: 'La preparación debe incluir cada línea del pedido una sola vez. Vuelve a cargar la propuesta de lotes.',
  fulfilRequired: 'Por favor, elige los lotes de cada línea con sus kilos.',
  // A sale that an order prepared is changed through the order (docs/product-guide.md#pedidos).
  saleBelongsToOrder: (orderId: number) =>
    `Esta venta es parte del pedido ${orderId}: para cambiarla, usa «Deshacer preparación» en Pedidos.`,
  // Deleting what an order names (docs/product-guide.md#pedidos): deactivate it instead.
  customerInOrders: 'No se puede eliminar el cliente: tiene pedidos. Desactívalo en su lugar.',
  originInOrders: 'No se puede eliminar el origen: hay pedidos de ese café.',
  recipeInOrders: 'No se puede eliminar la receta: hay pedidos de esa mezcla.',
  // Activity log (docs/product-guide.md#pedidos).
  activityFulfilled: (note: string) => `preparado (albarán ${note})`,
  activityUndone: 'preparación deshecha',
  activityDelivered: 'entregado',
  activityCancelled: 'cancelado',
  nextOrder: (id: number, dueDate: string) => `Siguiente pedido: ${id}, entrega el ${formatDate(dueDate)}.`,
} as const;
