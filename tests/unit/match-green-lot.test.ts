import { describe, expect, it } from 'vitest';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { suggestGreenLot } from '#web/features/roasted-coffee/artisan/match-green-lot.js';

/** The green lot preselected for an Artisan file (docs/product-guide.md#artisan-import). */
const lot = (id: number, origin: string, farm: string, stockKg: number, entryDate = '2024-01-01'): GreenCoffee => ({
  id,
  version: 1,
  origin_id: id,
  origin_name: origin,
  origin_description: null,
  supplier_finca: farm,
  quantity_kg: 100,
  stock_kg: stockKg,
  unit_price: 5,
  entry_date: entryDate,
  batch_code: `V-${id}`,
});

describe('suggestGreenLot', () => {
  const lots = [lot(1, 'Colombia', 'Finca La Esperanza', 50), lot(2, 'Costa Rica', 'Finca La Pastora', 50), lot(3, 'Costa Rica', 'Finca Otra', 50, '2023-12-01')];

  it('prefers the lot whose farm the beans name, accents and case aside', () => {
    expect(suggestGreenLot({ beans: 'COSTA RICA tarrazu — finca la pastora', title: null, green_kg: 1 }, lots)).toBe(2);
  });

  it('by origin alone, the oldest lot holding the green kg', () => {
    expect(suggestGreenLot({ beans: null, title: 'Café de Costa Rica, lote 7', green_kg: 1 }, lots)).toBe(3);
    expect(suggestGreenLot({ beans: null, title: 'Costa Rica', green_kg: 1 }, [lot(3, 'Costa Rica', 'Finca Otra', 0.5, '2023-12-01'), lot(4, 'Costa Rica', 'Finca Otra', 20)])).toBe(4);
  });

  it('never a lot without stock, and nothing when nothing is named', () => {
    expect(suggestGreenLot({ beans: 'Colombia', title: null, green_kg: 1 }, [lot(1, 'Colombia', 'Finca La Esperanza', 0)])).toBeUndefined();
    expect(suggestGreenLot({ beans: 'Etiopía', title: 'Yirgacheffe', green_kg: 1 }, lots)).toBeUndefined();
    expect(suggestGreenLot({ beans: null, title: null, green_kg: 1 }, lots)).toBeUndefined();
  });
});
