import type { SalesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import * as repository from './repository.js';

/**
 * What other areas may ask the sales area (the Ventas issue adds the rest):
 * whether a lot was sold, so the roasted and blend delete services can refuse
 * ('… asociado a mezclas o ventas.', '… asociada a ventas.'). Other areas
 * reach sales only through this file (lint zone, docs/decisions/0007).
 */
export const hasSales = (db: DbOrTrx, productType: SalesTable['product_type'], productId: number): Promise<boolean> =>
  repository.hasSales(db, productType, productId);
