// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in that area's chunk
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { AREA_NAMES } from './activity-sentence.js';
import { LABELS_MAX } from './limits.js';

/** How many lots an error names before it says how many more there are. */
const NAMED_LOTS_MAX = 10;

const lotList = (lots: readonly string[]) =>
  lots.length <= NAMED_LOTS_MAX
    ? lots.join(', ')
    : `${lots.slice(0, NAMED_LOTS_MAX).join(', ')} y ${lots.length - NAMED_LOTS_MAX} más`;

/**
 * Printed lot labels, GET /api/labels.pdf (docs/product-guide.md#etiquetas,
 * docs/decisions/0029-lot-labels-and-qr.md). All ours: the original app printed nothing.
 */
export const labelMessages = {
  // The request's rules, in the order they are checked
  lotsRequired: 'Elige al menos un lote para imprimir etiquetas.',
  lotMalformed: (position: number) =>
    `El lote n.º ${position} de la lista no es válido: escribe tipo:id, con tipo green, roasted o blend y un id entero positivo (por ejemplo roasted:12).`,
  formatInvalid: 'El formato de etiqueta debe ser 62mm, 100x150, a4 o 50x80.',
  kindInvalid: 'El tipo de etiqueta debe ser lote o bolsa.',
  startInvalid: 'La posición de inicio debe ser un número entero entre 1 y 24.',
  saleFormatInvalid: 'El formato de venta no es válido.',
  grindInvalid: 'La molienda debe ser grano o molido.',
  formatOnlyBag: 'El formato 50x80 es solo para etiquetas de bolsa.',
  bagOneLot: 'Las etiquetas de bolsa son de un solo lote de café tostado o de mezcla.',
  bagFormatRequired: 'Elige el formato de venta de las bolsas.',
  startOnlyA4: 'La posición de inicio solo se usa con hojas A4.',
  saleFormatNotFound: 'No existe el formato de venta elegido.',
  /** More bags than the lot's stock fills: its code, its kilos, the bags they make, the bags asked for. */
  tooManyBags: (code: string, kg: string, format: string, bags: number, asked: number) =>
    bags === 0
      ? `El lote ${code} tiene ${kg}: no llega para una ${format}.`
      : `El lote ${code} tiene ${kg}: da para ${bags === 1 ? '1 bolsa' : `${bags} bolsas`} de ${format} como máximo; se pidieron ${asked}.`,
  copiesInvalid: `Las copias deben ser un número entero entre 1 y ${LABELS_MAX}.`,
  tooMany: (count: number) =>
    `Como máximo se pueden imprimir ${LABELS_MAX} etiquetas a la vez (lotes × copias); se pidieron ${count}. Divide la impresión en varias partes.`,
  originUnknown: 'No se pudo saber la dirección de la aplicación para el código QR. Define PUBLIC_URL en la configuración del servidor.',
  notFound: (lots: readonly string[]) =>
    lots.length === 1 ? `No existe el lote ${lots[0]}.` : `No existen los lotes ${lotList(lots)}.`,
  // What a label says
  documentTitle: 'Etiquetas de lotes',
  /** The kind as the screens name it (Café Verde, Café Tostado, Café Mezcla). */
  kind: {
    green: AREA_NAMES['green-coffee'],
    roasted: AREA_NAMES['roasted-coffee'],
    blend: AREA_NAMES['blended-coffee'],
  },
  finca: (finca: string) => `Finca: ${finca}`,
  roastType: (roastType: string) => `Tueste: ${roastType}`,
  recipe: (recipe: string | null) => `Receta: ${recipe ?? 'Sin receta'}`,
  entryDate: (date: string) => `Entrada: ${date}`,
  roastDate: (date: string) => `Tostado: ${date}`,
  creationDate: (date: string) => `Creación: ${date}`,
  netWeight: (kg: string) => `Peso neto: ${kg}`,
  // What a bag label says (docs/product-guide.md#etiquetas-de-bolsa)
  bagDocumentTitle: 'Etiquetas de bolsa',
  /** The sales denomination: roasted, natural (not torrefacto), whole bean or ground; decaffeinated when marked so. */
  denomination: (ground: boolean, decaf: boolean) => `Café tostado natural ${ground ? 'molido' : 'en grano'}${decaf ? ', descafeinado' : ''}`,
  /** A roast's origin and farm: 'Colombia · Finca La Esperanza'. */
  productName: (origin: string, farm: string) => `${origin} · ${farm}`,
  roastTypes: (types: readonly string[]) => `Tueste: ${types.join(', ')}`,
  bestBefore: (date: string) => `Consumir preferentemente antes del ${date}`,
  lotCode: (code: string) => `Lote: ${code}`,
  grams: (grams: number) => `${grams} g`,
  kilos: (kg: string) => `${kg} kg`,
  sanitaryRegistration: (number: string) => `Reg. sanitario ${number}`,
} as const;
