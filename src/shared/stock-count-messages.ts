// Recuento de Inventario: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { COUNT_KG_MAX, COUNT_LINES_MAX, COUNT_NOTE_MAX } from './limits.js';
import { type Formatter } from './format.js';
import { codeList } from './message-parts.js';

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
  // 400: a lot never holds more than entered it (docs/decisions/0039-stock-never-above-entry.md):
  // a green lot what it received, a roast what it produced, a blend what was made. Extra coffee
  // found on the shelf means the entry was wrong, and the entry is where it is put right.
  aboveEntry: (kind: 'green' | 'roasted' | 'blend', code: string, enteredKg: number, f: Formatter) =>
    kind === 'green'
      ? `El lote ${code} recibió ${f.kgExact(enteredKg)}: un recuento no puede dejar más. Si entró más café, corrige la entrada del lote en Café Verde.`
      : kind === 'roasted'
        ? `El lote ${code} salió del tueste con ${f.kgExact(enteredKg)}: un recuento no puede dejar más. Si salió más café, corrige sus Kilos Resultantes en Café Tostado.`
        : `El lote ${code} se mezcló con ${f.kgExact(enteredKg)}: un recuento no puede dejar más. Si se hizo más mezcla, corrige su Cantidad Total en Café Mezcla.`,
  // 409: a sale, roast or blend moved these lots after the sheet was loaded; nothing was written.
  stockChanged: (codes: readonly string[]) =>
    codes.length === 1
      ? `El stock del lote ${codes[0]} cambió mientras contabas (una venta, un tueste o una mezcla). Vuelve a contarlo: no se ha guardado nada.`
      : `El stock de los lotes ${codeList(codes, 10)} cambió mientras contabas (una venta, un tueste o una mezcla). Vuelve a contarlos: no se ha guardado nada.`,
  notFound: 'El recuento no existe.',
  // The second question before saving, for differences too large to be a slip of the scale:
  // more than 10 % of the lot's expected stock or more than 5 Kg (a typo such as 999999 for 9.99).
  confirmLarge: (lots: readonly { code: string; expectedKg: number; countedKg: number }[], f: Formatter) =>
    `${lots.length === 1 ? 'Este lote cambia' : 'Estos lotes cambian'} más del 10 % o más de 5 Kg: ` +
    `${lots.slice(0, 10).map((lot) => `${lot.code} (esperado ${f.kgExact(lot.expectedKg)}, contado ${f.kgExact(lot.countedKg)})`).join('; ')}` +
    `${lots.length > 10 ? `; y ${lots.length - 10} más` : ''}. ¿Son correctos los Kg contados?`,
  confirm: (lots: number, adjusted: number) =>
    `¿Confirmas el recuento de ${lots} ${lots === 1 ? 'lote' : 'lotes'}? Se ajustará el stock de ${adjusted} ${adjusted === 1 ? 'lote' : 'lotes'}.`,
  saved: 'Recuento registrado con éxito.',
  recountHint: 'Vuelve a contar los lotes marcados: su stock esperado se ha actualizado.',
  loadError: 'Error al cargar la hoja de recuento.',
  historyLoadError: 'Error al cargar los recuentos.',
  saveError: 'Error al registrar el recuento.',
} as const;
