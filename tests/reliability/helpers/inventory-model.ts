/**
 * The in-memory model of the inventory (the model-based test of docs/reliability.md): lots in
 * whole grams and the rules the services apply, in their order, written out
 * plainly from docs/product-guide.md#stock-moves and #validation-rules and the services:
 *   - green-coffee/service.ts: create, edit (stock moves by the difference of
 *     the received quantity, never below zero; the origin is fixed once the
 *     lot has roasts), delete (refused while a roast uses the lot);
 *   - roasted-coffee/service.ts: create (green must cover it), edit (old green
 *     back, new green out, produced difference on the roasted lot; the green
 *     lot is fixed while a blend or a sale uses the roast), delete (refused
 *     once a blend or a sale drew from it, even if since undone);
 *   - blended-coffee/service.ts: create (each draw from a lot of its
 *     component's origin, draws add up to the component's grams, lots have
 *     the stock), delete (refused while it has sales; draws go back);
 *   - sales: create / edit (the difference) / delete (back to the product).
 * Each `expect*` returns the status the API must answer and, for a 2xx, how the
 * model changes once the real id is known.
 */

export interface GreenLot {
  id: number;
  originId: number;
  supplier: string;
  quantityG: number;
  stockG: number;
  code: string;
  entryDate: string;
}
export interface RoastLot {
  id: number;
  greenId: number;
  quantityGreenG: number;
  resultantG: number;
  stockG: number;
  /** A blend or a sale drew from it at some point ('… asociado a mezclas o ventas.'). */
  used: boolean;
  code: string;
}
export interface BlendLot {
  id: number;
  totalG: number;
  stockG: number;
  /** Grams drawn per roasted lot id. */
  draws: [number, number][];
  code: string;
}
export interface Sale {
  id: number;
  type: 'tostado' | 'mezcla';
  productId: number;
  quantityG: number;
}

export interface Model {
  origins: { id: number; supplier: string }[];
  greens: GreenLot[];
  roasts: RoastLot[];
  blends: BlendLot[];
  sales: Sale[];
  /** Ids that existed and were deleted, per kind: what a request for a gone row names. */
  gone: { green: number[]; roasted: number[]; blend: number[]; sale: number[] };
  salesAvailable: boolean;
  /** This run's blend name: the run's blends are those listed under it. */
  blendName: string;
}

export const NO_SUCH_ID = 2_000_000_000;

export interface Outcome {
  status: number;
  /** Applied after a 2xx with the answer's body (the new row's id, its code). */
  apply?: (model: Model, body: Record<string, unknown>) => void;
}

const ok = (status: number, apply?: Outcome['apply']): Outcome => (apply ? { status, apply } : { status });

export const originOf = (model: Model, roast: RoastLot): number | undefined =>
  model.greens.find((green) => green.id === roast.greenId)?.originId;

export const productStock = (model: Model, type: Sale['type'], id: number): { stockG: number } | undefined =>
  type === 'tostado' ? model.roasts.find((r) => r.id === id) : model.blends.find((b) => b.id === id);

// ---- green lots ---------------------------------------------------------------

export interface GreenBody {
  originId: number;
  supplier: string;
  quantityG: number | null; // null: an invalid quantity (0, negative, 4 decimals)
  code: string;
}

export function expectCreateGreen(model: Model, body: GreenBody): Outcome {
  if (body.quantityG === null) return ok(400);
  const origin = model.origins.find((o) => o.id === body.originId);
  if (!origin || origin.supplier !== body.supplier) return ok(400);
  if (model.greens.some((g) => g.originId === body.originId && g.code === body.code)) return ok(409);
  const quantityG = body.quantityG;
  return ok(201, (m, res) => {
    m.greens.push({ id: Number(res.id), originId: body.originId, supplier: body.supplier, quantityG, stockG: quantityG, code: body.code, entryDate: String(res.entry_date) });
  });
}

export function expectEditGreen(model: Model, id: number, body: GreenBody): Outcome {
  if (body.quantityG === null) return ok(400);
  const lot = model.greens.find((g) => g.id === id);
  if (!lot) return ok(404);
  const origin = model.origins.find((o) => o.id === body.originId);
  if (!origin || origin.supplier !== body.supplier) return ok(400);
  // 'No se puede cambiar el origen: el lote ya tiene tuestes (…).'
  if (body.originId !== lot.originId && model.roasts.some((r) => r.greenId === id)) return ok(409);
  if (model.greens.some((g) => g.id !== id && g.originId === body.originId && g.code === body.code)) return ok(409);
  const delta = body.quantityG - lot.quantityG;
  if (lot.stockG + delta < 0) return ok(409);
  const quantityG = body.quantityG;
  return ok(200, (m) => {
    const target = m.greens.find((g) => g.id === id)!;
    Object.assign(target, { originId: body.originId, supplier: body.supplier, quantityG, stockG: target.stockG + delta, code: body.code });
  });
}

export function expectDeleteGreen(model: Model, id: number): Outcome {
  if (!model.greens.some((g) => g.id === id)) return ok(404);
  if (model.roasts.some((r) => r.greenId === id)) return ok(409);
  return ok(204, (m) => {
    m.greens = m.greens.filter((g) => g.id !== id);
    m.gone.green.push(id);
  });
}

// ---- roasts -------------------------------------------------------------------

export interface RoastBody {
  greenId: number;
  quantityG: number;
  resultantG: number;
}

const roastSchemaStatus = (body: RoastBody): number | undefined =>
  // 'Los Kilos Resultantes no pueden ser mayores que la Cantidad de Café Verde.' then the positive rules.
  body.resultantG > body.quantityG || body.quantityG <= 0 || body.resultantG <= 0 ? 400 : undefined;

export function expectCreateRoast(model: Model, body: RoastBody): Outcome {
  const invalid = roastSchemaStatus(body);
  if (invalid) return ok(invalid);
  const green = model.greens.find((g) => g.id === body.greenId);
  if (!green) return ok(400);
  if (green.stockG < body.quantityG) return ok(409);
  return ok(201, (m, res) => {
    m.greens.find((g) => g.id === body.greenId)!.stockG -= body.quantityG;
    m.roasts.push({
      id: Number(res.id),
      greenId: body.greenId,
      quantityGreenG: body.quantityG,
      resultantG: body.resultantG,
      stockG: body.resultantG,
      used: false,
      code: String(res.batch_code),
    });
  });
}

export function expectEditRoast(model: Model, id: number, body: RoastBody): Outcome {
  const invalid = roastSchemaStatus(body);
  if (invalid) return ok(invalid);
  const roast = model.roasts.find((r) => r.id === id);
  if (!roast) return ok(404);
  const green = model.greens.find((g) => g.id === body.greenId);
  if (!green) return ok(400);
  // 'No se puede cambiar el lote de café verde: el tueste ya se usó en …' (a blend or a sale that exists now).
  const inUse = model.blends.some((b) => b.draws.some(([roastId]) => roastId === id)) || model.sales.some((s) => s.type === 'tostado' && s.productId === id);
  if (green.id !== roast.greenId && inUse) return ok(409);
  const moves = green.id !== roast.greenId || body.quantityG !== roast.quantityGreenG;
  if (moves) {
    const available = green.stockG + (green.id === roast.greenId ? roast.quantityGreenG : 0);
    if (available < body.quantityG) return ok(409);
  }
  const producedDelta = body.resultantG - roast.resultantG;
  if (roast.stockG + producedDelta < 0) return ok(409);
  return ok(200, (m) => {
    const r = m.roasts.find((x) => x.id === id)!;
    if (moves) {
      m.greens.find((g) => g.id === r.greenId)!.stockG += r.quantityGreenG;
      m.greens.find((g) => g.id === body.greenId)!.stockG -= body.quantityG;
    }
    Object.assign(r, { greenId: body.greenId, quantityGreenG: body.quantityG, resultantG: body.resultantG, stockG: r.stockG + producedDelta });
  });
}

export function expectDeleteRoast(model: Model, id: number): Outcome {
  const roast = model.roasts.find((r) => r.id === id);
  if (!roast) return ok(404);
  if (roast.used || roast.stockG !== roast.resultantG) return ok(409);
  return ok(204, (m) => {
    m.greens.find((g) => g.id === roast.greenId)!.stockG += roast.quantityGreenG;
    m.roasts = m.roasts.filter((r) => r.id !== id);
    m.gone.roasted.push(id);
  });
}

// ---- blends -------------------------------------------------------------------

export interface BlendComponentPlan {
  originId: number;
  percentage: number;
  draws: { roastId: number; grams: number }[];
  /** The grams the rule requires of this component (largest remainder, docs/decisions/0006). */
  requiredG: number;
}

export function expectCreateBlend(model: Model, totalG: number, components: BlendComponentPlan[]): Outcome {
  if (!components.every((c) => model.origins.some((o) => o.id === c.originId))) return ok(400);
  for (const component of components) {
    for (const draw of component.draws) {
      const lot = model.roasts.find((r) => r.id === draw.roastId);
      if (!lot) return ok(400);
      if (originOf(model, lot) !== component.originId) return ok(400);
    }
  }
  if (components.some((c) => c.draws.reduce((sum, d) => sum + d.grams, 0) !== c.requiredG)) return ok(400);
  const draws = components.flatMap((c) => c.draws);
  if (draws.some((d) => model.roasts.find((r) => r.id === d.roastId)!.stockG < d.grams)) return ok(409);
  return ok(201, (m, res) => {
    for (const draw of draws) {
      const lot = m.roasts.find((r) => r.id === draw.roastId)!;
      lot.stockG -= draw.grams;
      lot.used = true;
    }
    m.blends.push({ id: Number(res.id), totalG, stockG: totalG, draws: draws.map((d) => [d.roastId, d.grams]), code: String(res.batch_code) });
  });
}

export function expectDeleteBlend(model: Model, id: number): Outcome {
  const blend = model.blends.find((b) => b.id === id);
  if (!blend) return ok(404);
  if (model.sales.some((s) => s.type === 'mezcla' && s.productId === id)) return ok(409);
  return ok(204, (m) => {
    for (const [roastId, grams] of blend.draws) m.roasts.find((r) => r.id === roastId)!.stockG += grams;
    m.blends = m.blends.filter((b) => b.id !== id);
    m.gone.blend.push(id);
  });
}

// ---- sales --------------------------------------------------------------------

export interface SaleBody {
  type: Sale['type'];
  productId: number;
  quantityG: number; // ≤ 0: 'La cantidad a vender debe ser mayor que cero.'
}

function markUsed(model: Model, body: SaleBody): void {
  const roast = body.type === 'tostado' ? model.roasts.find((r) => r.id === body.productId) : undefined;
  if (roast) roast.used = true;
}

export function expectCreateSale(model: Model, body: SaleBody): Outcome {
  if (body.quantityG <= 0) return ok(400);
  const product = productStock(model, body.type, body.productId);
  // 'Producto seleccionado no válido.'
  if (!product) return ok(400);
  // 'No hay suficiente ... disponible. Solo tienes X Kg.'
  if (product.stockG < body.quantityG) return ok(409);
  return ok(201, (m, res) => {
    productStock(m, body.type, body.productId)!.stockG -= body.quantityG;
    markUsed(m, body);
    m.sales.push({ id: Number(res.id), ...body });
  });
}

/** "Editing a sale adjusts stock by the quantity difference; the old sale's quantity is added back to the available amount." */
export function expectEditSale(model: Model, id: number, body: SaleBody): Outcome {
  if (body.quantityG <= 0) return ok(400);
  const sale = model.sales.find((s) => s.id === id);
  if (!sale) return ok(404);
  const product = productStock(model, body.type, body.productId);
  if (!product) return ok(400);
  const sameProduct = sale.type === body.type && sale.productId === body.productId;
  const available = product.stockG + (sameProduct ? sale.quantityG : 0);
  if (available < body.quantityG) return ok(409);
  return ok(200, (m) => {
    const s = m.sales.find((x) => x.id === id)!;
    const old = productStock(m, s.type, s.productId);
    if (old) old.stockG += s.quantityG;
    productStock(m, body.type, body.productId)!.stockG -= body.quantityG;
    markUsed(m, body);
    Object.assign(s, body);
  });
}

export function expectDeleteSale(model: Model, id: number): Outcome {
  const sale = model.sales.find((s) => s.id === id);
  if (!sale) return ok(404);
  return ok(204, (m) => {
    const product = productStock(m, sale.type, sale.productId);
    if (product) product.stockG += sale.quantityG;
    m.sales = m.sales.filter((s) => s.id !== id);
    m.gone.sale.push(id);
  });
}
