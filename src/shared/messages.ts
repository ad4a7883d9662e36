import { EARLIEST } from './message-parts.js';

/**
 * The Spanish texts of the whole app (any screen, any request) and of the first visit (sign-in,
 * the header, home), the original app's word for word (docs/product-guide.md#interface-texts).
 * Server and web import them from here so the two can never drift apart.
 * Texts the original app did not have (rate limits, decimals, session expiry…) are ours
 * and are marked as such.
 * The login and home load this module: an area's own texts live in its module beside this
 * one (`sales-messages.ts`, `planning-messages.ts`…), loaded only with its screens
 * (CONTRIBUTING.md "Adding an area", step 2, docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
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
  // ours: leaving a screen whose form holds unsaved input (docs/product-guide.md#leaving-a-form)
  leaveUnsaved: '¿Salir sin guardar? Se perderán los datos escritos.',
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
  leadingMark: (field: string) =>
    `El campo «${field}» no puede empezar con un acento u otra marca suelta: escribe primero la letra que la lleva.`,
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

/** Ours: home's button that installs the app on a phone, where the browser offers it (docs/product-guide.md#home). */
export const installMessages = {
  button: 'Instalar en el móvil',
} as const;

/** Concurrent writes on the same rows (docs/decisions/0005-lock-order-and-write-transactions.md). Ours: the original app had one user at a time. */
export const concurrencyMessages = {
  busy: 'Otra operación estaba modificando los mismos datos al mismo tiempo. Inténtalo de nuevo.',
} as const;

/** Edits checked against the version their form was read at (docs/decisions/0038-record-versions.md). Ours. */
export const recordVersionMessages = {
  missing: 'Falta la versión del registro que editabas. Recarga la página y vuelve a guardar.',
  reload: 'Recargar',
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
