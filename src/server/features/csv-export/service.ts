import type { Kysely } from 'kysely';
import { salesMessages } from '#shared/messages.js';
import { GREEN_CSV_HEADERS } from '#shared/schemas/green-import.js';
import type { BlendedCoffee } from '#shared/schemas/blended-coffee.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { Origin } from '#shared/schemas/origins.js';
import type { User } from '#shared/schemas/auth.js';
import { saleTotalCents } from '#shared/sale-total.js';
import { KG_DECIMALS, kgToGrams, PRICE_DECIMALS } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, type CsvFormat, keysetBatches, pagedItems } from '#server/http/csv-export.js';
import { listRecipes } from '../blend-recipes/service.js';
import { listBlends } from '../blended-coffee/service.js';
import { listOrigins } from '../origins/service.js';
import { productNames } from '../products/service.js';
import { getUserPage } from '../users/service.js';
import * as repository from './repository.js';

/**
 * What each table's CSV holds (issue 20): the columns the screen shows, under
 * the screen's headers, every row of the list's filter in the list's order.
 * Quantities are exact (kg with 3 decimals: what is stored, to the gram), so an
 * exported file imports back to the same data; prices and totals 2 decimals.
 */
export interface CsvExport<Row> {
  /** The file name's table part: 'cafe-verde' → cafe-verde-2026-11-23.csv. */
  fileBase: string;
  columns: readonly CsvColumn<Row>[];
  rows: AsyncIterable<Row>;
}

// Number cells (a spreadsheet adds them up); kgText is the same figure inside a text cell.
const kg = (grams: number, f: CsvFormat) => f.scaledNumber(grams, KG_DECIMALS);
const money = (cents: number, f: CsvFormat) => f.scaledNumber(cents, PRICE_DECIMALS);
const kgOf = (kilos: number, f: CsvFormat) => kg(kgToGrams(kilos), f);
const kgText = (kilos: number, f: CsvFormat) => f.scaled(kgToGrams(kilos), KG_DECIMALS);

export const originColumns: CsvColumn<Origin>[] = [
  { header: 'Nombre', cell: (o) => o.name },
  { header: 'Kilos por Saco', cell: (o, f) => kgOf(o.kilos_per_bag, f) },
  { header: 'Proveedores/Fincas', cell: (o) => o.suppliers_fincas.join(', ') },
  { header: 'Descripción', cell: (o) => o.description ?? '' },
];

export const exportOrigins = (db: Kysely<Database>): CsvExport<Origin> => ({
  fileBase: 'origenes',
  columns: originColumns,
  rows: pagedItems((page) => listOrigins(db, page)),
});

const GREEN_HEADERS = GREEN_CSV_HEADERS;

const greenColumns: CsvColumn<repository.GreenExportRow>[] = [
  { header: GREEN_HEADERS.batchCode, cell: (g) => g.batch_code },
  { header: GREEN_HEADERS.origin, cell: (g) => g.origin_name },
  { header: GREEN_HEADERS.supplier, cell: (g) => g.supplier_finca },
  { header: GREEN_HEADERS.stock, cell: (g, f) => kg(g.stock_g, f) },
  { header: GREEN_HEADERS.quantity, cell: (g, f) => kg(g.quantity_g, f) },
  { header: GREEN_HEADERS.price, cell: (g, f) => money(g.unit_price_cents, f) },
  { header: GREEN_HEADERS.entryDate, cell: (g, f) => f.date(g.entry_date) },
];

export const exportGreenLots = (
  db: Kysely<Database>,
  filter: { origin_id?: number | undefined; in_stock?: boolean | undefined },
): CsvExport<repository.GreenExportRow> => ({
  fileBase: 'cafe-verde',
  columns: greenColumns,
  rows: keysetBatches((after, limit) =>
    repository.greenLotsAfter(db, { originId: filter.origin_id, inStock: filter.in_stock }, after, limit)),
});

const roastColumns: CsvColumn<repository.RoastExportRow>[] = [
  { header: 'Lote', cell: (r) => r.batch_code },
  { header: 'Lote Verde', cell: (r) => r.green_batch_code },
  { header: 'Origen', cell: (r) => r.origin_name },
  { header: 'Tipo de Tueste', cell: (r) => r.roast_type },
  { header: 'Café Verde (Kg)', cell: (r, f) => kg(r.quantity_green_g, f) },
  { header: 'Producido (Kg)', cell: (r, f) => kg(r.resultant_g, f) },
  { header: 'Disponible (Kg)', cell: (r, f) => kg(r.stock_g, f) },
  // Shrinkage = quantity_green_kg − resultant_kg (spec 3), computed, never stored.
  { header: 'Merma (Kg)', cell: (r, f) => kg(r.quantity_green_g - r.resultant_g, f) },
  { header: 'Fecha Tostado', cell: (r, f) => f.date(r.roast_date) },
];

export const exportRoasts = (
  db: Kysely<Database>,
  filter: { origin_id?: number | undefined; in_stock?: boolean | undefined },
): CsvExport<repository.RoastExportRow> => ({
  fileBase: 'cafe-tostado',
  columns: roastColumns,
  rows: keysetBatches((after, limit) => repository.roastsAfter(db, { originId: filter.origin_id, inStock: filter.in_stock }, after, limit)),
});

/** As the blends table shows them: 'Colombia 60% (CO-010124-1234 6,000 Kg); Brasil 40% (…)'. */
const blendComponentsText = (blend: BlendedCoffee, f: CsvFormat) =>
  blend.components
    .map((component) => {
      const draws = component.selected_roasted_batches.map((draw) => `${draw.batch_code} ${kgText(draw.quantity_used, f)} Kg`).join(', ');
      return `${component.origin_name} ${f.decimal(component.percentage)}%${draws ? ` (${draws})` : ''}`;
    })
    .join('; ');

const blendColumns: CsvColumn<BlendedCoffee>[] = [
  { header: 'Nombre', cell: (b) => b.name },
  { header: 'Lote', cell: (b) => b.batch_code },
  { header: 'Producido (Kg)', cell: (b, f) => kgOf(b.total_quantity_kg, f) },
  { header: 'Disponible (Kg)', cell: (b, f) => kgOf(b.stock_kg, f) },
  { header: 'Fecha Creación', cell: (b, f) => f.date(b.creation_date) },
  { header: 'Componentes', cell: blendComponentsText },
];

export const exportBlends = (db: Kysely<Database>): CsvExport<BlendedCoffee> => ({
  fileBase: 'cafe-mezcla',
  columns: blendColumns,
  rows: pagedItems((page) => listBlends(db, page)),
});

const recipeColumns: CsvColumn<BlendRecipe>[] = [
  { header: 'Nombre', cell: (r) => r.name },
  { header: 'Componentes', cell: (r, f) => r.components.map((c) => `${c.origin_name} ${f.decimal(c.percentage)}%`).join(', ') },
];

export const exportRecipes = (db: Kysely<Database>): CsvExport<BlendRecipe> => ({
  fileBase: 'recetas',
  columns: recipeColumns,
  rows: pagedItems((page) => listRecipes(db, page)),
});

/** Never the password hash: the users service returns the public fields only. */
const userColumns: CsvColumn<User>[] = [
  { header: 'Usuario', cell: (u) => u.username },
  { header: 'Nombre completo', cell: (u) => u.full_name },
  { header: 'Rol', cell: (u) => u.role },
];

export const exportUsers = (db: Kysely<Database>): CsvExport<User> => ({
  fileBase: 'usuarios',
  columns: userColumns,
  rows: pagedItems((page) => getUserPage(db, page)),
});

type SaleExportItem = repository.SaleExportRow & { product_name: string };

const saleColumns: CsvColumn<SaleExportItem>[] = [
  { header: 'Producto', cell: (s) => s.product_name },
  { header: 'Lote Vendido', cell: (s) => s.batch_code_sold },
  { header: 'Cantidad (Kg)', cell: (s, f) => kg(s.quantity_g, f) },
  { header: 'Precio Unitario ($/Kg)', cell: (s, f) => money(s.unit_price_cents, f) },
  // The row total is quantity × price (spec 3), exact and rounded half up as everywhere (sale-total.ts).
  { header: 'Total ($)', cell: (s, f) => money(saleTotalCents(s.quantity_g, s.unit_price_cents), f) },
  { header: 'Fecha Venta', cell: (s, f) => f.date(s.sale_date) },
];

/** Sales with their products' names, two queries per batch (not one per sale); a sale whose lot is gone reads 'Producto Desconocido' (spec 2 "Sales"). */
async function* salesWithNames(db: Kysely<Database>): AsyncGenerator<SaleExportItem> {
  let batch: repository.SaleExportRow[] = [];
  const flush = async function* () {
    const names = await productNames(db, {
      tostado: batch.filter((s) => s.product_type === 'tostado').map((s) => s.product_id),
      mezcla: batch.filter((s) => s.product_type === 'mezcla').map((s) => s.product_id),
    });
    for (const sale of batch) yield { ...sale, product_name: names.get(`${sale.product_type}:${sale.product_id}`) ?? salesMessages.unknownProduct };
    batch = [];
  };
  for await (const sale of keysetBatches<repository.SaleExportRow>((after, limit) => repository.salesAfter(db, after, limit))) {
    batch.push(sale);
    if (batch.length === 1000) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

export const exportSales = (db: Kysely<Database>): CsvExport<SaleExportItem> => ({
  fileBase: 'ventas',
  columns: saleColumns,
  rows: salesWithNames(db),
});
