import { STOCK_COUNT_REASON_LABELS, type StockCountReason } from '#shared/schemas/stock-counts.js';
import type { LotKind, MovementReason } from '#server/db/schema.js';

/**
 * What a ledger row means, in Spanish, for the lot history (docs/product-guide.md#trazabilidad: "reception,
 * roast, roast edit, roast deleted, blend draw, sale, sale edit, …"). The
 * ledger stores a reason and a reference (ref_kind/ref_id: the green lot, roast,
 * blend or sale that moved the stock, as each service writes it); whether a row
 * created, edited or undid its reference follows from where it stands among
 * the lot's rows with that reference: the first one created it, the last one of
 * a reference that no longer exists deleted it, any other is an edit.
 */
interface Labels {
  created: string;
  edited: string;
  deleted: string;
}

const BY_REFERENCE: Record<string, Labels> = {
  green_coffee: { created: 'Recepción', edited: 'Edición de la cantidad recibida', deleted: 'Lote eliminado' },
  roast: { created: 'Tueste', edited: 'Edición de tueste', deleted: 'Tueste eliminado' },
  blend: { created: 'Mezcla', edited: 'Edición de mezcla', deleted: 'Mezcla eliminada' },
  sale: { created: 'Venta', edited: 'Edición de venta', deleted: 'Venta eliminada' },
};

/** The lot's own production (a roasted lot's roast, a blend's blend) reads as what came out, not what was taken. */
const OWN_PRODUCTION: Partial<Record<LotKind, { refKind: string; created: string }>> = {
  roasted: { refKind: 'roast', created: 'Producción del tueste' },
  blend: { refKind: 'blend', created: 'Producción de la mezcla' },
};

/** Rows without a known reference (written by hand or by a later area): the reason alone. */
const BY_REASON: Record<MovementReason, string> = {
  receipt: 'Recepción',
  adjustment: 'Ajuste',
  roast: 'Tueste',
  roast_reversal: 'Devolución de tueste',
  blend: 'Mezcla',
  blend_reversal: 'Devolución de mezcla',
  sale: 'Venta',
  sale_reversal: 'Devolución de venta',
  count: 'Ajuste de inventario',
};

export interface DescribedRow {
  id: number;
  reason: MovementReason;
  ref_kind: string | null;
  ref_id: number | null;
  first_id: number;
  last_id: number;
  ref_exists: number;
  /** A stock count's reason, for its moves (docs/product-guide.md#recuento-de-inventario). */
  count_reason?: StockCountReason | null;
}

export function describeMovement(lot: { kind: LotKind; id: number }, row: DescribedRow): string {
  // writeOffBeforeDelete: the stock a deleted lot still held leaves the ledger.
  if (row.ref_kind === 'lot_deleted') return 'Baja por eliminación del lote';
  // A count's correction names its reason in Spanish: 'Ajuste de inventario: Merma'.
  if (row.reason === 'count') {
    return row.count_reason ? `${BY_REASON.count}: ${STOCK_COUNT_REASON_LABELS[row.count_reason]}` : BY_REASON.count;
  }
  const labels = row.ref_kind === null ? undefined : BY_REFERENCE[row.ref_kind];
  if (!labels) return BY_REASON[row.reason] ?? row.reason;
  const own = OWN_PRODUCTION[lot.kind];
  const isOwn = own !== undefined && own.refKind === row.ref_kind && row.ref_id === lot.id;
  if (row.id === row.first_id) return isOwn ? own.created : labels.created;
  if (row.ref_exists === 0 && row.id === row.last_id) return labels.deleted;
  return labels.edited;
}
