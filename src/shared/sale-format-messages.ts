// Configuración's sale formats ('Formatos de venta'): texts only its section and the sale form
// show, so they stay out of messages.ts, which the login and home load (CONTRIBUTING.md
// "Adding an area", step 2).
import { SALE_FORMAT_GRAMS_MAX, SALE_FORMAT_NAME_MAX } from './limits.js';
import { editedByOther, fieldProblem } from './message-parts.js';

/** 'Formatos de venta' on the Configuración screen (docs/product-guide.md#configuracion). */
export const saleFormatMessages = {
  title: 'Formatos de venta',
  intro: 'Los tamaños de bolsa que se venden. La venta y los pedidos calculan los kilos como bolsas × gramos.',
  empty: 'No hay formatos de venta. Las ventas se registran a granel.',
  required: 'Por favor, completa el nombre y los gramos del formato.',
  nameTooLong: `El nombre no puede tener más de ${SALE_FORMAT_NAME_MAX} caracteres.`,
  gramsNotInteger: fieldProblem('Gramos', 'escribe un número entero de gramos, sin decimales.'),
  gramsTooSmall: fieldProblem('Gramos', 'el formato debe tener al menos 1 g.'),
  gramsTooLarge: fieldProblem('Gramos', `el formato no puede tener más de ${SALE_FORMAT_GRAMS_MAX.toLocaleString('es-ES')} g.`),
  activeInvalid: 'Indica si el formato está activo (sí o no).',
  duplicateName: (existing: string) => `Ya existe un formato con ese nombre: «${existing}». Usa otro nombre o edita el formato existente.`,
  notFound: 'El formato no existe.',
  editedByOther: editedByOther('este formato', 'lo'),
  deleteInUse: 'No se puede eliminar el formato: lo usan ventas o pedidos. Desactívalo en su lugar.',
  gramsInUse: 'No se pueden cambiar los gramos de un formato que usan ventas o pedidos. Crea otro formato con el nuevo tamaño.',
  loadError: 'Error al cargar los formatos de venta.',
  addError: 'Error al agregar el formato.',
  updateError: 'Error al actualizar el formato.',
  deleteError: 'Error al eliminar el formato.',
  added: 'Formato agregado con éxito.',
  updated: 'Formato actualizado con éxito.',
  deleted: 'Formato eliminado con éxito.',
  activated: 'Formato activado con éxito.',
  deactivated: 'Formato desactivado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este formato?',
} as const;
