// The demo's year (`npm run seed:demo`), planned in memory before anything is
// written: a small roaster buying green coffee, roasting twice a week, making
// blends from its recipes every week and selling most days, up to today. The
// plan follows every lot's stock in grams, so each roast, blend draw and sale
// it lists is one the services accept (support/demo/seed.ts writes them).
// Deterministic: the same `today` always gives the same plan.
import { requiredGramsOf } from '#shared/schemas/blended-coffee.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg } from '#shared/units.js';
import { seededRandom } from '../seeded-random.js';

export interface DemoOrigin {
  name: string;
  kilosPerBag: number;
  suppliers: string[];
  description: string;
  /** Green lot codes: prefix and entry date (CO-251201). */
  codePrefix: string;
  greenPriceCents: number;
  roastType: RoastType;
  salePriceCents: number;
  /** How often its roasted coffee is asked for, relative to the others. */
  demand: number;
  /** Bags bought at the start; restocked when it runs low, or never (one origin runs out: a stock alert). */
  firstBags: number;
  restock: boolean;
}

export const DEMO_ORIGINS: DemoOrigin[] = [
  { name: 'Colombia', kilosPerBag: 70, suppliers: ['Finca La Esperanza', 'Finca El Paraíso'], description: 'Huila, 1.700 m. Notas a panela y cítricos.',
    codePrefix: 'CO', greenPriceCents: 785, roastType: 'Medio', salePriceCents: 1800, demand: 3, firstBags: 3, restock: true },
  { name: 'Etiopía', kilosPerBag: 60, suppliers: ['Cooperativa Yirgacheffe', 'Cooperativa Guji'], description: 'Lavado, floral, té negro.',
    codePrefix: 'ET', greenPriceCents: 1025, roastType: 'Claro', salePriceCents: 2200, demand: 2, firstBags: 2, restock: true },
  { name: 'Brasil', kilosPerBag: 60, suppliers: ['Fazenda Santa Inês', 'Fazenda Ambiental'], description: 'Sul de Minas, natural. Chocolate y nuez.',
    codePrefix: 'BR', greenPriceCents: 610, roastType: 'Oscuro', salePriceCents: 1500, demand: 3, firstBags: 3, restock: true },
  { name: 'Guatemala', kilosPerBag: 69, suppliers: ['Finca El Injerto'], description: 'Huehuetenango, lavado. Cacao y manzana roja.',
    codePrefix: 'GT', greenPriceCents: 840, roastType: 'Medio', salePriceCents: 1900, demand: 1.5, firstBags: 2, restock: true },
  { name: 'Kenia', kilosPerBag: 60, suppliers: ['Cooperativa Nyeri'], description: 'AA, lavado. Grosella y pomelo.',
    codePrefix: 'KE', greenPriceCents: 1150, roastType: 'Claro', salePriceCents: 2400, demand: 1, firstBags: 1, restock: false },
];

export interface DemoRecipe {
  name: string;
  components: { origin: string; percentage: number }[];
  salePriceCents: number;
  demand: number;
}

export const DEMO_RECIPES: DemoRecipe[] = [
  { name: 'Mezcla de la Casa', components: [{ origin: 'Colombia', percentage: 60 }, { origin: 'Brasil', percentage: 40 }], salePriceCents: 1700, demand: 3 },
  { name: 'Espresso Intenso', components: [{ origin: 'Brasil', percentage: 50 }, { origin: 'Guatemala', percentage: 30 }, { origin: 'Etiopía', percentage: 20 }],
    salePriceCents: 1950, demand: 2 },
  { name: 'Desayuno Suave', components: [{ origin: 'Colombia', percentage: 50 }, { origin: 'Etiopía', percentage: 50 }], salePriceCents: 1800, demand: 1 },
];

/** The wholesale customers (docs/product-guide.md#clientes): a quarter of the year's sales and the pending orders name them. */
export const DEMO_CUSTOMERS = [
  { name: 'Cafetería El Molino', kind: 'cafeteria', tax_id: 'B12345674', email: 'pedidos@elmolino.example', phone: '+34 600 111 222', address: 'Calle Mayor 12, 28013 Madrid' },
  { name: 'Café Central', kind: 'cafeteria', tax_id: 'B87654321', email: 'compras@cafecentral.example', phone: '+34 600 333 444', address: 'Plaza del Ángel 10, 28012 Madrid' },
  { name: 'Tienda La Despensa', kind: 'tienda', tax_id: 'B11223344', email: 'hola@ladespensa.example', phone: '+34 600 555 666', address: 'Calle de Toledo 45, 28005 Madrid' },
] as const;

/**
 * The orders still to prepare on the demo's day (docs/product-guide.md#pedidos): due today,
 * tomorrow, in three days and in a week, two of them repeating, so Inicio's due line, the
 * plan's ordered kilos and Pedidos show them. `product` names an origin (its roast type) or a
 * recipe; `grams` is a sale format's bag, or null for bulk kilos.
 */
export const DEMO_ORDERS: {
  customer: number;
  dueInDays: number;
  repeatWeeks: 1 | 2 | 4 | null;
  lines: { product: { origin: string } | { recipe: string }; grams: 250 | 500 | 1000 | null; quantity: number; grind: 'grano' | 'molido' }[];
}[] = [
  { customer: 0, dueInDays: 0, repeatWeeks: 1, lines: [{ product: { origin: 'Colombia' }, grams: 1000, quantity: 4, grind: 'grano' }, { product: { recipe: 'Mezcla de la Casa' }, grams: 1000, quantity: 3, grind: 'grano' }] },
  { customer: 1, dueInDays: 1, repeatWeeks: 2, lines: [{ product: { recipe: 'Espresso Intenso' }, grams: null, quantity: 5, grind: 'molido' }] },
  { customer: 2, dueInDays: 3, repeatWeeks: null, lines: [{ product: { origin: 'Etiopía' }, grams: 250, quantity: 12, grind: 'grano' }, { product: { origin: 'Brasil' }, grams: 250, quantity: 12, grind: 'molido' }] },
  { customer: 0, dueInDays: 7, repeatWeeks: null, lines: [{ product: { origin: 'Guatemala' }, grams: 500, quantity: 6, grind: 'grano' }] },
];

export interface PlannedGreen { origin: number; supplier: string; grams: number; priceCents: number; date: string; code: string }
export interface PlannedRoast { green: number; origin: number; greenG: number; resultantG: number; roastType: RoastType; date: string }
export interface PlannedBlend {
  recipe: number;
  totalG: number;
  date: string;
  /** In the recipe's order; each draws exactly its share of totalG (requiredGramsOf) from roasts of its origin. */
  components: { origin: number; percentage: number; draws: { roast: number; grams: number }[] }[];
}
export type Seller = 'gerente' | 'tecnico';
export interface PlannedSale {
  product: { kind: 'roast' | 'blend'; index: number };
  grams: number;
  priceCents: number;
  date: string;
  seller: Seller;
  /** Index into DEMO_CUSTOMERS; null for a counter sale. */
  customer: number | null;
}

/** What to write, in order; `index` points into the plan's list of that kind. */
export type DemoStep = { kind: 'green' | 'roast' | 'blend' | 'sale'; index: number };

export interface DemoPlan {
  firstSaleDate: string;
  green: PlannedGreen[];
  roasts: PlannedRoast[];
  blends: PlannedBlend[];
  sales: PlannedSale[];
  steps: DemoStep[];
}

/** 'YYYY-MM-DD' plus `days` calendar days (UTC arithmetic on a date without time: no zone shifts). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const SEED = 20251126;
/** Sales cover the 365 days up to today; the first lots arrive two weeks before. */
const SALE_DAYS = 365;
const LEAD_DAYS = 14;
/** Roast an origin again when its roasted stock is under this; a roast takes 15–25 kg of green. */
const ROAST_BELOW_G = 12_000;
/** Make a recipe's blend again when its stock is under this; a blend is 8–15 kg. */
const BLEND_BELOW_G = 6_000;
/** Reorder green when an origin has less than this left. */
const REORDER_BELOW_G = 40_000;
/** Bag sizes sold (kg × 1000), small bags most often. */
const BAGS_G = [250, 250, 250, 500, 500, 500, 1000, 1000, 2000, 5000];
/** $/kg on top of the list price by bag size: small bags cost more per kilo, big ones less. */
const BAG_PREMIUM_CENTS: Record<number, number> = { 250: 400, 500: 200, 1000: 0, 2000: -150, 5000: -300 };
/** A lot with less than this left is sold out in one last sale instead of lingering. */
const LAST_SALE_BELOW_G = 1000;

export function planDemo(today: string): DemoPlan {
  const rnd = seededRandom(SEED);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const weighted = (weights: readonly number[]): number => {
    let x = rnd() * weights.reduce((sum, w) => sum + w, 0);
    for (const [index, weight] of weights.entries()) if ((x -= weight) < 0) return index;
    return weights.length - 1;
  };

  const plan: DemoPlan = { firstSaleDate: addDays(today, 1 - SALE_DAYS), green: [], roasts: [], blends: [], sales: [], steps: [] };
  // On hand, in grams, as the plan goes: what the services will find when each step is written.
  const greenStock: number[] = [];
  const roastStock: number[] = [];
  const blendStock: number[] = [];
  const originIndex = new Map(DEMO_ORIGINS.map((origin, index) => [origin.name, index]));

  const buyGreen = (origin: number, bags: number, date: string) => {
    const o = DEMO_ORIGINS[origin]!;
    const grams = bags * o.kilosPerBag * 1000;
    const priceCents = Math.round(o.greenPriceCents * (0.95 + rnd() * 0.1));
    plan.green.push({ origin, supplier: pick(o.suppliers), grams, priceCents, date, code: `${o.codePrefix}-${date.slice(2).replaceAll('-', '')}` });
    greenStock.push(grams);
    plan.steps.push({ kind: 'green', index: plan.green.length - 1 });
  };
  const lotsOf = <T extends { origin: number }>(lots: readonly T[], stock: readonly number[], origin: number) =>
    lots.flatMap((lot, index) => (lot.origin === origin && stock[index]! > 0 ? [index] : []));
  const onHand = (indexes: readonly number[], stock: readonly number[]) => indexes.reduce((sum, index) => sum + stock[index]!, 0);

  const roastIfLow = (origin: number, date: string) => {
    if (onHand(lotsOf(plan.roasts, roastStock, origin), roastStock) >= ROAST_BELOW_G) return;
    const green = lotsOf(plan.green, greenStock, origin)[0]; // oldest first
    if (green === undefined) return;
    const greenG = Math.min(greenStock[green]!, int(30, 50) * 500);
    // 14–20 % lost to moisture and chaff, to the 10 g.
    const resultantG = Math.round((greenG * (0.8 + rnd() * 0.06)) / 10) * 10;
    const o = DEMO_ORIGINS[origin]!;
    const roastType = rnd() < 0.15 ? pick(['Claro', 'Medio', 'Oscuro'] as const) : o.roastType;
    plan.roasts.push({ green, origin, greenG, resultantG, roastType, date });
    greenStock[green]! -= greenG;
    roastStock.push(resultantG);
    plan.steps.push({ kind: 'roast', index: plan.roasts.length - 1 });
    if (o.restock && onHand(lotsOf(plan.green, greenStock, origin), greenStock) < REORDER_BELOW_G) buyGreen(origin, int(1, 3), date);
  };

  const blendIfLow = (recipe: number, date: string) => {
    const lots = plan.blends.flatMap((blend, index) => (blend.recipe === recipe && blendStock[index]! > 0 ? [index] : []));
    if (onHand(lots, blendStock) >= BLEND_BELOW_G) return;
    const r = DEMO_RECIPES[recipe]!;
    const totalG = int(8, 15) * 1000;
    const required = requiredGramsOf(gramsToKg(totalG), r.components.map((component) => component.percentage));
    const components: PlannedBlend['components'] = [];
    for (const [position, component] of r.components.entries()) {
      const origin = originIndex.get(component.origin)!;
      let missing = required[position]!;
      const draws: { roast: number; grams: number }[] = [];
      for (const roast of lotsOf(plan.roasts, roastStock, origin)) {
        if (missing === 0) break;
        const grams = Math.min(missing, roastStock[roast]!);
        draws.push({ roast, grams });
        missing -= grams;
      }
      if (missing > 0) return; // not enough roasted coffee of this origin yet: next week
      components.push({ origin, percentage: component.percentage, draws });
    }
    for (const component of components) for (const draw of component.draws) roastStock[draw.roast]! -= draw.grams;
    plan.blends.push({ recipe, totalG, date, components });
    blendStock.push(totalG);
    plan.steps.push({ kind: 'blend', index: plan.blends.length - 1 });
  };

  const sell = (date: string, growth: number) => {
    const blend = rnd() < 0.35;
    const weights = blend ? DEMO_RECIPES.map((r) => r.demand) : DEMO_ORIGINS.map((o) => o.demand);
    const group = weighted(weights);
    const lots = blend
      ? plan.blends.flatMap((b, index) => (b.recipe === group && blendStock[index]! > 0 ? [index] : []))
      : lotsOf(plan.roasts, roastStock, group);
    const lot = lots[0]; // the oldest lot is sold first
    if (lot === undefined) return;
    const stock = blend ? blendStock : roastStock;
    const bag = pick(BAGS_G);
    const grams = stock[lot]! - bag < LAST_SALE_BELOW_G ? stock[lot]! : bag;
    const listCents = blend ? DEMO_RECIPES[group]!.salePriceCents : DEMO_ORIGINS[group]!.salePriceCents;
    // Prices rise a little over the year (up to 6 %), with the bag's premium.
    const priceCents = Math.round(listCents * (1 + 0.06 * growth)) + (BAG_PREMIUM_CENTS[bag] ?? 0);
    stock[lot]! -= grams;
    const seller = rnd() < 0.4 ? 'gerente' : 'tecnico';
    // Every fourth sale goes to one of the wholesale customers in turn (no draw: the plan's other choices stay as they were).
    const customer = plan.sales.length % 4 === 0 ? (plan.sales.length / 4) % DEMO_CUSTOMERS.length : null;
    plan.sales.push({ product: { kind: blend ? 'blend' : 'roast', index: lot }, grams, priceCents, date, seller, customer });
    plan.steps.push({ kind: 'sale', index: plan.sales.length - 1 });
  };

  const firstDay = addDays(plan.firstSaleDate, -LEAD_DAYS);
  DEMO_ORIGINS.forEach((origin, index) => buyGreen(index, origin.firstBags, firstDay));
  for (let day = -LEAD_DAYS + 1; day < SALE_DAYS; day++) {
    const date = addDays(plan.firstSaleDate, day);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
    if (weekday === 1 || weekday === 4) DEMO_ORIGINS.forEach((_, origin) => roastIfLow(origin, date));
    if (weekday === 5) DEMO_RECIPES.forEach((_, recipe) => blendIfLow(recipe, date));
    if (day < 0 || weekday === 0) continue; // closed on Sundays
    // The business grows: about one sale a day at first, two a day by the end, more on Saturdays.
    const growth = day / SALE_DAYS;
    const expected = (1 + growth) * (weekday === 6 ? 1.5 : 1);
    const count = Math.floor(expected + rnd() * 1.5 - 0.4);
    for (let i = 0; i < count; i++) sell(date, growth);
  }
  return plan;
}
