// Configuración's prices per product: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { editedByOther, notANumber } from './message-parts.js';

/** 'Precios por producto' on the Configuración screen (docs/product-guide.md#configuracion). Ours. */
export const productPriceMessages = {
  title: 'Precios por Producto',
  intro: 'Un precio para un origen y tipo de tueste, o para una receta de mezcla. La venta lo usa antes que el precio por defecto de su tipo.',
  empty: 'No hay precios por producto. Las ventas usan los precios por defecto.',
  required: 'Por favor, elige el producto e indica su precio.',
  productInvalid: 'Producto seleccionado no válido.',
  priceNotNumber: notANumber('Precio'),
  priceNegative: 'El precio no puede ser negativo.',
  priceTooLarge: (max: number) => `El precio no puede superar ${max} por Kg.`,
  duplicate: (name: string) => `Ya hay un precio para ${name}. Edítalo en la tabla.`,
  notFound: 'El precio no existe.',
  editedByOther: editedByOther('este precio', 'lo'),
  loadError: 'Error al cargar los precios por producto.',
  addError: 'Error al agregar el precio.',
  updateError: 'Error al actualizar el precio.',
  deleteError: 'Error al eliminar el precio.',
  added: 'Precio agregado con éxito.',
  updated: 'Precio actualizado con éxito.',
  deleted: 'Precio eliminado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este precio?',
} as const;
