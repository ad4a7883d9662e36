import fc from 'fast-check';
import { splitGrams } from '#shared/blend-grams.js';
import { gramsToKg } from '#shared/units.js';
import * as rules from './inventory-model.js';
import type { Model, Outcome } from './inventory-model.js';

/**
 * fast-check commands (fc.commands / fc.asyncModelRun) for every stock
 * operation, valid and invalid. A command holds only random choices ("the
 * 2nd live lot", "a deleted lot", "12.345 kg"); it turns them into a request
 * against the ids the model holds when it runs, so a shrunk sequence still
 * makes sense. After each command the real API must answer the model's status
 * and `verify` (the test's) must find every lot's stock_kg equal to the model's.
 */

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface Real {
  send(method: string, url: string, payload?: unknown): Promise<ApiAnswer>;
  /** Compares every lot the API lists with the model; throws on a difference. */
  verify(model: Model): Promise<void>;
  /** Counts executed commands by answer status, for the summary table. */
  counted(status: number): void;
}

interface Plan {
  method: string;
  url: string;
  payload?: unknown;
  outcome: Outcome;
}

/** Which row a command names: a live one (by index), one deleted earlier, or one that never existed. */
export type Pick = { kind: 'live' | 'gone' | 'none'; n: number };
const pickArb: fc.Arbitrary<Pick> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant<Pick['kind']>('live'), weight: 12 },
    { arbitrary: fc.constantFrom<Pick['kind']>('gone', 'none'), weight: 1 },
  ),
  n: fc.nat(1000),
});

/**
 * The id a pick names. "A live one" while there is none throws NOTHING_YET: the
 * command is then skipped (fast-check's `check`), so a sequence spends its
 * commands on rows that exist; gone and unknown ids have picks of their own.
 */
function resolve(pick: Pick, live: readonly { id: number }[], gone: readonly number[]): number {
  if (pick.kind === 'live') {
    if (live.length === 0) throw NOTHING_YET;
    return live[pick.n % live.length]!.id;
  }
  if (pick.kind === 'gone' && gone.length > 0) return gone[pick.n % gone.length]!;
  return rules.NO_SUCH_ID + (pick.n % 1000);
}
const NOTHING_YET = new Error('nada vivo todavía');

function planOrSkip(plan: (model: Model) => Plan | undefined, model: Model): Plan | undefined {
  try {
    return plan(model);
  } catch (error) {
    if (error === NOTHING_YET) return undefined;
    throw error;
  }
}

class ApiCommand implements fc.AsyncCommand<Model, Real> {
  private request = '';
  constructor(
    private readonly label: string,
    private readonly plan: (model: Model) => Plan | undefined,
  ) {}

  check(model: Readonly<Model>): boolean {
    return planOrSkip(this.plan, model as Model) !== undefined;
  }

  async run(model: Model, real: Real): Promise<void> {
    const plan = planOrSkip(this.plan, model)!;
    this.request = `${plan.method} ${plan.url}${plan.payload === undefined ? '' : ` ${JSON.stringify(plan.payload)}`}`;
    const answer = await real.send(plan.method, plan.url, plan.payload);
    real.counted(answer.status);
    const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (answer.status >= 500) throw new Error(`5xx: ${this.request} → ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status !== plan.outcome.status) {
      throw new Error(`${this.request}: el modelo espera ${plan.outcome.status}, la API respondió ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (answer.status >= 400 && (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message === '')) {
      throw new Error(`${this.request}: ${answer.status} sin {error:{code,message}}: ${JSON.stringify(answer.body)}`);
    }
    plan.outcome.apply?.(model, (answer.body ?? {}) as Record<string, unknown>);
    await real.verify(model);
  }

  toString(): string {
    return this.request ? `${this.label} [${this.request}]` : this.label;
  }
}

const kg = (grams: number) => gramsToKg(grams);
/** Whole grams up to 60 kg, or a quantity the schema refuses. */
const gramsArb = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 60_000 }), weight: 8 }, { arbitrary: fc.constantFrom(0, -1000), weight: 1 });
const CODES = ['V-1', 'V-2', 'V-3', 'V-4'] as const;

const greenBody = (model: Model, originPick: number, supplierOk: boolean, grams: number | null, code: string) => {
  const origin = model.origins[originPick % model.origins.length]!;
  const originId = originPick >= model.origins.length ? rules.NO_SUCH_ID : origin.id;
  const supplier = supplierOk ? origin.supplier : 'Finca Inexistente';
  return { originId, supplier, quantityG: grams, code };
};
const greenPayload = (body: rules.GreenBody, rawQuantity: number, entryDate = '2026-11-01') => ({
  origin_id: body.originId,
  supplier_finca: body.supplier,
  quantity_kg: rawQuantity,
  unit_price: 8.5,
  entry_date: entryDate,
  batch_code: body.code,
});
/** A quantity in kg as sent, and the grams the model reads from it (null: the schema refuses it). */
const quantityArb = fc.oneof(
  { arbitrary: gramsArb.map((g) => ({ sent: kg(g), grams: g > 0 ? g : null })), weight: 10 },
  // Four decimals: 'Máximo 3 decimales' style refusal.
  { arbitrary: fc.constant({ sent: 1.2345, grams: null as number | null }), weight: 1 },
);

const createGreen = fc
  .tuple(
    fc.oneof({ arbitrary: fc.nat(1), weight: 10 }, { arbitrary: fc.constant(2), weight: 1 }),
    fc.oneof({ arbitrary: fc.constant(true), weight: 10 }, { arbitrary: fc.constant(false), weight: 1 }),
    quantityArb,
    fc.constantFrom(...CODES),
  )
  .map(([originPick, supplierOk, quantity, code]) =>
    new ApiCommand(`crear verde (origen ${originPick}, finca ${supplierOk ? 'suya' : 'ajena'}, ${quantity.sent} kg, ${code})`, (m) => {
      const body = greenBody(m, originPick, supplierOk, quantity.grams, code);
      return { method: 'POST', url: '/api/green-coffee', payload: greenPayload(body, quantity.sent), outcome: rules.expectCreateGreen(m, body) };
    }),
  );

const editGreen = fc
  .tuple(pickArb, fc.nat(1), quantityArb, fc.option(fc.constantFrom(...CODES), { nil: undefined }))
  .map(([pick, originPick, quantity, code]) =>
    new ApiCommand(`editar verde (${pick.kind} ${pick.n}, origen ${originPick}, ${quantity.sent} kg, código ${code ?? 'igual'})`, (m) => {
      const id = resolve(pick, m.greens, m.gone.green);
      const lot = m.greens.find((g) => g.id === id);
      const body = greenBody(m, originPick, true, quantity.grams, code ?? lot?.code ?? 'V-1');
      return {
        method: 'PUT',
        url: `/api/green-coffee/${id}`,
        payload: greenPayload(body, quantity.sent, lot?.entryDate),
        outcome: rules.expectEditGreen(m, id, body),
      };
    }),
  );

const deleteGreen = pickArb.map((pick) =>
  new ApiCommand(`eliminar verde (${pick.kind} ${pick.n})`, (m) => {
    const id = resolve(pick, m.greens, m.gone.green);
    return { method: 'DELETE', url: `/api/green-coffee/${id}`, outcome: rules.expectDeleteGreen(m, id) };
  }),
);

/** Every roast and blend of the model is of this day; green lots enter before it, sales come after. */
const ROAST_DATE = '2026-11-20';

/** Green and resultant grams: usually resultant below green (shrinkage), sometimes above (refused). */
const roastGramsArb = fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: 50, max: 105 })).map(([green, percent]) => ({
  quantityG: green,
  resultantG: Math.max(1, Math.floor((green * percent) / 100)),
}));
const roastPayload = (body: rules.RoastBody) => ({
  green_coffee_id: body.greenId,
  quantity_green_kg: kg(body.quantityG),
  resultant_kg: kg(body.resultantG),
  roast_type: 'Medio',
  roast_date: ROAST_DATE,
});

const createRoast = fc.tuple(pickArb, roastGramsArb).map(([pick, grams]) =>
  new ApiCommand(`tostar (${pick.kind} ${pick.n}, ${kg(grams.quantityG)} → ${kg(grams.resultantG)} kg)`, (m) => {
    const body = { greenId: resolve(pick, m.greens, m.gone.green), ...grams };
    return { method: 'POST', url: '/api/roasted-coffee', payload: roastPayload(body), outcome: rules.expectCreateRoast(m, body) };
  }),
);

const editRoast = fc.tuple(pickArb, pickArb, roastGramsArb).map(([roastPick, greenPick, grams]) =>
  new ApiCommand(`editar tueste (${roastPick.kind} ${roastPick.n}, verde ${greenPick.kind} ${greenPick.n}, ${kg(grams.quantityG)} → ${kg(grams.resultantG)} kg)`, (m) => {
    const id = resolve(roastPick, m.roasts, m.gone.roasted);
    const body = { greenId: resolve(greenPick, m.greens, m.gone.green), ...grams };
    return { method: 'PUT', url: `/api/roasted-coffee/${id}`, payload: roastPayload(body), outcome: rules.expectEditRoast(m, id, body) };
  }),
);

const deleteRoast = pickArb.map((pick) =>
  new ApiCommand(`eliminar tueste (${pick.kind} ${pick.n})`, (m) => {
    const id = resolve(pick, m.roasts, m.gone.roasted);
    return { method: 'DELETE', url: `/api/roasted-coffee/${id}`, outcome: rules.expectDeleteRoast(m, id) };
  }),
);

type BlendVariant = 'ok' | 'descuadre' | 'otro-origen';
/**
 * A blend of one component (100 %) or two (50 / 50) from roasted lots of
 * distinct origins, each drawing its required grams; or a variant the rules
 * refuse: draws that do not add up, or a lot of another origin.
 */
const createBlend = fc
  .tuple(pickArb, fc.option(pickArb, { nil: undefined }), fc.integer({ min: 1, max: 20_000 }), fc.constantFrom<BlendVariant>('ok', 'ok', 'ok', 'descuadre', 'otro-origen'))
  .map(([firstPick, secondPick, totalG, variant]) =>
    new ApiCommand(`mezclar (${firstPick.kind} ${firstPick.n}${secondPick ? ` + ${secondPick.kind} ${secondPick.n}` : ''}, ${kg(totalG)} kg, ${variant})`, (m) => {
      const ids = [resolve(firstPick, m.roasts, m.gone.roasted), ...(secondPick ? [resolve(secondPick, m.roasts, m.gone.roasted)] : [])];
      const originIdOf = (id: number, index: number) => {
        const lot = m.roasts.find((r) => r.id === id);
        const origin = lot ? rules.originOf(m, lot) : undefined;
        return origin ?? m.origins[index % m.origins.length]!.id;
      };
      let origins = ids.map(originIdOf);
      // Two components need two origins ('una sola vez por origen'); without them, one component.
      if (origins.length === 2 && origins[0] === origins[1]) {
        ids.pop();
        origins = origins.slice(0, 1);
      }
      if (variant === 'otro-origen') origins[0] = m.origins.find((o) => o.id !== origins[0])!.id;
      const percentages = ids.length === 1 ? [100] : [50, 50];
      const required = splitGrams(totalG, percentages.map((p) => p * 100));
      const components: rules.BlendComponentPlan[] = ids.map((roastId, index) => ({
        originId: origins[index]!,
        percentage: percentages[index]!,
        requiredG: required[index]!,
        draws: required[index]! + (variant === 'descuadre' && index === 0 ? 1 : 0) > 0
          ? [{ roastId, grams: required[index]! + (variant === 'descuadre' && index === 0 ? 1 : 0) }]
          : [],
      }));
      const payload = {
        name: m.blendName,
        total_quantity_kg: kg(totalG),
        // On the roasts' day (roastPayload): a blend is never dated before the roasts it draws.
        creation_date: ROAST_DATE,
        recipe_id: null,
        components: components.map((c) => ({
          origin_id: c.originId,
          percentage: c.percentage,
          selected_roasted_batches: c.draws.map((d) => ({ id: d.roastId, quantity_used: kg(d.grams) })),
        })),
      };
      return { method: 'POST', url: '/api/blended-coffee', payload, outcome: rules.expectCreateBlend(m, totalG, components) };
    }),
  );

const deleteBlend = pickArb.map((pick) =>
  new ApiCommand(`eliminar mezcla (${pick.kind} ${pick.n})`, (m) => {
    const id = resolve(pick, m.blends, m.gone.blend);
    return { method: 'DELETE', url: `/api/blended-coffee/${id}`, outcome: rules.expectDeleteBlend(m, id) };
  }),
);

const saleGramsArb = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 8_000 }), weight: 8 }, { arbitrary: fc.constant(0), weight: 1 });

function saleProduct(m: Model, type: rules.Sale['type'], pick: Pick): { id: number; code: string } {
  const live = type === 'tostado' ? m.roasts : m.blends;
  const gone = type === 'tostado' ? m.gone.roasted : m.gone.blend;
  const id = resolve(pick, live, gone);
  return { id, code: live.find((lot) => lot.id === id)?.code ?? 'LOTE-INEXISTENTE' };
}
const salePayload = (body: rules.SaleBody, code: string) => ({
  product_id: body.productId,
  product_type: body.type,
  quantity_kg: kg(body.quantityG),
  unit_price: 15,
  sale_date: '2026-11-21',
  batch_code_sold: code,
});

const createSale = fc.tuple(fc.constantFrom<rules.Sale['type']>('tostado', 'mezcla'), pickArb, saleGramsArb).map(([type, pick, grams]) =>
  new ApiCommand(`vender (${type} ${pick.kind} ${pick.n}, ${kg(grams)} kg)`, (m) => {
    if (!m.salesAvailable) return undefined;
    const product = saleProduct(m, type, pick);
    const body = { type, productId: product.id, quantityG: grams };
    return { method: 'POST', url: '/api/sales', payload: salePayload(body, product.code), outcome: rules.expectCreateSale(m, body) };
  }),
);

const editSale = fc.tuple(pickArb, saleGramsArb).map(([pick, grams]) =>
  new ApiCommand(`editar venta (${pick.kind} ${pick.n}, ${kg(grams)} kg)`, (m) => {
    if (!m.salesAvailable) return undefined;
    const id = resolve(pick, m.sales, m.gone.sale);
    const sale = m.sales.find((s) => s.id === id);
    // A sale's product stays the same here; a missing sale names any live roast.
    const product = sale ?? { type: 'tostado' as const, productId: m.roasts[0]?.id ?? rules.NO_SUCH_ID };
    const code = (product.type === 'tostado' ? m.roasts : m.blends).find((lot) => lot.id === product.productId)?.code ?? 'LOTE-INEXISTENTE';
    const body = { type: product.type, productId: product.productId, quantityG: grams };
    return { method: 'PUT', url: `/api/sales/${id}`, payload: salePayload(body, code), outcome: rules.expectEditSale(m, id, body) };
  }),
);

const deleteSale = pickArb.map((pick) =>
  new ApiCommand(`eliminar venta (${pick.kind} ${pick.n})`, (m) => {
    if (!m.salesAvailable) return undefined;
    const id = resolve(pick, m.sales, m.gone.sale);
    return { method: 'DELETE', url: `/api/sales/${id}`, outcome: rules.expectDeleteSale(m, id) };
  }),
);

/** Every operation, weighted so lots get made before they are used up. */
export const inventoryCommands = (maxCommands: number) =>
  fc.commands(
    [
      createGreen, createGreen, createGreen, editGreen, deleteGreen,
      createRoast, createRoast, createRoast, editRoast, deleteRoast,
      createBlend, createBlend, deleteBlend,
      createSale, createSale, editSale, deleteSale,
    ],
    { maxCommands, size: 'max' },
  );
