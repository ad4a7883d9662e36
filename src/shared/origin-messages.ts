// Orígenes: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { DESCRIPTION_MAX, KILOS_PER_BAG_MAX, ORIGIN_NAME_MAX, SUPPLIER_MAX, SUPPLIERS_MAX_COUNT } from './limits.js';
import { editedByOther, notANumber } from './message-parts.js';

/** The labels the form shows, which its messages for a filled-but-wrong field name (docs/product-guide.md#validation-rules). */
const labels = { kilosPerBag: 'Kilos por Saco' } as const;

/** Orígenes (docs/product-guide.md#origenes, #origin and #interface-texts). */
export const originMessages = {
  labels,
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('este origen', 'lo'),
  // original
  title: 'Gestión de Orígenes de Café',
  empty: 'No hay orígenes de café registrados. ¡Es hora de explorar el mundo!',
  required: 'Por favor, completa el nombre, los kilos por saco y añade al menos un proveedor/finca.',
  // ours: a filled field that is not a number (docs/product-guide.md#validation-rules)
  kilosPerBagNotNumber: notANumber(labels.kilosPerBag),
  loadError: 'Error al cargar los orígenes.',
  addError: 'Error al agregar el origen.',
  updateError: 'Error al actualizar el origen.',
  deleteInUse: 'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.',
  added: 'Origen agregado con éxito.',
  updated: 'Origen actualizado con éxito.',
  deleted: 'Origen eliminado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este origen?',
  // ours
  notFound: 'El origen no existe.',
  nameTooLong: `El nombre no puede tener más de ${ORIGIN_NAME_MAX} caracteres.`,
  kilosPerBagPositive: 'Los kilos por saco deben ser mayores que cero.',
  kilosPerBagTooLarge: `Los kilos por saco no pueden superar ${KILOS_PER_BAG_MAX}.`,
  supplierTooLong: `Cada proveedor/finca puede tener como máximo ${SUPPLIER_MAX} caracteres.`,
  tooManySuppliers: `Un origen puede tener como máximo ${SUPPLIERS_MAX_COUNT} proveedores/fincas.`,
  descriptionInvalid: 'La descripción debe ser texto.',
  decafInvalid: 'Indica si el origen es descafeinado con sí o no.',
  descriptionTooLong: `La descripción no puede tener más de ${DESCRIPTION_MAX} caracteres.`,
  // One origin per name, whatever its case, accents, width or surrounding spaces (docs/product-guide.md#data-rules).
  duplicateName: (existing: string) => `Ya existe un origen con ese nombre: «${existing}». Usa otro nombre o edita el origen existente.`,
  // ours (docs/product-guide.md#origin): one supplier/farm per origin, whatever its case, accents or look.
  duplicateSupplier: (farm: string, existing: string) =>
    `El proveedor/finca «${farm}» se confunde con «${existing}», que ya está en la lista. Añade cada proveedor/finca una sola vez.`,
  // ours (docs/product-guide.md#origin): a supplier/farm that green lots use cannot disappear from the origin.
  farmInUse: (farm: string, lots: number) =>
    `No se puede quitar ni renombrar el proveedor/finca «${farm}»: lo ${lots === 1 ? 'usa 1 lote' : `usan ${lots} lotes`} de café verde. ` +
    'Cambia o elimina esos lotes antes.',
} as const;
