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
  formatInvalid: 'El formato de etiqueta debe ser 62mm, 100x150 o a4.',
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
} as const;
