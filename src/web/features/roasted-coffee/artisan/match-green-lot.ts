import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { nameKey } from '#shared/text-keys.js';
import { kgToGrams } from '#shared/units.js';

/**
 * The green lot an Artisan file most likely roasted (docs/product-guide.md#artisan-import):
 * one with stock whose supplier/farm or origin the file's beans or title
 * name ('Costa Rica Tarrazú — Finca La Pastora' names the origin Costa Rica and
 * the farm Finca La Pastora), case, accents and spacing aside. A farm says more
 * than a country, so a lot whose farm is named wins over one whose origin only
 * is; then a lot holding the file's green kg; then the oldest (first in, first
 * roasted). Undefined when nothing is named: the person chooses.
 */
export function suggestGreenLot(file: { beans: string | null; title: string | null; green_kg: number }, lots: readonly GreenCoffee[]): number | undefined {
  const text = nameKey([file.beans, file.title].filter(Boolean).join(' '));
  if (text === '') return undefined;
  const names = (name: string) => {
    const key = nameKey(name);
    return key !== '' && text.includes(key);
  };
  const needG = kgToGrams(file.green_kg);
  const scored = lots
    .filter((lot) => lot.stock_kg > 0)
    .map((lot) => ({ lot, score: (names(lot.supplier_finca) ? 2 : 0) + (names(lot.origin_name) ? 1 : 0) }))
    .filter(({ score }) => score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(kgToGrams(b.lot.stock_kg) >= needG) - Number(kgToGrams(a.lot.stock_kg) >= needG) ||
        a.lot.entry_date.localeCompare(b.lot.entry_date) ||
        a.lot.id - b.lot.id,
    );
  return scored[0]?.lot.id;
}
