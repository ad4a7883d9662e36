import type { TraceLotKind } from '#shared/schemas/traceability.js';

/** How the screens name each kind of lot. */
export const LOT_KIND_LABELS: Record<TraceLotKind, string> = {
  green: 'Café Verde',
  roasted: 'Café Tostado',
  blend: 'Café Mezcla',
};

export const PRODUCT_TYPE_LABELS = { tostado: 'Café Tostado', mezcla: 'Café Mezcla' } as const;

/** A ledger reference → the trace it opens (a roast or blend is a lot; a sale its own trace). */
export function referencePath(refKind: string | null, refId: number | null): string | undefined {
  if (refId === null) return undefined;
  switch (refKind) {
    case 'roast':
      return `/trazabilidad?tipo=roasted&id=${refId}`;
    case 'blend':
      return `/trazabilidad?tipo=blend&id=${refId}`;
    case 'sale':
      return `/trazabilidad?venta=${refId}`;
    case 'green_coffee':
      return `/trazabilidad?tipo=green&id=${refId}`;
    default:
      return undefined;
  }
}
