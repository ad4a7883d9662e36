// Clientes: texts only its screen (and the sale form's 'Cliente') shows, so they stay out of
// messages.ts, which the login and home load (CONTRIBUTING.md "Adding an area", step 2).
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTES_MAX,
  CUSTOMER_PHONE_MAX,
  CUSTOMER_TAX_ID_MAX,
} from './limits.js';
import { editedByOther } from './message-parts.js';

/** Clientes (docs/product-guide.md#clientes and #interface-texts). */
export const customerMessages = {
  editedByOther: editedByOther('este cliente', 'lo'),
  title: 'Clientes',
  empty: 'No hay clientes registrados. Agrega el primero con el formulario.',
  noMatches: 'Ningún cliente coincide con la búsqueda.',
  required: 'Por favor, completa el nombre y el tipo de cliente.',
  loadError: 'Error al cargar los clientes.',
  addError: 'Error al agregar el cliente.',
  updateError: 'Error al actualizar el cliente.',
  deleteError: 'Error al eliminar el cliente.',
  // A customer that sales name stays for them: it can be deactivated instead (docs/product-guide.md#clientes).
  deleteInUse: 'No se puede eliminar el cliente: tiene ventas registradas. Desactívalo en su lugar.',
  added: 'Cliente agregado con éxito.',
  updated: 'Cliente actualizado con éxito.',
  deleted: 'Cliente eliminado con éxito.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este cliente?',
  notFound: 'El cliente no existe.',
  invalidKind: 'Elige un tipo de cliente de la lista.',
  nameTooLong: `El nombre no puede tener más de ${CUSTOMER_NAME_MAX} caracteres.`,
  taxIdTooLong: `El NIF/CIF no puede tener más de ${CUSTOMER_TAX_ID_MAX} caracteres.`,
  emailTooLong: `El correo electrónico no puede tener más de ${CUSTOMER_EMAIL_MAX} caracteres.`,
  emailInvalid: 'El correo electrónico no es válido: escríbelo como nombre@dominio.es.',
  phoneTooLong: `El teléfono no puede tener más de ${CUSTOMER_PHONE_MAX} caracteres.`,
  phoneInvalid: 'El teléfono solo puede tener números, espacios, guiones, puntos, paréntesis y un «+» al principio.',
  addressTooLong: `La dirección no puede tener más de ${CUSTOMER_ADDRESS_MAX} caracteres.`,
  notesTooLong: `Las notas no pueden tener más de ${CUSTOMER_NOTES_MAX} caracteres.`,
  textInvalid: 'Los datos del cliente deben ser texto.',
  activeInvalid: 'Indica si el cliente está activo (sí o no).',
  searchTooLong: `La búsqueda no puede tener más de ${CUSTOMER_NAME_MAX} caracteres.`,
  invalidCursor: 'La página pedida no es válida: vuelve a cargar la lista.',
  // One customer per name, whatever its case, accents, width or look (docs/product-guide.md#data-rules).
  duplicateName: (existing: string) => `Ya existe un cliente con ese nombre: «${existing}». Usa otro nombre o edita el cliente existente.`,
  // The list's 'Cargar más' (docs/product-guide.md#clientes).
  shown: (count: number) => (count === 1 ? 'Se muestra 1 cliente.' : `Se muestran ${count} clientes.`),
  allShown: 'No hay más clientes.',
  loadMore: 'Cargar más',
  loadingMore: 'Cargando más clientes...',
  // The 'Cliente' search box of the sale and order forms (docs/product-guide.md#ventas, #pedidos).
  pickerLabel: 'Cliente',
  pickerLoading: 'Cargando clientes...',
  noActiveMatches: 'Ningún cliente activo coincide con la búsqueda.',
} as const;
