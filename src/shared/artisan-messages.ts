// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in that area's chunk
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate, type Formatter } from './format.js';
import {
  ALOG_BATCH_MAX_FILES,
  ALOG_MAX_BYTES,
  ALOG_MAX_DEPTH,
  ALOG_MAX_LIST_ITEMS,
  ALOG_MAX_NUMBER_CHARS,
  ALOG_MAX_STRING_CHARS,
  ALOG_MAX_VALUES,
  ALOG_TIME_MAX_SECONDS,
  alogTemperatureRange,
} from './limits.js';

/** A temperature with its unit and a true minus sign: '−50 °C', '1832 °F'. */
const degrees = (value: number, unit: 'C' | 'F'): string => `${value < 0 ? '−' : ''}${Math.abs(value)} °${unit}`;

/**
 * Roasts imported from Artisan .alog files (docs/product-guide.md#artisan-import,
 * docs/decisions/0026-artisan-alog-import.md). All ours: the original app had no import.
 */
export const artisanMessages = {
  // The file as a whole: its bytes and the literal grammar
  fileEmpty: 'El archivo está vacío.',
  // The limits' figures in the shop's regional format: the server words them with its formatter
  // (AlogLimit in the server's alog-parser.ts, docs/decisions/0042-one-regional-formatter.md).
  fileTooLarge: (f: Formatter) =>
    `El archivo es demasiado grande (máximo ${f.plain(ALOG_MAX_BYTES / (1024 * 1024))} MB). Un perfil de Artisan de una hora ocupa menos de 1 MB.`,
  fileNotUtf8: 'El archivo no está en UTF-8: no parece un perfil guardado por Artisan (.alog).',
  syntax: (line: number) => `El archivo no se puede leer como perfil de Artisan (.alog): hay un error cerca de la línea ${line}.`,
  notADict: 'El archivo no es un perfil de Artisan: debe contener un diccionario entre llaves ({…}).',
  tooDeep: `El archivo tiene demasiados niveles anidados (máximo ${ALOG_MAX_DEPTH}).`,
  numberTooLong: (line: number) => `El archivo tiene un número demasiado largo (máximo ${ALOG_MAX_NUMBER_CHARS} caracteres) en la línea ${line}.`,
  numberOutOfRange: (line: number) => `El archivo tiene un número fuera de rango o no válido (como 1e400 o NaN) en la línea ${line}.`,
  listTooLong: (line: number, f: Formatter) => `El archivo tiene una lista demasiado larga (máximo ${f.count(ALOG_MAX_LIST_ITEMS)} elementos) en la línea ${line}.`,
  tooManyValues: (f: Formatter) => `El archivo tiene demasiados valores (máximo ${f.count(ALOG_MAX_VALUES)}): un perfil de Artisan tiene muchos menos.`,
  textTooLong: (line: number, f: Formatter) => `El archivo tiene un texto demasiado largo (máximo ${f.count(ALOG_MAX_STRING_CHARS)} caracteres) en la línea ${line}.`,
  // The profile's fields
  weightMissing: 'El archivo no tiene el peso del café (weight: [verde, tostado, unidad]) o no es numérico.',
  unknownUnit: (unit: string) => `Unidad de peso desconocida en el archivo: «${unit}». Artisan usa g, Kg, lb u oz.`,
  weightTooLarge: 'El peso del archivo es demasiado grande.',
  resultantMissing: 'El archivo no tiene el peso del café tostado (0): indica los Kilos Resultantes.',
  // No format named: the screen's box takes dd/mm/aaaa, the API's roast_date YYYY-MM-DD.
  dateMissing: 'El archivo no tiene fecha de tostado: indica la Fecha de Tostado.',
  badFileDate: (text: string) => `La fecha de tostado del archivo no es válida: «${text}».`,
  badUuid: 'El identificador del tueste del archivo (roastUUID) no es válido: deben ser 32 caracteres hexadecimales.',
  badMode: 'La unidad de temperatura del archivo (mode) debe ser C o F.',
  curveLengths: 'La curva del archivo no es coherente: timex, temp1 y temp2 tienen longitudes distintas.',
  curveNotNumeric: 'La curva del archivo tiene lecturas que no son números.',
  temperatureOutOfRange: (unit: 'C' | 'F') =>
    `La curva del archivo tiene temperaturas fuera de rango: deben estar entre ${degrees(alogTemperatureRange(unit)[0], unit)} y ${degrees(alogTemperatureRange(unit)[1], unit)}.`,
  // The curve's events (docs/product-guide.md#artisan-import): CHARGE and DROP place the roast on its curve.
  eventMissing: (event: string, artisanName: string) =>
    `El archivo no marca el evento ${event} (${artisanName}): márcalo en Artisan, guarda el perfil y vuelve a añadirlo.`,
  eventOutOfRange: (event: string, artisanName: string, written: number, samples: number) =>
    `El evento ${event} (${artisanName}) del archivo está fuera de la curva (timeindex ${written}; la curva tiene ${samples} lecturas): márcalo de nuevo en Artisan, guarda el perfil y vuelve a añadirlo.`,
  timeOutOfRange: `La curva del archivo tiene tiempos fuera de rango: deben estar entre 0 y ${ALOG_TIME_MAX_SECONDS / 3600} horas desde el inicio de la grabación.`,
  // The import
  alreadyImported: (batchCode: string) => `Este perfil de Artisan ya está registrado en el lote de café tostado ${batchCode}: no se ha importado de nuevo.`,
  invalidResultant: 'Los Kilos Resultantes deben ser un número (con punto decimal).',
  noCurve: 'Este tueste no tiene curva de Artisan.',
  batchEmpty: 'Añade al menos un archivo para importar.',
  batchTooMany: `Como máximo ${ALOG_BATCH_MAX_FILES} archivos por importación.`,
  batchTooLarge: (f: Formatter) => `Los archivos de una importación pueden sumar como máximo ${f.plain(ALOG_MAX_BYTES / (1024 * 1024))} MB: importa el resto en otra.`,
  // The screen's own check before a confirm (web artisan/batch-limits.ts): the total, rounded up, is always past the limit it names.
  batchTooManyOnScreen: (files: number) => `Hay ${files} archivos para importar y una importación puede llevar como máximo ${ALOG_BATCH_MAX_FILES}: quita algunos e impórtalos en otra.`,
  batchTooLargeOnScreen: (bytes: number, f: Formatter) =>
    `Los archivos suman ${f.plain(Math.ceil((bytes * 10) / (1024 * 1024)) / 10)} MB y una importación puede sumar como máximo ${f.plain(ALOG_MAX_BYTES / (1024 * 1024))} MB: quita algunos e impórtalos en otra.`,
  batchBase64: 'El contenido del archivo no está en base64 válido.',
  batchFileInvalid: 'Cada archivo de la importación debe ser un objeto con su contenido en base64 (content_base64).',
  batchFile: (name: string, message: string) => `${name}: ${message}`,
  batchFileName: (position: number) => `Archivo ${position}`,
  // The same profile twice in one import: the second would be refused by the first, recorded in the same transaction.
  alreadyInBatch: (first: string) => `Este perfil de Artisan ya está en esta importación (${first}): quita uno de los dos.`,
  // The screen
  importButton: 'Importar desde Artisan',
  importTitle: 'Importar tuestes desde Artisan',
  importHint: 'Arrastra aquí uno o varios archivos .alog de Artisan, o elígelos.',
  importPick: 'Elegir archivos .alog',
  importChecking: 'Revisando los archivos...',
  importConfirm: 'Confirmar importación',
  importCancel: 'Cancelar',
  importSaving: 'Importando...',
  importNothing: 'No hay archivos listos para importar.',
  alreadyImportedRow: (batchCode: string) => `Ya importado en el lote ${batchCode}: se omitirá.`,
  rowsWithProblems: (rows: number) =>
    `${rows === 1 ? '1 archivo tiene' : `${rows} archivos tienen`} problemas: corrígelos o quítalos para importar.`,
  imported: (rows: number) => `${rows === 1 ? '1 tueste importado' : `${rows} tuestes importados`} desde Artisan con éxito.`,
  importError: 'Error al importar los tuestes de Artisan.',
  // A roast dated before its green lot's entry, as the import's row says it: which rule, and the two ways out.
  beforeGreenEntry: (roastDate: string, greenCode: string, entryDate: string) =>
    `La fecha de tostado (${formatDate(roastDate)}) es anterior a la entrada del lote de café verde ${greenCode} (${formatDate(entryDate)}): elige otro lote o una Fecha de Tostado desde el ${formatDate(entryDate)}.`,
  chooseGreenLot: 'Selecciona el lote de café verde.',
  chooseRoastType: 'Selecciona el tipo de tueste.',
  remove: 'Quitar',
  // The curve
  curveButton: 'Curva',
  curveTitle: (batchCode: string) => `Curva de tueste del lote ${batchCode}`,
  curveLoadError: 'Error al cargar la curva de tueste.',
  curveClose: 'Cerrar',
  curveTime: 'Tiempo (min:s)',
  curveBt: 'Temperatura del grano (BT)',
  curveEt: 'Temperatura del aire (ET)',
  events: {
    charge: 'Carga',
    dry_end: 'Fin de secado',
    fc_start: 'Inicio del 1.er crack',
    fc_end: 'Fin del 1.er crack',
    sc_start: 'Inicio del 2.º crack',
    sc_end: 'Fin del 2.º crack',
    drop: 'Descarga',
  },
  curveRor: 'Velocidad de subida (RoR)',
  /** The roast's figures beside the curve (docs/decisions/0052-roast-metrics.md). */
  figures: {
    eventsCaption: 'Eventos del tueste',
    summaryCaption: 'Fases y cifras del tueste',
    event: 'Evento',
    time: 'Tiempo',
    figure: 'Cifra',
    value: 'Valor',
    notMarked: 'Sin marcar',
    events: {
      charge: 'Carga',
      tp: 'Punto de inflexión',
      dry_end: 'Fin de secado',
      fc_start: 'Inicio del primer crack',
      fc_end: 'Fin del primer crack',
      sc_start: 'Inicio del segundo crack',
      sc_end: 'Fin del segundo crack',
      drop: 'Descarga',
    },
    phases: { drying: 'Secado', maillard: 'Maillard', development: 'Desarrollo' },
    totalTime: 'Tiempo total',
    dtr: 'Ratio de desarrollo',
    dropTemperature: 'Temperatura de descarga',
    weightLoss: 'Pérdida de peso',
  },
  /** The events' marks on the chart, short enough to stand rotated above the lines (the full names are listed under it). */
  eventMarks: { charge: 'Carga', dry_end: 'Secado', fc_start: '1C', fc_end: '1C fin', sc_start: '2C', sc_end: '2C fin', drop: 'Desc.' },
} as const;
