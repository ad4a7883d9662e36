import { LABELS_MAX } from '#shared/limits.js';

// The web's own texts for printing labels (docs/product-guide.md#imprimir-desde-las-tablas). Kept
// apart from src/shared/messages.ts, which login and home load, and from the route's own messages
// (its 400s and 404s reach the person in the PDF's tab, as the server writes them).

const lots = (count: number) => (count === 1 ? '1 lote' : `${count} lotes`);
const labels = (count: number) => (count === 1 ? '1 etiqueta' : `${count} etiquetas`);

/** Printing lot labels from the lot tables, a new roast or blend, and a lot's trace. All ours: the original app printed nothing. */
export const labelTexts = {
  /** A row's icon button and the trace's button; `name` is the lot's code ('CO-R1', '15-03-24 de Colombia'). */
  rowButton: (name: string) => `Imprimir etiqueta del lote ${name}`,
  button: 'Imprimir etiqueta',
  select: (name: string) => `Seleccionar el lote ${name}`,
  selectPage: 'Seleccionar todos los lotes de esta página',
  printSelected: (count: number) => `Imprimir etiquetas (${count === 1 ? '1 lote seleccionado' : `${count} lotes seleccionados`})`,
  printAll: 'Imprimir etiquetas de toda la tabla',
  clearSelection: 'Quitar la selección',
  toolbar: (table: string) => `Etiquetas de «${table}»`,

  titleOne: (code: string) => `Imprimir la etiqueta del lote ${code}`,
  titleMany: (count: number) => `Imprimir las etiquetas de ${lots(count)}`,
  titleAll: (table: string) => `Imprimir las etiquetas de «${table}»`,
  loadingLots: 'Cargando los lotes de la tabla...',
  lotsLoadError: 'No se pudieron cargar los lotes de la tabla. Cierra y vuelve a intentarlo.',
  tableEmpty: 'La tabla no tiene lotes.',
  tableCount: (count: number) => `Todos los lotes de la tabla: ${lots(count)}.`,
  /** The whole table, some of its lots empty (0 Kg): they get no label. */
  tableCountWithStock: (count: number, empty: number) =>
    `Lotes con stock de la tabla: ${lots(count)} (${empty === 1 ? 'se omite 1 lote vacío' : `se omiten ${empty} lotes vacíos`}).`,
  tableAllEmpty: 'Todos los lotes de la tabla están vacíos (0 Kg): no hay etiquetas que imprimir.',
  tableTooMany: (total: number, printed: number) =>
    `La tabla tiene ${lots(total)} y un PDF lleva como máximo ${LABELS_MAX} etiquetas: ${printed === 1 ? 'se imprime solo el primero' : `se imprimen los ${printed} primeros`}, en el orden de la tabla.`,
  tooManySelected: (count: number) =>
    `Hay ${lots(count)} seleccionados y un PDF lleva como máximo ${LABELS_MAX} etiquetas: quita lotes de la selección.`,
  format: 'Formato',
  formats: { '62mm': 'Rollo de 62 mm', '100x150': 'Etiqueta de 100 × 150 mm', a4: 'Hoja A4 (3 × 8 etiquetas)', '50x80': 'Etiqueta de 50 × 80 mm (bolsa)' },
  /** Lot or bag label (docs/product-guide.md#etiquetas-de-bolsa): a roasted lot or a blend can have either. */
  kind: 'Tipo de etiqueta',
  kinds: { lote: 'Etiqueta del lote', bolsa: 'Etiquetas de bolsa para la venta' },
  saleFormat: 'Formato de venta (peso neto)',
  saleFormatsLoading: 'Cargando los formatos de venta...',
  saleFormatsError: 'No se pudieron cargar los formatos de venta. Cierra y vuelve a intentarlo.',
  noSaleFormats: 'No hay formatos de venta activos: añádelos en Configuración.',
  grind: 'Molienda',
  grinds: { grano: 'En grano', molido: 'Molido' },
  bags: 'Número de bolsas',
  bagsHint: 'Como máximo, las bolsas que da el stock del lote.',
  start: 'Empezar en la etiqueta n.º (hoja A4 ya empezada)',
  startHint: 'De 1 a 24, por filas de izquierda a derecha.',
  startInvalid: 'La posición de inicio debe ser un número entero entre 1 y 24.',
  copies: 'Copias de cada etiqueta',
  copiesInvalid: (max: number) => (max === 1 ? 'Con tantos lotes solo cabe 1 copia de cada etiqueta.' : `Las copias deben ser un número entero entre 1 y ${max}.`),
  total: (count: number) => `En total: ${labels(count)}.`,
  print: 'Imprimir',
  cancel: 'Cancelar',
  popupBlocked: 'El navegador no ha abierto una pestaña nueva. Abre el PDF con este enlace:',
  openPdf: 'Abrir el PDF de las etiquetas',

  /** After a roast, a blend or an Artisan import. */
  newLots: (codes: readonly string[]) => (codes.length === 1 ? `Lote nuevo: ${codes[0]}.` : `Lotes nuevos: ${codes.join(', ')}.`),
  newLotsButton: (count: number) => (count === 1 ? 'Imprimir etiqueta' : 'Imprimir etiquetas'),
  newLotsDismiss: 'Cerrar',
} as const;
