import { formatDate } from './format.js';
import {
  BATCH_CODE_MAX,
  COUNT_KG_MAX,
  COUNT_LINES_MAX,
  COUNT_NOTE_MAX,
  DESCRIPTION_MAX,
  EARLIEST_DATE,
  FULL_NAME_MAX,
  GREEN_PRICE_MAX,
  GREEN_QUANTITY_MAX_KG,
  KILOS_PER_BAG_MAX,
  ORIGIN_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SALE_PRICE_MAX,
  SALE_QUANTITY_MAX_KG,
  SUPPLIER_MAX,
  SUPPLIERS_MAX_COUNT,
  USERNAME_MAX,
} from './limits.js';

/**
 * Every Spanish text the app shows, the original app's word for word (docs/product-guide.md#interface-texts).
 * Server and web import them from here so the two can never drift apart.
 * Texts the original app did not have (rate limits, decimals, session expiry…) are ours
 * and are marked as such.
 */
export const authMessages = {
  // original (docs/product-guide.md#sign-in)
  wrongCredentials: 'Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!',
  // ours
  notSignedIn: 'Tu sesión ha terminado. Inicia sesión de nuevo.',
  // ours (docs/decisions/0008-sign-in-throttling-without-lockout.md): the 429 of the sign-in brake says when to try again, as its Retry-After header does.
  tooManyAttempts: (retryAfterSeconds: number) =>
    `Demasiados intentos de inicio de sesión. Inténtalo de nuevo dentro de ${waitText(retryAfterSeconds)}.`,
} as const;

/** '01/01/2000': the earliest business date as the screens write it. */
const EARLIEST = formatDate(EARLIEST_DATE);

/** 'CO-1, CO-2, CO-3, …': the first lot codes of a list, so a message stays short however many there are. */
const codeList = (codes: readonly string[], shown = 3): string =>
  codes.length > shown ? `${codes.slice(0, shown).join(', ')}, …` : codes.join(', ');

/** What already uses a roasted lot: 'la mezcla CA-MZ-1 y en 2 ventas', 'las mezclas A, B', '1 venta'. */
const roastUsesText = (blendCodes: readonly string[], sales: number): string =>
  [
    blendCodes.length === 1 ? `la mezcla ${blendCodes[0]}` : blendCodes.length > 1 ? `las mezclas ${codeList(blendCodes)}` : '',
    sales === 1 ? '1 venta' : sales > 1 ? `${sales} ventas` : '',
  ]
    .filter(Boolean)
    .join(' y en ');

/** '45 segundos', '1 minuto', '15 minutos': a wait as a person reads it, rounded up. */
function waitText(seconds: number): string {
  if (seconds <= 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutos`;
}

export const commonMessages = {
  // original (docs/product-guide.md#roles-and-permissions): the refusal for a non-administrator
  forbidden: 'No tienes permisos para realizar esta acción.',
  // ours
  notFound: 'El registro solicitado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  invalidRequest: 'La solicitud no es válida.',
  internal: 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.',
  crossOrigin: 'Solicitud rechazada: solo se aceptan cambios desde la propia aplicación.',
  jsonRequired: 'Solicitud rechazada: el cuerpo debe ser JSON.',
  octetStreamRequired: 'Solicitud rechazada: el cuerpo debe ser el archivo tal cual (Content-Type: application/octet-stream).',
  rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  invalidText: 'El texto contiene caracteres no válidos.',
  tooManyDecimals: (decimals: number) => `Usa como máximo ${decimals} decimales.`,
  loading: 'Cargando...',
  // ours (data rules, docs/product-guide.md#data-rules): what a date field accepts, under it.
  dateHint: `dd/mm/aaaa, del ${EARLIEST} a hoy`,
  rangeDateHint: `dd/mm/aaaa, desde el ${EARLIEST}`,
} as const;

/**
 * Ours: text that does not show what it means (docs/product-guide.md#data-rules,
 * src/shared/text-rules.ts), naming the field as the form labels it, and
 * look-alike usernames and lot codes (Unicode TR39 confusables).
 */
export const textMessages = {
  controlCharacters: (field: string) =>
    `El campo «${field}» no puede contener tabuladores, saltos de línea ni otros caracteres de control.`,
  controlCharactersMultiline: (field: string) =>
    `El campo «${field}» solo admite saltos de línea: no puede contener tabuladores ni otros caracteres de control.`,
  invisibleCharacters: (field: string) =>
    `El campo «${field}» no puede contener caracteres invisibles ni marcas que cambian la dirección del texto.`,
  confusableUsername: (existing: string) =>
    `El nombre de usuario se confunde a simple vista con uno que ya existe («${existing}»). Elige otro.`,
  confusableLotCode: (existing: string) =>
    `El código de lote se confunde a simple vista con uno que ya existe («${existing}»). Usa un código diferente.`,
} as const;

/**
 * Ours (docs/product-guide.md#any-request): requests the server cannot even route or read, answered in
 * Spanish in the usual `{error}` shape, never echoing what was sent.
 */
export const requestMessages = {
  malformedUrl: 'La dirección de la solicitud no es válida.',
  urlTooLong: 'La dirección de la solicitud es demasiado larga.',
  headersTooLarge: 'La solicitud es demasiado grande: la dirección o las cabeceras superan el límite.',
  unreadable: 'La solicitud no se pudo leer.',
  timeout: 'La solicitud tardó demasiado en llegar.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  // The body's bytes are not UTF-8 (a Latin-1 'é', a cut sequence): refused rather than stored as '�'.
  invalidUtf8: 'El cuerpo de la solicitud no está codificado en UTF-8 válido.',
  bodyTooLarge: (maxKb: number) => `El cuerpo de la solicitud es demasiado grande (máximo ${maxKb} KB).`,
} as const;

export const userMessages = {
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

/** Ours: «Mis sesiones» in the header's profile menu, and Gestión de usuarios' «Cerrar sesiones». */
export const sessionMessages = {
  profileMenu: 'Mi cuenta',
  title: 'Mis sesiones',
  intro: 'Dispositivos con tu sesión abierta. Cierra los que no reconozcas.',
  current: 'Esta sesión',
  unknownDevice: 'Dispositivo desconocido',
  started: 'Iniciada',
  lastSeen: 'Última actividad',
  address: 'Dirección',
  endOne: 'Cerrar sesión',
  endOthers: 'Cerrar las demás sesiones',
  noOthers: 'No tienes otras sesiones abiertas.',
  confirmEndOne: '¿Estás seguro de que quieres cerrar esta sesión? Ese dispositivo tendrá que iniciar sesión de nuevo.',
  confirmEndOthers: '¿Estás seguro de que quieres cerrar todas tus demás sesiones? Esos dispositivos tendrán que iniciar sesión de nuevo.',
  endedOne: 'Sesión cerrada con éxito.',
  endedOthers: (count: number) => (count === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${count} sesiones.`),
  notFound: 'La sesión no existe o ya se cerró.',
  loadError: 'Error al cargar las sesiones.',
  endError: 'Error al cerrar la sesión.',
  close: 'Volver',
  // Gestión de usuarios
  endUserSessions: (username: string) => `Cerrar las sesiones de ${username}`,
  confirmEndUserSessions: '¿Estás seguro de que quieres cerrar todas las sesiones de este usuario? Tendrá que iniciar sesión de nuevo.',
  endedUserSessions: (count: number) =>
    count === 0 ? 'Ese usuario no tenía sesiones abiertas.' : count === 1 ? 'Se cerró 1 sesión del usuario.' : `Se cerraron ${count} sesiones del usuario.`,
  endUserSessionsError: 'Error al cerrar las sesiones del usuario.',
} as const;

/** Orígenes (docs/product-guide.md#origenes, #origin and #interface-texts). */
export const originMessages = {
  // original
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
  nameTooLong: `El nombre no puede tener más de ${ORIGIN_NAME_MAX} caracteres.`,
  kilosPerBagPositive: 'Los kilos por saco deben ser mayores que cero.',
  kilosPerBagTooLarge: `Los kilos por saco no pueden superar ${KILOS_PER_BAG_MAX}.`,
  supplierTooLong: `Cada proveedor/finca puede tener como máximo ${SUPPLIER_MAX} caracteres.`,
  tooManySuppliers: `Un origen puede tener como máximo ${SUPPLIERS_MAX_COUNT} proveedores/fincas.`,
  descriptionInvalid: 'La descripción debe ser texto.',
  descriptionTooLong: `La descripción no puede tener más de ${DESCRIPTION_MAX} caracteres.`,
  // One origin per name, whatever its case, accents, width or surrounding spaces (docs/product-guide.md#data-rules).
  duplicateName: (existing: string) => `Ya existe un origen con ese nombre: «${existing}». Usa otro nombre o edita el origen existente.`,
  // ours (docs/product-guide.md#origin): a supplier/farm that green lots use cannot disappear from the origin.
  farmInUse: (farm: string, lots: number) =>
    `No se puede quitar ni renombrar el proveedor/finca «${farm}»: lo ${lots === 1 ? 'usa 1 lote' : `usan ${lots} lotes`} de café verde. ` +
    'Cambia o elimina esos lotes antes.',
} as const;

/** Café Verde (docs/product-guide.md#cafe-verde, #green-lot and #interface-texts). */
export const greenCoffeeMessages = {
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
  originNotFound: 'El origen seleccionado no existe.',
  quantityPositive: 'La cantidad (Kg) debe ser mayor que cero.',
  quantityTooLarge: `La cantidad no puede superar ${GREEN_QUANTITY_MAX_KG} Kg.`,
  priceNegative: 'El precio unitario no puede ser negativo.',
  priceTooLarge: `El precio unitario no puede superar ${GREEN_PRICE_MAX} $/Kg.`,
  invalidDate: 'La fecha de entrada no es válida.',
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

/** Café Tostado (docs/product-guide.md#cafe-tostado, #roasted-lot and #interface-texts). */
export const roastedCoffeeMessages = {
  // original
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
  quantityTooLarge: `La cantidad no puede superar ${GREEN_QUANTITY_MAX_KG} Kg.`,
  invalidRoastType: 'El tipo de tueste debe ser Claro, Medio u Oscuro.',
  invalidDate: 'La fecha de tostado no es válida.',
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
  roastTypeFixed: (blendCodes: readonly string[], sales: number) =>
    `No se puede cambiar el tipo de tueste: el tueste ya se usó en ${roastUsesText(blendCodes, sales)}.`,
} as const;

/** Café Mezcla (docs/product-guide.md#cafe-mezcla, #blend and #interface-texts). */
export const blendedCoffeeMessages = {
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
  invalidDate: 'La fecha de creación no es válida.',
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

/**
 * Component percentages, shared by blend recipes and blends (docs/product-guide.md#blend and
 * #blend-recipe; they total exactly 100, docs/product-guide.md#business-constants); see
 * src/shared/percentages.ts.
 */
export const percentageMessages = {
  // original: `total` is the exact sum written as the user typed the numbers, e.g. '99.99' (formatPercentTotal)
  mustTotal100: (total: string) => `Los porcentajes de los componentes deben sumar 100%. Actualmente suman ${total}%.`,
  // ours
  aboveMax: (max: number) => `Un porcentaje no puede superar el ${max}%.`,
} as const;

/** Recetas de mezcla on the Configuración screen (docs/product-guide.md#configuracion, #blend-recipe and #interface-texts). */
export const blendRecipeMessages = {
  // original (docs/product-guide.md#configuracion)
  loading: 'Cargando configuración...',
  empty: 'No hay recetas de mezcla registradas. ¡Es hora de crear algunas!',
  // original (docs/product-guide.md#blend-recipe)
  componentInvalid: 'Por favor, selecciona un origen de café y un porcentaje válido para el componente.',
  originInvalid: 'Origen de café seleccionado no válido.',
  required: 'Por favor, completa el nombre de la receta y añade al menos un componente.',
  // original (docs/product-guide.md#interface-texts)
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta receta?',
  // original
  loadError: 'Error al cargar las recetas.',
  originsLoadError: 'Error al cargar los orígenes de café.',
  addError: 'Error al agregar la receta.',
  updateError: 'Error al actualizar la receta.',
  deleteError: 'Error al eliminar la receta.',
  added: 'Receta agregada con éxito.',
  updated: 'Receta actualizada con éxito.',
  deleted: 'Receta eliminada con éxito.',
  // ours
  title: 'Configuración del Sistema',
  duplicateName: 'Ya existe una receta con ese nombre. Usa otro nombre o edita la receta existente.',
  duplicateOrigin: 'Cada origen de café puede aparecer solo una vez en la receta.',
  notFound: 'La receta no existe.',
  nameTooLong: (max: number) => `El nombre de la receta puede tener como máximo ${max} caracteres.`,
  tooManyComponents: (max: number) => `Una receta puede tener como máximo ${max} componentes.`,
} as const;

/** Ajustes on the Configuración screen: the default sale prices (15 / 25 per kg, docs/product-guide.md#business-constants). Ours. */
export const settingsMessages = {
  loadError: 'Error al cargar la configuración.',
  saveError: 'Error al guardar la configuración.',
  pricesSaved: 'Precios por defecto actualizados con éxito.',
  priceRequired: 'Por favor, completa los precios de venta por defecto.',
  priceNegative: 'El precio de venta por defecto no puede ser negativo.',
  priceTooLarge: (max: number) => `El precio de venta por defecto no puede superar ${max} $/Kg.`,
  nothingToSave: 'Indica al menos un ajuste para guardar.',
  unknownSetting: 'La solicitud incluye un ajuste que no existe.',
  /** How the activity log names the settings (they are one record). */
  activityLabel: 'Configuración',
} as const;

/** Concurrent writes on the same rows (docs/decisions/0005-lock-order-and-write-transactions.md). Ours: the original app had one user at a time. */
export const concurrencyMessages = {
  busy: 'Otra operación estaba modificando los mismos datos al mismo tiempo. Inténtalo de nuevo.',
} as const;

/** Retry-safe writes: the Idempotency-Key header (docs/decisions/0023-idempotency-keys.md). Ours. */
export const idempotencyMessages = {
  invalidKey: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII visibles.',
  keyReused: 'Esta clave de idempotencia ya se usó para otra solicitud. Genera una clave nueva para enviar datos distintos.',
  inProgress: 'La misma solicitud ya se está procesando.',
} as const;

/**
 * Ours (docs/architecture.md#the-web-side): a write sent again with the same
 * Idempotency-Key after the connection dropped, and what a form says when no
 * answer ever came. Sending again is safe: the server answers a repeated key with
 * the first answer instead of writing twice.
 */
export const connectionMessages = {
  retrying: 'Sin conexión: reintentando…',
  unconfirmed: 'No se pudo confirmar si el cambio se guardó. Puedes volver a enviarlo sin riesgo de duplicarlo.',
} as const;

/** Ventas (docs/product-guide.md#ventas, #sale and #interface-texts). */
export const salesMessages = {
  // original (docs/product-guide.md#ventas)
  title: 'Registro de Ventas',
  historyTitle: 'Historial de Ventas',
  empty: 'No hay ventas registradas. ¡A vender café se ha dicho!',
  unknownProduct: 'Producto Desconocido',
  // original (docs/product-guide.md#sale)
  quantityPositive: 'La cantidad a vender debe ser mayor que cero.',
  // '… café tostado …' / '… café mezcla …': the original's '…' names the kind of product sold.
  notEnoughStock: (productType: 'tostado' | 'mezcla', availableKg: string) =>
    `No hay suficiente café ${productType} disponible. Solo tienes ${availableKg} Kg.`,
  invalidProduct: 'Producto seleccionado no válido.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta venta? Esto devolverá el producto al inventario.',
  // original (docs/product-guide.md#interface-texts)
  loadError: 'Error al cargar las ventas.',
  addError: 'Error al registrar la venta.',
  updateError: 'Error al actualizar la venta.',
  deleteError: 'Error al eliminar la venta.',
  // The old app's per-step failures; one transaction now, so they only name an impossible step in the server log.
  stockUpdateError: 'Error al actualizar el stock del producto.',
  returnStockError: 'Error al devolver el stock del producto.',
  added: 'Venta registrada con éxito.',
  updated: 'Venta actualizada con éxito.',
  deleted: 'Venta eliminada con éxito.',
  // ours: the original app required product, quantity, date, lot and type but gave no text (docs/product-guide.md#sale).
  required: 'Por favor, completa todos los campos: producto, cantidad, precio unitario, fecha de venta y lote.',
  quantityNotNumber: 'La cantidad debe ser un número de Kg (con punto decimal, por ejemplo 10.5).',
  quantityTooLarge: `La cantidad a vender no puede superar ${SALE_QUANTITY_MAX_KG} Kg.`,
  priceNotNumber: 'El precio unitario debe ser un número (con punto decimal, por ejemplo 15.50).',
  priceNegative: 'El precio unitario no puede ser negativo.',
  priceTooLarge: `El precio unitario no puede superar ${SALE_PRICE_MAX} $/Kg.`,
  invalidDate: 'La fecha de venta no es válida.',
  futureDate: 'La fecha de venta no puede ser posterior a hoy.',
  // ours (data rules): a sale comes after its product was made.
  dateTooOld: `La fecha de venta no puede ser anterior al ${EARLIEST}.`,
  beforeProduct: (productType: 'tostado' | 'mezcla', batchCode: string, madeOn: string) =>
    productType === 'tostado'
      ? `La fecha de venta no puede ser anterior al tueste del lote ${batchCode} (${formatDate(madeOn)}).`
      : `La fecha de venta no puede ser anterior a la creación de la mezcla ${batchCode} (${formatDate(madeOn)}).`,
  batchCodeTooLong: `El lote vendido puede tener como máximo ${BATCH_CODE_MAX} caracteres.`,
  batchMismatch: 'El lote indicado no corresponde al producto seleccionado. Vuelve a elegir el producto.',
  notFound: 'La venta no existe.',
  productsLoadError: 'Error al cargar los productos.',
  settingsLoadError: 'Error al cargar los precios por defecto.',
  noProducts: 'No hay productos con stock que coincidan.',
  loading: 'Cargando ventas...',
  productsLoading: 'Cargando productos...',
  // ours (docs/product-guide.md#ventas): a sale whose answer never came, in the form and after a reload.
  unconfirmed: 'No se pudo confirmar si la venta se registró. Puedes volver a enviarla sin riesgo de duplicarla.',
  pendingTitle: 'Venta sin confirmar',
  pendingAfterReload: (sale: string) =>
    `Hay una venta sin confirmar de antes de recargar la página (${sale}). Si ya se registró, reenviarla no la duplicará.`,
  resend: 'Reenviar venta',
  discard: 'Descartar',
} as const;

/** Trazabilidad y costes (docs/product-guide.md#trazabilidad): lot history, trace both ways, low-stock alerts. Ours: the original app had no such screen. */
export const traceabilityMessages = {
  title: 'Trazabilidad de Lotes',
  lotNotFound: 'Lote no encontrado. Revisa el código e inténtalo de nuevo.',
  saleNotFound: 'Venta no encontrada.',
  codeRequired: 'Por favor, escribe el código de un lote.',
  kindAndIdTogether: 'Indica el tipo de lote y su número juntos.',
  loadError: 'Error al cargar la trazabilidad del lote.',
  historyLoadError: 'Error al cargar el historial del lote.',
  alertsLoadError: 'Error al cargar las alertas de stock.',
  thresholdRequired: 'Por favor, completa los umbrales de stock bajo.',
  thresholdNegative: 'El umbral de stock bajo no puede ser negativo.',
  thresholdTooLarge: (max: number) => `El umbral de stock bajo no puede superar ${max} Kg.`,
  thresholdsSaved: 'Umbrales de stock bajo actualizados con éxito.',
  /** Reportes' second series beside 'Ventas ($)': revenue − grams sold × cost per kg. */
  grossMarginSeries: 'Margen bruto ($)',
  thresholdsSaveError: 'Error al guardar los umbrales de stock bajo.',
} as const;

/**
 * Recuento de Inventario (docs/product-guide.md#recuento-de-inventario): counts and single
 * corrections of green, roasted and blend lots. Ours: the original app had no such screen.
 */
export const stockCountMessages = {
  title: 'Recuento de Inventario',
  sheetTitle: 'Hoja de recuento',
  historyTitle: 'Recuentos anteriores',
  emptySheet: 'No hay lotes con stock que coincidan con el filtro.',
  emptyHistory: 'Todavía no se ha registrado ningún recuento.',
  loading: 'Cargando la hoja de recuento...',
  // The rules of POST /api/stock-counts, in the order they are checked.
  noLines: 'Indica los Kg contados de al menos un lote.',
  invalidLot: 'Alguno de los lotes contados no existe. Recarga la hoja de recuento.',
  countedRequired: 'Indica los Kg contados de cada lote (un número, con coma o punto decimal).',
  countedNegative: 'Los Kg contados no pueden ser negativos.',
  countedTooLarge: `Los Kg contados no pueden superar ${COUNT_KG_MAX} Kg.`,
  expectedInvalid: 'El stock esperado de un lote no es válido. Recarga la hoja de recuento.',
  tooManyLines: `Un recuento puede tener como máximo ${COUNT_LINES_MAX} lotes.`,
  duplicateLine: 'Un lote aparece dos veces en el recuento: cuenta cada lote una sola vez.',
  reasonRequired: 'Elige el motivo: Recuento, Merma, Muestra, Devolución u Otro.',
  noteRequired: 'Con el motivo «Otro», escribe una nota que explique el ajuste.',
  noteTooLong: `La nota puede tener como máximo ${COUNT_NOTE_MAX} caracteres.`,
  // 409: a sale, roast or blend moved these lots after the sheet was loaded; nothing was written.
  stockChanged: (codes: readonly string[]) =>
    codes.length === 1
      ? `El stock del lote ${codes[0]} cambió mientras contabas (una venta, un tueste o una mezcla). Vuelve a contarlo: no se ha guardado nada.`
      : `El stock de los lotes ${codeList(codes, 10)} cambió mientras contabas (una venta, un tueste o una mezcla). Vuelve a contarlos: no se ha guardado nada.`,
  notFound: 'El recuento no existe.',
  confirm: (lots: number, adjusted: number) =>
    `¿Confirmas el recuento de ${lots} ${lots === 1 ? 'lote' : 'lotes'}? Se ajustará el stock de ${adjusted} ${adjusted === 1 ? 'lote' : 'lotes'}.`,
  saved: 'Recuento registrado con éxito.',
  recountHint: 'Vuelve a contar los lotes marcados: su stock esperado se ha actualizado.',
  loadError: 'Error al cargar la hoja de recuento.',
  historyLoadError: 'Error al cargar los recuentos.',
  saveError: 'Error al registrar el recuento.',
} as const;

/** Reportes (docs/product-guide.md#reportes and #interface-texts). */
export const reportMessages = {
  // original
  title: 'Reportes',
  monthlySalesTitle: 'Ventas Mensuales',
  monthlySalesSeries: 'Ventas ($)',
  noProductsSold: 'No hay datos de productos vendidos.',
  loading: 'Generando reportes...',
  // original
  salesLoadError: 'Error al cargar datos de ventas para reportes.',
  stockLoadError: 'Error al cargar el resumen de stock.',
  // ours: the original app had no range filter (docs/product-guide.md#report-range-and-trace-lookup).
  fromInvalid: 'La fecha "Desde" no es una fecha válida.',
  toInvalid: 'La fecha "Hasta" no es una fecha válida.',
  rangeReversed: 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".',
  // ours (data rules): no business date is older, so neither is a range.
  fromTooOld: `La fecha "Desde" no puede ser anterior al ${EARLIEST}.`,
  toTooOld: `La fecha "Hasta" no puede ser anterior al ${EARLIEST}.`,
  topProductsTitle: 'Top 5 Productos Más Vendidos (Kg)',
  stockSummaryTitle: 'Resumen de Stock',
  noSales: 'No hay ventas en este periodo.',
} as const;

/**
 * Importar CSV de café verde and Exportar CSV (docs/product-guide.md#csv). Ours: the original app had no
 * import; a row's own problems use the green form's messages (greenCoffeeMessages).
 */
export const csvMessages = {
  exportButton: 'Exportar CSV',
  // The dialect picker: short enough for a phone; the decision record explains both.
  exportStandard: 'CSV estándar (,)',
  exportSpanish: 'Hoja de cálculo (;)',
  importButton: 'Importar CSV',
  importTitle: 'Importar lotes de café verde desde CSV',
  importFileLabel: 'Archivo CSV',
  importTemplate: 'Descargar plantilla CSV',
  importPreviewTitle: 'Vista previa de la importación',
  importConfirm: 'Confirmar importación',
  importCancel: 'Cancelar',
  importChecking: 'Revisando el archivo...',
  importSaving: 'Importando...',
  importReady: (rows: number) => `${rows === 1 ? '1 lote listo' : `${rows} lotes listos`} para importar. Revisa la vista previa y confirma.`,
  importRowsWithProblems: (rows: number, total: number) =>
    `${rows === 1 ? '1 fila tiene' : `${rows} filas tienen`} problemas (de ${total}). Corrige el archivo y vuelve a subirlo: no se importará nada hasta que todas sean correctas.`,
  imported: (rows: number) => `${rows === 1 ? '1 lote de café verde importado' : `${rows} lotes de café verde importados`} con éxito.`,
  importError: 'Error al importar el café verde.',
  // The file as a whole
  fileEmpty: 'El archivo está vacío.',
  fileNoRows: 'El archivo solo tiene la fila de encabezados: no hay lotes que importar.',
  fileNotUtf8:
    'El archivo no está en UTF-8 (parece Latin-1 o ANSI). En la hoja de cálculo, guárdalo como «CSV UTF-8» e inténtalo de nuevo.',
  fileNotCsv: (line: number) =>
    `El archivo no se puede leer como CSV (revisa las comillas y los separadores cerca de la línea ${line}).`,
  fileTooLarge: (maxMb: number) => `El archivo es demasiado grande (máximo ${maxMb} MB).`,
  tooManyRows: (max: number) => `El archivo tiene demasiadas filas: como máximo ${max} lotes por importación.`,
  tooManyColumns: (max: number) => `El archivo tiene demasiadas columnas (máximo ${max}). Usa la plantilla.`,
  missingColumns: (columns: string[]) =>
    `Faltan columnas en el encabezado: ${columns.join(', ')}. Descarga la plantilla para ver el formato.`,
  duplicateColumn: (column: string) => `La columna «${column}» aparece más de una vez en el encabezado.`,
  notSaved: 'El archivo tiene filas con problemas: no se ha importado nada. Corrígelas y vuelve a subirlo.',
  // One row
  rowColumnCount: (found: number, expected: number) => `La fila tiene ${found} columnas y el encabezado ${expected}.`,
  unknownOrigin: (name: string) => `El origen «${name}» no existe. Créalo antes en Orígenes.`,
  ambiguousOrigin: (name: string, origins: readonly string[]) =>
    `El origen «${name}» puede ser cualquiera de estos: ${origins.map((origin) => `«${origin}»`).join(', ')}. Escribe su nombre exacto.`,
  badNumber: (header: string) => `«${header}» no es un número válido (usa coma o punto decimal, sin separador de miles).`,
  badDate: 'La fecha de entrada no es válida (usa dd/mm/aaaa o aaaa-mm-dd).',
  duplicateInFile: (row: number) => `El código de lote ya aparece en la fila ${row} para el mismo origen.`,
  rowLine: (row: number, message: string) => `Fila ${row}: ${message}`,
} as const;
