import type { Kysely } from 'kysely';
import { productPriceMessages as m } from '#shared/product-price-messages.js';
import type { PaginationQuery } from '#shared/schemas/common.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { ProductPrice, ProductPriceBody, ProductPricePage, ProductPriceUpdateBody } from '#shared/schemas/product-prices.js';
import { centsToPrice, priceToCents } from '#shared/units.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import * as repository from './repository.js';

/** Who writes: the signed-in administrator, whose role is checked again inside the transaction. */
interface Writer {
  actor: { id: number };
}

const toPrice = ({ price_cents, ...record }: repository.ProductPriceRecord): ProductPrice => ({ ...record, price: centsToPrice(price_cents) });

const toValues = (body: ProductPriceBody): repository.ProductPriceValues =>
  body.product_type === 'tostado'
    ? { product_type: 'tostado', origin_id: body.origin_id, roast_type: body.roast_type, price_cents: priceToCents(body.price) }
    : { product_type: 'mezcla', recipe_id: body.recipe_id, price_cents: priceToCents(body.price) };

/** The price as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findPriceItem(db: DbOrTrx, id: number): Promise<ProductPrice | undefined> {
  const record = await repository.findPriceById(db, id);
  return record ? toPrice(record) : undefined;
}

export async function listPrices(db: Kysely<Database>, page: PaginationQuery): Promise<ProductPricePage> {
  const { rows, total } = await repository.listPrices(db, page);
  return { items: rows.map(toPrice), total, limit: page.limit, offset: page.offset };
}

/**
 * One price per product (docs/product-guide.md#configuracion): the 409 names
 * the product already priced. The lookup answers the common case; the unique
 * indexes of migration 0018 decide between two requests at once.
 */
export async function createPrice(db: Kysely<Database>, body: ProductPriceBody, { actor }: Writer): Promise<ProductPrice> {
  const values = toValues(body);
  try {
    return await withWriteTransaction(db, async (trx) => {
      await requireActorRole(trx, actor.id, 'administrador');
      const existing = await repository.findPriceOfProduct(trx, values);
      if (existing) throw new AppError('duplicate', m.duplicate(existing.name));
      const id = await repository.insertPrice(trx, values, Date.now());
      return toPrice((await repository.findPriceById(trx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('duplicate', m.duplicate((await repository.findPriceOfProduct(db, values))?.name ?? 'ese producto'));
    // The origin or the recipe does not exist.
    if (isForeignKeyViolation(error)) throw validationError(m.productInvalid);
    throw error;
  }
}

/** Only the price changes; the write pipeline has checked and raised the version (docs/decisions/0038-record-versions.md). */
export async function updatePrice(db: Kysely<Database>, id: number, body: ProductPriceUpdateBody, { actor }: Writer): Promise<ProductPrice> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    const version = await repository.updatePrice(trx, id, priceToCents(body.price), Date.now());
    if (version === undefined) throw notFoundError(m.notFound);
    return toPrice((await repository.findPriceById(trx, id))!);
  });
}

export async function deletePrice(db: Kysely<Database>, id: number, { actor }: Writer): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    if (!(await repository.deletePrice(trx, id))) throw notFoundError(m.notFound);
  });
}

/** The product's own price per kg in cents (Configuración), or undefined: an order line's price hint after the customer's last price. */
export async function priceOfProduct(
  db: DbOrTrx,
  unit: { kind: 'tostado'; origin_id: number; roast_type: RoastType } | { kind: 'mezcla'; recipe_id: number },
): Promise<number | undefined> {
  const values: repository.ProductPriceValues =
    unit.kind === 'tostado'
      ? { product_type: 'tostado', origin_id: unit.origin_id, roast_type: unit.roast_type, price_cents: 0 }
      : { product_type: 'mezcla', recipe_id: unit.recipe_id, price_cents: 0 };
  return (await repository.findPriceOfProduct(db, values))?.price_cents;
}
