// Gestión de Usuarios: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './limits.js';
import { editedByOther } from './message-parts.js';

export const userMessages = {
  // ours (docs/decisions/0038-record-versions.md): an edit or delete from a stale form
  editedByOther: editedByOther('este usuario', 'lo'),
  // the screen (docs/product-guide.md#gestion-de-usuarios): the title is ours, the empty text the original's
  title: 'Gestión de Usuarios',
  empty: 'No hay usuarios registrados. ¡Es hora de invitar a tu equipo!',
  // original (docs/product-guide.md#user)
  required: 'Por favor, completa todos los campos.',
  // original (docs/product-guide.md#interface-texts)
  confirmDelete: '¿Estás seguro de que quieres eliminar este usuario?',
  // original (docs/product-guide.md#interface-texts)
  added: 'Usuario agregado con éxito.',
  updated: 'Usuario actualizado con éxito.',
  deleted: 'Usuario eliminado con éxito.',
  // ours: the rules of docs/product-guide.md#user and the load/save errors in the original app's pattern
  usernameTooLong: `El nombre de usuario puede tener como máximo ${USERNAME_MAX} caracteres.`,
  fullNameTooLong: `El nombre completo puede tener como máximo ${FULL_NAME_MAX} caracteres.`,
  invalidRole: 'Selecciona un rol válido: administrador o tecnico.',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`,
  passwordTooLong: `La contraseña puede tener como máximo ${PASSWORD_MAX} caracteres.`,
  passwordTooCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.',
  passwordContainsUsername: 'La contraseña no puede contener el nombre de usuario.',
  duplicateUsername: 'Ya existe un usuario con ese nombre de usuario.',
  notFound: 'El usuario no existe.',
  cannotDeleteSelf: 'No puedes eliminar tu propio usuario.',
  cannotDemoteSelf: 'No puedes quitarte a ti mismo el rol de administrador.',
  lastAdmin: 'Debe quedar al menos un administrador: no se puede eliminar ni quitar el rol al último.',
  inUse: 'No se puede eliminar el usuario porque tiene registros asociados.',
  loadError: 'Error al cargar los usuarios.',
  addError: 'Error al agregar el usuario.',
  updateError: 'Error al actualizar el usuario.',
  deleteError: 'Error al eliminar el usuario.',
} as const;
