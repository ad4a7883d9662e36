// The benchmark data set (docs/performance.md), in support/ because both scripts/bench* and its test use it.
// The benchmark's data set, planned in memory before anything is written: the
// lots, their recipes and draws, and N sales over three years with a few best
// sellers. Every lot is sized from what is later taken out of it (roasts,
// blend draws, sales), so no stock ever goes negative, and every lot's final
// stock is known, which lets the writers insert it directly beside the ledger
// rows that add up to it (findLedgerMismatches stays empty).
import { seededRandom } from '../seeded-random.js';

export interface Origin { id: number; name: string; supplier: string }
export interface GreenLot { id: number; originId: number; supplier: string; quantityG: number; stockG: number; priceCents: number; entryDate: string; code: string }
export interface Roast { id: number; greenId: number; originId: number; greenG: number; resultantG: number; stockG: number; roastType: 'Claro' | 'Medio' | 'Oscuro'; date: string; code: string }
export interface BlendDraw { roastId: number; grams: number }
export interface BlendComponent { id: number; originId: number; percentageBp: number; position: number; draw: BlendDraw }
export interface Blend { id: number; name: string; totalG: number; stockG: number; date: string; code: string; components: BlendComponent[] }
/** A product the way sales see it: a roasted lot or a blend. */
export interface Product { type: 'tostado' | 'mezcla'; id: number; code: string; priceCents: number; firstDay: number }

/** Columnar sales (1,000,000 objects would cost far more memory than typed arrays). */
export interface Sales {
  count: number;
  product: Int32Array; // index into products
  quantityG: Int32Array;
  priceCents: Int32Array;
  day: Int32Array; // days since DAY_ZERO
  createdAt: Float64Array;
  customer: Int32Array; // customer id, 0 for a counter sale
}

/** A wholesale customer (a café, a shop): it buys a few usual products. */
export interface Customer { id: number; name: string }

export interface Plan {
  origins: Origin[];
  green: GreenLot[];
  roasts: Roast[];
  blends: Blend[];
  products: Product[];
  customers: Customer[];
  sales: Sales;
}

/** Three years of sales, ending the day before the bench's fixed "today". */
export const DAY_ZERO = Date.UTC(2023, 10, 23);
export const DAYS = 3 * 365;
export const isoDay = (day: number): string => new Date(DAY_ZERO + day * 86_400_000).toISOString().slice(0, 10);

const ORIGIN_NAMES = ['Colombia', 'Etiopía', 'Brasil', 'Guatemala', 'Kenia', 'Costa Rica', 'Honduras', 'Perú', 'Ruanda', 'Indonesia', 'México', 'Nicaragua'];
const ROAST_TYPES = ['Claro', 'Medio', 'Oscuro'] as const;
/** Typical bag sizes (0.25 kg … 5 kg): at most two decimals in kilos, like the form allows. */
const BAG_G = [250, 250, 500, 500, 500, 1000, 1000, 2000, 5000];
/**
 * Stock left in each lot after everything planned was taken out of it: room
 * for the bench's own sales (10 g each, thousands of them on one lot in the
 * contention run) without a 409 for lack of stock.
 */
const SPARE_G = 250_000;
/** The share of sales made to a customer; the rest are counter sales. */
const CUSTOMER_SHARE = 0.3;
/** The products each customer usually buys (its house coffees). */
const USUAL_PRODUCTS = 3;

/**
 * `catalogueOf`: size the lots as for that many sales (default: `salesCount`).
 * The bench's flat-report comparison (P2b) uses the big set's catalogue with
 * fewer sales, so the two sets differ in sales only.
 */
export function planDataset(salesCount: number, catalogueOf = salesCount, seed = 20261123): Plan {
  const rnd = seededRandom(seed ^ salesCount ^ (catalogueOf === salesCount ? 0 : catalogueOf * 31));
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

  // Lots grow with the business: about one green lot per 250 sales, two roasts per green lot.
  const greenCount = Math.min(4000, Math.max(40, Math.round(catalogueOf / 250)));
  const origins: Origin[] = ORIGIN_NAMES.map((name, i) => ({ id: i + 1, name, supplier: `Finca ${name}` }));

  const green: GreenLot[] = [];
  const roasts: Roast[] = [];
  for (let g = 1; g <= greenCount; g++) {
    const origin = origins[(g - 1) % origins.length]!;
    const entryDay = int(0, DAYS - 45);
    green.push({
      id: g, originId: origin.id, supplier: origin.supplier, quantityG: 0, stockG: 0,
      priceCents: int(550, 1200), entryDate: isoDay(entryDay), code: `V-${String(g).padStart(5, '0')}`,
    });
    for (let r = 0; r < 2; r++) {
      const id = roasts.length + 1;
      const day = Math.min(DAYS - 1, entryDay + int(1, 40));
      roasts.push({
        id, greenId: g, originId: origin.id, greenG: 0, resultantG: 0, stockG: 0,
        roastType: ROAST_TYPES[id % 3]!, date: isoDay(day), code: `T-${String(id).padStart(6, '0')}`,
      });
    }
  }

  const blendCount = Math.max(8, Math.round(roasts.length / 10));
  const blends: Blend[] = [];
  for (let b = 1; b <= blendCount; b++) {
    const day = int(30, DAYS - 15);
    blends.push({ id: b, name: `Mezcla de la casa ${b}`, totalG: 0, stockG: 0, date: isoDay(day), code: `M-${String(b).padStart(5, '0')}`, components: [] });
  }

  const products: Product[] = [
    ...roasts.map((r) => ({ type: 'tostado' as const, id: r.id, code: r.code, priceCents: int(1800, 4200), firstDay: dayOf(r.date) })),
    ...blends.map((b) => ({ type: 'mezcla' as const, id: b.id, code: b.code, priceCents: int(2200, 4800), firstDay: dayOf(b.date) })),
  ];

  // Skew: a Zipf-like weight (1/rank) over a shuffled product order, so a
  // handful of best sellers carry most sales and the tail sells a little.
  const order = products.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative = new Float64Array(order.length);
  let total = 0;
  for (let rank = 0; rank < order.length; rank++) cumulative[rank] = total += 1 / (rank + 1);
  const pickProduct = (random = rnd) => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };

  // Customers (docs/product-guide.md#clientes) as the catalogue: about one per 2,500 sales of it,
  // so the 10,000-sale set with the big set's lots has the big set's customers too. Their own
  // random stream, so the counter sales are the plan's sales as they were before customers.
  const crnd = seededRandom(seed ^ 0x5a1e ^ catalogueOf);
  const customerCount = Math.min(400, Math.max(20, Math.round(catalogueOf / 2500)));
  const customers: Customer[] = Array.from({ length: customerCount }, (_, i) => ({ id: i + 1, name: `Cafetería Bench ${String(i + 1).padStart(3, '0')}` }));
  const usual = customers.map(() => Array.from({ length: USUAL_PRODUCTS }, () => pickProduct(crnd)));
  let customerWeights = 0;
  const customerCumulative = customers.map((_, rank) => (customerWeights += 1 / (rank + 1)));
  const pickCustomer = () => {
    const x = crnd() * customerWeights;
    const index = customerCumulative.findIndex((weight) => weight >= x);
    return index < 0 ? customers.length - 1 : index;
  };

  // Each sale happens after its product existed; sorted by day so ids follow dates. A share of
  // them goes to a customer (the bigger ones most), who buys one of its usual products that exists by then.
  const raw: { product: number; quantityG: number; priceCents: number; day: number; customer: number }[] = new Array(salesCount);
  for (let i = 0; i < salesCount; i++) {
    let p = pickProduct();
    const day = int(products[p]!.firstDay, DAYS - 1);
    let customer = 0;
    if (crnd() < CUSTOMER_SHARE) {
      const c = pickCustomer();
      const choices = usual[c]!.filter((candidate) => products[candidate]!.firstDay <= day);
      if (choices.length > 0) {
        p = choices[Math.floor(crnd() * choices.length)]!;
        customer = c + 1;
      }
    }
    const product = products[p]!;
    // ±10 % around the product's price, whole cents.
    const priceCents = Math.round(product.priceCents * (0.9 + rnd() * 0.2));
    raw[i] = { product: p, quantityG: BAG_G[int(0, BAG_G.length - 1)]!, priceCents, day, customer };
  }
  raw.sort((a, b) => a.day - b.day);
  const sales: Sales = {
    count: salesCount,
    product: new Int32Array(salesCount),
    quantityG: new Int32Array(salesCount),
    priceCents: new Int32Array(salesCount),
    day: new Int32Array(salesCount),
    createdAt: new Float64Array(salesCount),
    customer: new Int32Array(salesCount),
  };
  const soldG = new Float64Array(products.length);
  raw.forEach((s, i) => {
    sales.product[i] = s.product;
    sales.quantityG[i] = s.quantityG;
    sales.priceCents[i] = s.priceCents;
    sales.day[i] = s.day;
    sales.customer[i] = s.customer;
    sales.createdAt[i] = DAY_ZERO + s.day * 86_400_000 + 8 * 3_600_000 + int(0, 10 * 3_600_000);
    soldG[s.product] = soldG[s.product]! + s.quantityG;
  });
  raw.length = 0;

  // Blends: sized from their sales, two origins at 60/40, each drawn from one
  // roasted lot of that origin roasted before the blend.
  const roastsByOrigin = new Map<number, Roast[]>();
  for (const r of roasts) roastsByOrigin.set(r.originId, [...(roastsByOrigin.get(r.originId) ?? []), r]);
  const drawnG = new Float64Array(roasts.length + 1);
  let componentId = 0;
  blends.forEach((blend, b) => {
    blend.totalG = soldG[roasts.length + b]! + SPARE_G;
    blend.stockG = SPARE_G;
    const first = (b % origins.length) + 1;
    const second = ((b + 5) % origins.length) + 1;
    const firstG = Math.floor((blend.totalG * 6000) / 10_000);
    [[first, 6000, firstG], [second, 4000, blend.totalG - firstG]].forEach(([originId, bp, grams], position) => {
      const candidates = roastsByOrigin.get(originId!)!.filter((r) => r.date <= blend.date);
      const roast = candidates.length > 0 ? candidates[int(0, candidates.length - 1)]! : roastsByOrigin.get(originId!)![0]!;
      if (roast.date > blend.date) roast.date = blend.date;
      drawnG[roast.id] = drawnG[roast.id]! + grams!;
      blend.components.push({ id: ++componentId, originId: originId!, percentageBp: bp!, position, draw: { roastId: roast.id, grams: grams! } });
    });
  });

  // Roasts from their sales and draws (18 % shrinkage); green lots from their roasts.
  for (const roast of roasts) {
    roast.resultantG = soldG[roast.id - 1]! + drawnG[roast.id]! + SPARE_G;
    roast.stockG = SPARE_G;
    roast.greenG = Math.ceil(roast.resultantG / 0.82);
    const lot = green[roast.greenId - 1]!;
    lot.quantityG += roast.greenG;
    if (roast.date < lot.entryDate) lot.entryDate = roast.date;
  }
  for (const lot of green) {
    lot.quantityG += SPARE_G;
    lot.stockG = SPARE_G;
  }
  return { origins, green, roasts, blends, products, customers, sales };
}

function dayOf(iso: string): number {
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - DAY_ZERO) / 86_400_000);
}

/** Epoch milliseconds of a business date (8:00 UTC), for created_at columns. */
export const millisOf = (iso: string): number => Date.parse(`${iso}T08:00:00Z`);
