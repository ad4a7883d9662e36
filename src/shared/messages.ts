/**
 * Every Spanish text the spec fixes, word for word (spec sections 5, 8 and 2).
 * Server and web import them from here so the two can never drift apart.
 * Texts the spec does not give (rate limits, decimals, session expiry…) are ours
 * and are marked as such.
 */
export const authMessages = {
  // spec 5 "Login"
  wrongCredentials: 'Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!',
  // ours
  notSignedIn: 'Tu sesión ha terminado. Inicia sesión de nuevo.',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.',
} as const;

export const commonMessages = {
  // spec 5 "User": the refusal for a non-administrator
  forbidden: 'No tienes permisos para realizar esta acción.',
  // ours
  notFound: 'El registro solicitado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  invalidRequest: 'La solicitud no es válida.',
  internal: 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.',
  crossOrigin: 'Solicitud rechazada: solo se aceptan cambios desde la propia aplicación.',
  jsonRequired: 'Solicitud rechazada: el cuerpo debe ser JSON.',
  rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  invalidText: 'El texto contiene caracteres no válidos.',
  tooManyDecimals: (decimals: number) => `Usa como máximo ${decimals} decimales.`,
  loading: 'Cargando...',
} as const;

export const userMessages = {
  // spec 2 "User management"
  title: 'Gestión de Usuarios',
  empty: 'No hay usuarios registrados. ¡Es hora de invitar a tu equipo!',
  // spec 5 "User"
  required: 'Por favor, completa todos los campos.',
  // spec 5 "Delete confirmations"
  confirmDelete: '¿Estás seguro de que quieres eliminar este usuario?',
  // spec 8 "Success toasts"
  added: 'Usuario agregado con éxito.',
  updated: 'Usuario actualizado con éxito.',
  deleted: 'Usuario eliminado con éxito.',
  // ours: the safety rules of issue 5 and the load/save errors in the spec's pattern
  usernameTooLong: 'El nombre de usuario puede tener como máximo 100 caracteres.',
  fullNameTooLong: 'El nombre completo puede tener como máximo 200 caracteres.',
  invalidRole: 'Selecciona un rol válido: administrador o tecnico.',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña puede tener como máximo 128 caracteres.',
  passwordTooCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.',
  passwordIsUsername: 'La contraseña no puede ser igual al nombre de usuario.',
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

/** Orígenes (spec sections 2 "Origins", 5 "Origin", 8 "Origin saves"). */
export const originMessages = {
  // spec
  title: 'Gestión de Orígenes de Café',
  empty: 'No hay orígenes de café registrados. ¡Es hora de explorar el mundo!',
  required: 'Por favor, completa el nombre, los kilos por saco y añade al menos un proveedor/finca.',
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
  nameTooLong: 'El nombre no puede tener más de 120 caracteres.',
  kilosPerBagPositive: 'Los kilos por saco deben ser mayores que cero.',
  kilosPerBagTooLarge: 'Los kilos por saco no pueden superar 10000.',
  supplierTooLong: 'Cada proveedor/finca puede tener como máximo 120 caracteres.',
  tooManySuppliers: 'Un origen puede tener como máximo 50 proveedores/fincas.',
  descriptionInvalid: 'La descripción debe ser texto.',
  descriptionTooLong: 'La descripción no puede tener más de 1000 caracteres.',
} as const;

/** Café Verde (spec sections 2 "Green coffee", 5 "Green coffee", 8 "Green coffee saves"). */
export const greenCoffeeMessages = {
  // spec
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
  originNotFound: 'El origen seleccionado no existe.',
  quantityPositive: 'La cantidad (Kg) debe ser mayor que cero.',
  quantityTooLarge: 'La cantidad no puede superar 1000000 Kg.',
  priceNegative: 'El precio unitario no puede ser negativo.',
  priceTooLarge: 'El precio unitario no puede superar 1000000 $/Kg.',
  invalidDate: 'La fecha de entrada no es válida (usa AAAA-MM-DD).',
  supplierTooLong: 'El proveedor/finca puede tener como máximo 120 caracteres.',
  batchCodeTooLong: 'El código de lote puede tener como máximo 40 caracteres.',
  concurrentEdit: 'El lote cambió mientras lo editabas. Vuelve a cargar la página e inténtalo de nuevo.',
  stockBelowZero: (usedKg: string) =>
    `La cantidad no puede ser menor que lo ya usado de este lote (${usedKg} Kg): el stock quedaría por debajo de cero.`,
} as const;

/** Café Tostado (spec sections 2 "Roasted coffee", 5 "Roasted coffee", 8 "Roasted coffee saves"). */
export const roastedCoffeeMessages = {
  // spec
  title: 'Inventario de Café Tostado',
  required: 'Por favor, completa todos los campos obligatorios.',
  resultantAboveGreen: 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.',
  invalidGreenLot: 'El lote de café verde seleccionado no es válido.',
  notEnoughGreen: 'No hay suficiente café verde disponible para tostar esta cantidad.',
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
  quantityTooLarge: 'La cantidad no puede superar 1000000 Kg.',
  invalidRoastType: 'El tipo de tueste debe ser Claro, Medio u Oscuro.',
  invalidDate: 'La fecha de tostado no es válida (usa AAAA-MM-DD).',
  batchCodeInvalid: 'El lote debe ser texto.',
  batchCodeTooLong: 'El código de lote puede tener como máximo 40 caracteres.',
  duplicateBatch: 'Ya existe café tostado con este código de lote. Genera otro o escribe uno diferente.',
  lotCodeUnavailable: 'No se pudo generar un código de lote libre. Inténtalo de nuevo.',
  stockBelowZero: (usedKg: string) =>
    `Los Kilos Resultantes no pueden ser menores que lo ya usado de este lote (${usedKg} Kg): el stock quedaría por debajo de cero.`,
  greenEmpty: 'No hay café verde disponible para tostar.',
  empty: 'No hay café tostado en el inventario...',
} as const;
