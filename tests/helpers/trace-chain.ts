import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * A known trace chain (docs/product-guide.md#trazabilidad), made through the public API (so every stock
 * move is in the ledger as the services write it):
 *   origin Colombia (fincas La Esperanza, El Paraíso);
 *   green A 'VERDE-01' 100 kg at 8.00 $/Kg (La Esperanza), green B 'VERDE-02' 60 kg at 9.50 $/Kg (El Paraíso);
 *   R1 from A: 20 → 16.5 kg; R2 from A: 12.5 → 10.4 kg; R3 from B: 15 → 12.3 kg;
 *   blend M 9 kg (Colombia 100 %) drawing 5 kg of R1 and 4 kg of R3;
 *   sales S1 3.333 kg of R2 at 18 $/Kg, S2 2.5 kg of M at 28.50 $/Kg, S3 1 kg of R1 at 20 $/Kg.
 * Figures by hand (exact fractions, rounded once, half up):
 *   R1 = 20000 × 800 / 16500 = 969.69… c → 9.70; R2 = 12500 × 800 / 10400 = 961.53… c → 9.62;
 *   R3 = 15000 × 950 / 12300 = 1158.53… c → 11.59; M = (5000 R1 + 4000 R3) / 9000 = 1053.62… c → 10.54.
 */
export interface Chain {
  origin: { id: number; name: string };
  greenA: { id: number; batch_code: string };
  greenB: { id: number; batch_code: string };
  r1: { id: number; batch_code: string };
  r2: { id: number; batch_code: string };
  r3: { id: number; batch_code: string };
  blend: { id: number; batch_code: string };
  s1: { id: number };
  s2: { id: number };
  s3: { id: number };
}

export async function buildChain(t: TestApp, cookie: string, options: { sales?: boolean } = {}): Promise<Chain> {
  const ok = async <T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> => {
    const response = await t.call(cookie, { method, url, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as T;
  };
  const origin = await ok<{ id: number; name: string }>('POST', '/api/coffee-origins', {
    name: 'Colombia',
    kilos_per_bag: 70,
    suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'],
  });
  const green = (batch_code: string, finca: string, quantity_kg: number, unit_price: number) =>
    ok<{ id: number; batch_code: string }>('POST', '/api/green-coffee', {
      origin_id: origin.id,
      supplier_finca: finca,
      quantity_kg,
      unit_price,
      entry_date: '2024-03-01',
      batch_code,
    });
  const greenA = await green('VERDE-01', 'Finca La Esperanza', 100, 8);
  const greenB = await green('VERDE-02', 'Finca El Paraíso', 60, 9.5);
  const roast = (greenId: number, quantity_green_kg: number, resultant_kg: number, batch_code: string, roast_date: string) =>
    ok<{ id: number; batch_code: string }>('POST', '/api/roasted-coffee', {
      green_coffee_id: greenId,
      quantity_green_kg,
      resultant_kg,
      roast_type: 'Medio',
      roast_date,
      batch_code,
    });
  const r1 = await roast(greenA.id, 20, 16.5, 'CO-R1', '2024-03-05');
  const r2 = await roast(greenA.id, 12.5, 10.4, 'CO-R2', '2024-03-06');
  const r3 = await roast(greenB.id, 15, 12.3, 'CO-R3', '2024-03-07');
  const blend = await ok<{ id: number; batch_code: string }>('POST', '/api/blended-coffee', {
    name: 'Casa',
    total_quantity_kg: 9,
    creation_date: '2024-03-10',
    batch_code: 'CA-MZ-1',
    recipe_id: null,
    components: [
      {
        origin_id: origin.id,
        percentage: 100,
        selected_roasted_batches: [
          { id: r1.id, quantity_used: 5 },
          { id: r3.id, quantity_used: 4 },
        ],
      },
    ],
  });
  const chain = { origin, greenA, greenB, r1, r2, r3, blend, s1: { id: 0 }, s2: { id: 0 }, s3: { id: 0 } };
  if (options.sales === false) return chain;
  const sale = (lot: { id: number; batch_code: string }, product_type: 'tostado' | 'mezcla', quantity_kg: number, unit_price: number, sale_date: string) =>
    ok<{ id: number }>('POST', '/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price, sale_date, batch_code_sold: lot.batch_code });
  chain.s1 = await sale(r2, 'tostado', 3.333, 18, '2024-04-02');
  chain.s2 = await sale(blend, 'mezcla', 2.5, 28.5, '2024-04-03');
  chain.s3 = await sale(r1, 'tostado', 1, 20, '2024-04-04');
  return chain;
}
