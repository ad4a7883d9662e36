// `npm run seed:demo` (scripts/seed-demo.ts): the demo users and the year that
// support/demo/plan.ts plans, written through the services the API routes
// call, each body parsed by the schema its route uses, so every rule, ledger
// movement and sales aggregate is the app's own. In support/ because its test
// (tests/api/seed-demo.test.ts) runs it too.
//
// Only on an empty database, so demo rows can never mix with a shop's records.
// Empty means: no row in any table of the schema (read from the database, so a
// table a later migration adds counts too) but for
//   - at most one user, an administrator: the one the first start creates;
//   - sessions, sign-in failure counters, the activity log and stored idempotent
//     answers, which are not records (the first administrator's sign-in writes them).
// Anything else (an origin, a lot, a recipe, a sale, a setting saved in
// Configuración, a second user…) and it refuses before writing anything.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '#server/auth/passwords.js';
import type { Database } from '#server/db/schema.js';
import { createRecipe } from '#server/features/blend-recipes/service.js';
import { createBlend } from '#server/features/blended-coffee/service.js';
import { createGreenLot } from '#server/features/green-coffee/service.js';
import { createOrigin } from '#server/features/origins/service.js';
import { createRoast } from '#server/features/roasted-coffee/service.js';
import { createSale } from '#server/features/sales/service.js';
import { createCustomer } from '#server/features/customers/service.js';
import { createOrder } from '#server/features/orders/service.js';
import { findUserByUsername, insertUser } from '#server/features/users/repository.js';
import { localIsoDate } from '#shared/local-date.js';
import type { Role } from '#shared/roles.js';
import { blendRecipeBodySchema } from '#shared/schemas/blend-recipes.js';
import { blendedCoffeeBodySchema } from '#shared/schemas/blended-coffee.js';
import { greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import { originBodySchema } from '#shared/schemas/origins.js';
import { roastedCoffeeBodySchema } from '#shared/schemas/roasted-coffee.js';
import { saleBodySchema } from '#shared/schemas/sales.js';
import { customerBodySchema } from '#shared/schemas/customers.js';
import { orderBodySchema } from '#shared/schemas/orders.js';
import { centsToPrice, gramsToKg } from '#shared/units.js';
import { appTables, rowCounts } from '../database-tables.js';
import { addDays, DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_ORIGINS, DEMO_RECIPES, type DemoPlan, planDemo, type Seller } from './plan.js';

export const DEMO_USERS: { username: Seller | 'tostador'; full_name: string; role: Role }[] = [
  { username: 'gerente', full_name: 'Gabriela Gerente', role: 'administrador' },
  { username: 'tostador', full_name: 'Tomás Tostador', role: 'administrador' },
  { username: 'tecnico', full_name: 'Teresa Técnica', role: 'tecnico' },
];

export const seedDemoMessages = {
  notEmpty: (found: string) =>
    `La base de datos ya tiene datos (${found}): npm run seed:demo solo carga la demostración en una base vacía, y no ha escrito nada.`,
};

/** The refusal: the CLI prints its message alone and exits with 1. */
export class SeedDemoRefused extends Error {
  override name = 'SeedDemoRefused';
}

/** Not records: a session, a failed sign-in, the log of them or a stored answer says nothing about the shop. */
const NOT_RECORDS = new Set(['sessions', 'login_throttle', 'activity_log', 'idempotency_keys']);

/** How the refusal names what it found, in this order; other tables are named only when none of these holds rows. */
const LABELS: Record<string, string> = {
  coffee_origins: 'orígenes',
  green_coffee: 'lotes de café verde',
  roasted_coffee: 'lotes de café tostado',
  blend_recipes: 'recetas',
  blended_coffee: 'mezclas',
  sales: 'ventas',
  settings: 'ajustes de Configuración',
  users: 'usuarios',
};

/** What makes the database not empty ("orígenes: 3, ventas: 120"), or null when it is empty (see the top of this file). */
export async function existingData(db: Kysely<Database>): Promise<string | null> {
  const tables = (await appTables(db)).map((table) => table.name).filter((name) => !NOT_RECORDS.has(name));
  const counts = await rowCounts(db, tables);
  if (counts.get('users') === 1 && (await onlyUserIsAdministrator(db))) counts.set('users', 0);
  if ((counts.get('sale_formats') ?? 0) > 0 && (await onlyDefaultFormats(db))) counts.set('sale_formats', 0);
  const holding = tables.filter((table) => (counts.get(table) ?? 0) > 0);
  if (holding.length === 0) return null;
  const labelled = Object.keys(LABELS).filter((table) => holding.includes(table));
  return labelled.length > 0
    ? labelled.map((table) => `${LABELS[table]}: ${counts.get(table)}`).join(', ')
    : holding.map((table) => `${table}: ${counts.get(table)}`).join(', ');
}

const onlyUserIsAdministrator = async (db: Kysely<Database>) =>
  (await db.selectFrom('users').select('role').execute()).every((user) => user.role === 'administrador');

/** Migration 0020's three formats, never edited: what every new database holds, not the shop's records. */
const DEFAULT_FORMATS = new Set(['Bolsa 250 g', 'Bolsa 500 g', 'Bolsa 1 kg']);
const onlyDefaultFormats = async (db: Kysely<Database>) =>
  (await db.selectFrom('sale_formats').select(['name', 'version']).execute()).every((format) => DEFAULT_FORMATS.has(format.name) && format.version === 1);

export interface SeedDemoResult {
  /** Each demo user with the password it was given, or null if it already existed (the first start's administrator). */
  users: { username: string; role: Role; password: string | null }[];
  summary: string;
}

/**
 * Creates the demo users (password: `password`, or a random one each) and the
 * demo year, or throws SeedDemoRefused with nothing written.
 */
export async function seedDemo(db: Kysely<Database>, options: { password?: string | undefined } = {}): Promise<SeedDemoResult> {
  const found = await existingData(db);
  if (found) throw new SeedDemoRefused(seedDemoMessages.notEmpty(found));

  const users: SeedDemoResult['users'] = [];
  const ids = new Map<string, number>();
  for (const user of DEMO_USERS) {
    // Only the first start's administrator can be there; if it has a demo name, it keeps its password.
    const existing = await findUserByUsername(db, user.username);
    if (existing) {
      ids.set(user.username, existing.id);
      users.push({ username: user.username, role: existing.role, password: null });
      continue;
    }
    const password = options.password ?? randomBytes(9).toString('base64url');
    ids.set(user.username, await insertUser(db, { ...user, password_hash: await hashPassword(password) }));
    users.push({ username: user.username, role: user.role, password });
  }

  const today = localIsoDate();
  const plan = planDemo(today);
  await writePlan(db, plan, today, (username) => ids.get(username)!);
  const summary =
    `Datos de demostración: ${DEMO_ORIGINS.length} orígenes, ${plan.green.length} lotes de café verde, ${plan.roasts.length} tuestes, ` +
    `${DEMO_RECIPES.length} recetas, ${plan.blends.length} mezclas y ${plan.sales.length} ventas (del ${plan.firstSaleDate} a hoy); ` +
    `${DEMO_CUSTOMERS.length} clientes con ${DEMO_ORDERS.length} pedidos pendientes.`;
  return { users, summary };
}

/** Every step of the plan through its service; the plan's indexes become the ids the database gave. */
async function writePlan(db: Kysely<Database>, plan: DemoPlan, today: string, userId: (username: string) => number): Promise<void> {
  const manager = userId('gerente');
  const roaster = userId('tostador');
  const customerIds: number[] = [];
  for (const customer of DEMO_CUSTOMERS) customerIds.push((await createCustomer(db, customerBodySchema.parse(customer))).id);

  const originIds: number[] = [];
  for (const origin of DEMO_ORIGINS) {
    const body = { name: origin.name, kilos_per_bag: origin.kilosPerBag, suppliers_fincas: origin.suppliers, description: origin.description };
    originIds.push((await createOrigin(db, originBodySchema.parse(body))).id);
  }
  const originId = (name: string) => originIds[DEMO_ORIGINS.findIndex((origin) => origin.name === name)]!;
  const recipeIds: number[] = [];
  for (const recipe of DEMO_RECIPES) {
    const components = recipe.components.map((component) => ({ origin_id: originId(component.origin), percentage: component.percentage }));
    recipeIds.push((await createRecipe(db, blendRecipeBodySchema.parse({ name: recipe.name, components }), { actor: { id: manager } })).id);
  }

  const greenIds: number[] = [];
  const roasts: { id: number; batch_code: string }[] = [];
  const blends: { id: number; batch_code: string }[] = [];
  for (const step of plan.steps) {
    if (step.kind === 'green') {
      const lot = plan.green[step.index]!;
      const body = greenCoffeeBodySchema.parse({
        origin_id: originIds[lot.origin],
        supplier_finca: lot.supplier,
        quantity_kg: gramsToKg(lot.grams),
        unit_price: centsToPrice(lot.priceCents),
        entry_date: lot.date,
        batch_code: lot.code,
      });
      greenIds[step.index] = (await createGreenLot(db, body, manager)).id;
    } else if (step.kind === 'roast') {
      const roast = plan.roasts[step.index]!;
      const body = roastedCoffeeBodySchema.parse({
        green_coffee_id: greenIds[roast.green],
        quantity_green_kg: gramsToKg(roast.greenG),
        resultant_kg: gramsToKg(roast.resultantG),
        roast_type: roast.roastType,
        roast_date: roast.date,
      });
      roasts[step.index] = await createRoast(db, body, roaster);
    } else if (step.kind === 'blend') {
      const blend = plan.blends[step.index]!;
      const body = blendedCoffeeBodySchema.parse({
        name: DEMO_RECIPES[blend.recipe]!.name,
        recipe_id: recipeIds[blend.recipe],
        total_quantity_kg: gramsToKg(blend.totalG),
        creation_date: blend.date,
        components: blend.components.map((component) => ({
          origin_id: originIds[component.origin],
          percentage: component.percentage,
          selected_roasted_batches: component.draws.map((draw) => ({ id: roasts[draw.roast]!.id, quantity_used: gramsToKg(draw.grams) })),
        })),
      });
      blends[step.index] = await createBlend(db, body, roaster);
    } else {
      const sale = plan.sales[step.index]!;
      const product = sale.product.kind === 'roast' ? roasts[sale.product.index]! : blends[sale.product.index]!;
      const body = saleBodySchema.parse({
        product_id: product.id,
        product_type: sale.product.kind === 'roast' ? 'tostado' : 'mezcla',
        quantity_kg: gramsToKg(sale.grams),
        unit_price: centsToPrice(sale.priceCents),
        sale_date: sale.date,
        batch_code_sold: product.batch_code,
        customer_id: sale.customer === null ? null : customerIds[sale.customer],
      });
      await createSale(db, body, userId(sale.seller));
    }
  }

  // The orders still to prepare, at a wholesale price (10 % under the shop's).
  const formats = await db.selectFrom('sale_formats').select(['id', 'grams']).execute();
  const formatId = (grams: number | null) => (grams === null ? null : formats.find((format) => Number(format.grams) === grams)!.id);
  for (const order of DEMO_ORDERS) {
    const lines = order.lines.map(({ product, ...line }) => {
      const origin = 'origin' in product ? DEMO_ORIGINS.find((o) => o.name === product.origin)! : undefined;
      const recipe = 'recipe' in product ? DEMO_RECIPES.findIndex((r) => r.name === product.recipe) : -1;
      const listCents = origin ? origin.salePriceCents : DEMO_RECIPES[recipe]!.salePriceCents;
      return {
        product: origin ? { kind: 'tostado', origin_id: originId(origin.name), roast_type: origin.roastType } : { kind: 'mezcla', recipe_id: recipeIds[recipe] },
        format_id: formatId(line.grams),
        quantity: line.quantity,
        unit_price: centsToPrice(Math.round(listCents * 0.9)),
        grind: line.grind,
      };
    });
    const body = orderBodySchema.parse({ customer_id: customerIds[order.customer], due_date: addDays(today, order.dueInDays), repeat_weeks: order.repeatWeeks, lines });
    await createOrder(db, body, manager);
  }
}
