// the CSV import and export: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import type { Formatter } from './format.js';

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
  fileTooLarge: (maxMb: number, f: Formatter) => `El archivo es demasiado grande (máximo ${f.plain(maxMb)} MB).`,
  tooManyRows: (max: number) => `El archivo tiene demasiadas filas: como máximo ${max} lotes por importación.`,
  tooManyColumns: (max: number) => `El archivo tiene demasiadas columnas (máximo ${max}). Usa la plantilla.`,
  tooManyCells: (max: number, rows: number, columns: number) =>
    `El archivo tiene demasiadas celdas (máximo ${max}: ${rows} lotes de ${columns} columnas y el encabezado). Usa la plantilla.`,
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
