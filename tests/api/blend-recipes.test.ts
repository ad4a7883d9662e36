import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { blendRecipeMessages } from '#shared/blend-recipe-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { percentageMessages } from '#shared/percentage-messages.js';
import { blendRecipeBodySchema, RECIPE_COMPONENTS_MAX, RECIPE_NAME_MAX } from '#shared/schemas/blend-recipes.js';
import { AppError } from '#server/errors.js';
import * as recipeService from '#server/features/blend-recipes/service.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { textRuleMessages } from '../helpers/text-rule-messages.js';
import { anyCodeUnit } from '../helpers/arbitraries.js';

describe.each(testDialects())('recetas de mezcla (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;
  /** Five origins, made again for each test: [Colombia, Etiopía, Brasil, Kenia, Guatemala]. */
  let origins: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.db);
    origins = [];
    for (const name of ['Colombia', 'Etiopía', 'Brasil', 'Kenia', 'Guatemala']) {
      const response = await t.call(admin, {
        method: 'POST',
        url: '/api/coffee-origins',
        payload: { name, kilos_per_bag: 70, suppliers_fincas: [`Finca de ${name}`] },
      });
      origins.push(response.json().id);
    }
  });

  const countRows = async (table: 'blend_recipes' | 'blend_recipe_components') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const recipe = (name: string, ...parts: [number, unknown][]) => ({
    name,
    components: parts.map(([origin, percentage]) => ({ origin_id: origins[origin], percentage })),
  });
  const post = (payload: unknown, cookie = admin) =>
    t.call(cookie, { method: 'POST', url: '/api/blend-recipes', payload: payload as object });
  const put = (id: number | string, payload: unknown, cookie = admin) =>
    t.call(cookie, { method: 'PUT', url: `/api/blend-recipes/${id}`, payload: payload as object });
  const del = (id: number | string, cookie = admin) => t.call(cookie, { method: 'DELETE', url: `/api/blend-recipes/${id}` });
  const list = (query = '', cookie = admin) => t.call(cookie, { method: 'GET', url: `/api/blend-recipes${query}` });
  const storedBasisPoints = async (recipeId: number) =>
    (
      await t.db
        .selectFrom('blend_recipe_components')
        .select(['origin_id', 'percentage_bp', 'position'])
        .where('recipe_id', '=', recipeId)
        .orderBy('position')
        .execute()
    ).map((row) => [row.origin_id, row.percentage_bp, row.position]);

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const calls = [
      t.call(undefined, { method: 'GET', url: '/api/blend-recipes' }),
      t.call(undefined, { method: 'POST', url: '/api/blend-recipes', payload: recipe('Casa', [0, 100]) }),
      t.call(undefined, { method: 'PUT', url: '/api/blend-recipes/1', payload: recipe('Casa', [0, 100]) }),
      t.call(undefined, { method: 'DELETE', url: '/api/blend-recipes/1' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
    expect(await countRows('blend_recipes')).toBe(0);
  });

  it('lets a tecnico read recipes but refuses every write with 403, changing nothing', async () => {
    const created = (await post(recipe('Mezcla de la Casa', [0, 60], [1, 40]))).json();
    const read = await list('', tecnico);
    expect(read.statusCode).toBe(200);
    expect(read.json().items).toEqual([created]);

    const writes = [
      await post(recipe('Otra', [0, 100]), tecnico),
      await put(created.id, recipe('Cambiada', [2, 100]), tecnico),
      await del(created.id, tecnico),
      // Even a malformed body: the role is refused before the body is read.
      await post({ name: '' }, tecnico),
    ];
    for (const response of writes) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
    }
    expect(errorOf(writes[0]!).message).toBe('No tienes permisos para realizar esta acción.');
    expect((await list()).json().items).toEqual([created]);
    expect(await countRows('blend_recipes')).toBe(1);
  });

  it('checks the role again inside each write transaction (an administrator demoted meanwhile writes nothing)', async () => {
    const created = (await post(recipe('Original', [0, 100]))).json();
    const demoted = { id: (await t.db.selectFrom('users').select('id').where('role', '=', 'tecnico').executeTakeFirstOrThrow()).id };
    const body = { name: 'Colada', components: [{ origin_id: origins[1]!, percentage: 100 }] };
    const forbidden = (error: unknown) =>
      error instanceof AppError && error.code === 'forbidden' && error.message === commonMessages.forbidden;
    // The guard let these requests in; the services must still refuse a user who is not an administrador now.
    await expect(recipeService.createRecipe(t.db, body, { actor: demoted })).rejects.toSatisfy(forbidden);
    await expect(recipeService.updateRecipe(t.db, created.id, body, { actor: demoted })).rejects.toSatisfy(forbidden);
    await expect(recipeService.deleteRecipe(t.db, created.id, { actor: demoted })).rejects.toSatisfy(forbidden);
    expect((await list()).json().items).toEqual([created]);
  });

  it('creates a recipe of 33.33 + 33.33 + 33.34, stored exactly in basis points', async () => {
    const response = await post(recipe('Tres Orígenes', [0, 33.33], [1, 33.33], [2, 33.34]));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      version: 1,
      name: 'Tres Orígenes',
      components: [
        { origin_id: origins[0], origin_name: 'Colombia', percentage: 33.33, roast_type: null },
        { origin_id: origins[1], origin_name: 'Etiopía', percentage: 33.33, roast_type: null },
        { origin_id: origins[2], origin_name: 'Brasil', percentage: 33.34, roast_type: null },
      ],
    });
    expect(await storedBasisPoints(created.id)).toEqual([
      [origins[0], 3333, 0],
      [origins[1], 3333, 1],
      [origins[2], 3334, 2],
    ]);
  });

  it('refuses 33.33 × 3 with the total the user typed (99.99), writing nothing', async () => {
    const response = await post(recipe('Casi', [0, 33.33], [1, 33.33], [2, 33.33]));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: percentageMessages.mustTotal100('99.99') });
    // Copied from docs/product-guide.md#blend-recipe, with X = 99.99.
    expect(errorOf(response).message).toBe('Los porcentajes de los componentes deben sumar 100%. Actualmente suman 99.99%.');
    expect(await countRows('blend_recipes')).toBe(0);
    expect(await countRows('blend_recipe_components')).toBe(0);
  });

  it.each([
    [[60, 60], '120'],
    [[50, 40], '90'],
    [[0.01, 99.98], '99.99'],
    [[50.5, 50], '100.5'],
    [[100, 0.01], '100.01'],
  ])('refuses percentages %j with "Actualmente suman %s%."', async (percentages, total) => {
    const response = await post(recipe('Mal', ...percentages.map((p, i): [number, number] => [i, p])));
    expect(errorOf(response)).toEqual({ code: 'validation', message: percentageMessages.mustTotal100(total) });
  });

  it('accepts a single origin at 100% and tiny shares like 0.01 + 99.99', async () => {
    expect((await post(recipe('Puro', [3, 100]))).statusCode).toBe(201);
    const tiny = await post(recipe('Pizca', [0, 0.01], [1, 99.99]));
    expect(tiny.statusCode).toBe(201);
    expect(await storedBasisPoints(tiny.json().id)).toEqual([
      [origins[0], 1, 0],
      [origins[1], 9999, 1],
    ]);
  });

  it('lists recipes ordered by name (accents and case aside), paginated, components in the order added', async () => {
    for (const name of ['Tostado Oscuro', 'ámbar', 'Brisa', 'Zafiro', 'Aurora']) {
      expect((await post(recipe(name, [1, 70], [0, 30]))).statusCode).toBe(201);
    }
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5, limit: 100, offset: 0 });
    expect(all.json().items.map((r: { name: string }) => r.name)).toEqual(['ámbar', 'Aurora', 'Brisa', 'Tostado Oscuro', 'Zafiro']);
    expect(all.json().items[0].components).toEqual([
      { origin_id: origins[1], origin_name: 'Etiopía', percentage: 70, roast_type: null },
      { origin_id: origins[0], origin_name: 'Colombia', percentage: 30, roast_type: null },
    ]);

    const page = await list('?limit=2&offset=1');
    expect(page.json()).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.json().items.map((r: { name: string }) => r.name)).toEqual(['Aurora', 'Brisa']);
    expect((await list('?limit=0')).statusCode).toBe(400);
  });

  it('refuses a name already used, whatever its case, spaces or accents, on create and on update', async () => {
    const first = (await post(recipe('Mezcla de la Casa', [0, 100]))).json();
    for (const name of ['mezcla de la casa', '  MEZCLA   de la Casa ', 'Mézcla de la Casa']) {
      const response = await post(recipe(name, [1, 100]));
      expect(response.statusCode, name).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'duplicate', message: blendRecipeMessages.duplicateName });
    }
    expect(await countRows('blend_recipes')).toBe(1);
    expect(await countRows('blend_recipe_components')).toBe(1);

    const second = (await post(recipe('Espresso', [1, 100]))).json();
    const renamed = await put(second.id, recipe('MEZCLA DE LA CASA', [2, 100]));
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).message).toBe(blendRecipeMessages.duplicateName);
    // Nothing of the refused update is kept: name and components as before.
    expect((await list()).json().items).toEqual([second, first]);

    // Its own name in another case is not a duplicate of itself; the name is stored trimmed as typed.
    const recased = await put(first.id, recipe('  Mezcla DE LA Casa ', [0, 100]));
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe('Mezcla DE LA Casa');
  });

  it('refuses an origin that does not exist with its Spanish message, writing nothing', async () => {
    const response = await post({
      name: 'Fantasma',
      components: [{ origin_id: origins[0], percentage: 50 }, { origin_id: 999_999, percentage: 50 }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: blendRecipeMessages.originInvalid });
    expect(errorOf(response).message).toBe('Origen de café seleccionado no válido.');
    expect(await countRows('blend_recipes')).toBe(0);
    expect(await countRows('blend_recipe_components')).toBe(0);

    const existing = (await post(recipe('Real', [0, 100]))).json();
    const update = await put(existing.id, { name: 'Real cambiada', components: [{ origin_id: 999_999, percentage: 100 }] });
    expect(errorOf(update)).toEqual({ code: 'validation', message: blendRecipeMessages.originInvalid });
    expect((await list()).json().items).toEqual([existing]);
  });

  it('updates the name and replaces the components', async () => {
    const created = (await post(recipe('Inicial', [0, 60], [1, 40]))).json();
    const response = await put(created.id, recipe('Renovada', [2, 25], [3, 25], [0, 50]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      version: 2,
      name: 'Renovada',
      components: [
        { origin_id: origins[2], origin_name: 'Brasil', percentage: 25, roast_type: null },
        { origin_id: origins[3], origin_name: 'Kenia', percentage: 25, roast_type: null },
        { origin_id: origins[0], origin_name: 'Colombia', percentage: 50, roast_type: null },
      ],
    });
    expect(await storedBasisPoints(created.id)).toEqual([
      [origins[2], 2500, 0],
      [origins[3], 2500, 1],
      [origins[0], 5000, 2],
    ]);
    expect((await list()).json().items).toEqual([response.json()]);
  });

  it('keeps the roast type a component names (absent or null: any), on create and on update', async () => {
    const created = await post({
      name: 'Espresso',
      components: [
        { origin_id: origins[0], percentage: 60, roast_type: 'Oscuro' },
        { origin_id: origins[1], percentage: 40 },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().components).toEqual([
      { origin_id: origins[0], origin_name: 'Colombia', percentage: 60, roast_type: 'Oscuro' },
      { origin_id: origins[1], origin_name: 'Etiopía', percentage: 40, roast_type: null },
    ]);
    const updated = await put(created.json().id, {
      name: 'Espresso',
      version: 1,
      components: [
        { origin_id: origins[0], percentage: 60, roast_type: null },
        { origin_id: origins[1], percentage: 40, roast_type: 'Claro' },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().components.map((component: { roast_type: string | null }) => component.roast_type)).toEqual([null, 'Claro']);
    expect((await list()).json().items[0].components.map((component: { roast_type: string | null }) => component.roast_type)).toEqual([null, 'Claro']);
  });

  it('refuses a roast type that is not Claro, Medio or Oscuro with its Spanish 400, writing nothing', async () => {
    for (const roastType of ['Intenso', 'medio', 3, '']) {
      const response = await post({ name: 'Rara', components: [{ origin_id: origins[0], percentage: 100, roast_type: roastType }] });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: blendRecipeMessages.roastTypeInvalid });
    }
    const response = await post({ name: 'Rara', components: [{ origin_id: origins[0], percentage: 100, roast_type: 'Tostadísimo' }] });
    expect(errorOf(response).message).toBe('El tueste del componente debe ser Claro, Medio u Oscuro, o quedar sin indicar.');
    expect(await countRows('blend_recipes')).toBe(0);
  });

  it('refuses a roast type change from a stale form (409) and from a tecnico (403), keeping the recipe', async () => {
    const created = (await post({ name: 'Casa', components: [{ origin_id: origins[0], percentage: 100, roast_type: 'Medio' }] })).json();
    const change = { name: 'Casa', components: [{ origin_id: origins[0], percentage: 100, roast_type: 'Oscuro' }] };
    expect((await put(created.id, { ...change, version: 1 })).statusCode).toBe(200);
    const stale = await put(created.id, { ...change, components: [{ ...change.components[0], roast_type: 'Claro' }], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(blendRecipeMessages.editedByOther);
    expect((await put(created.id, { ...change, version: 2 }, tecnico)).statusCode).toBe(403);
    expect((await list()).json().items[0].components[0].roast_type).toBe('Oscuro');
  });

  it('deletes a recipe with its components; 404 for one that does not exist, 400 for an impossible id', async () => {
    const kept = (await post(recipe('Se queda', [0, 100]))).json();
    const gone = (await post(recipe('Se va', [1, 50], [2, 50]))).json();
    const response = await del(gone.id);
    expect(response.statusCode).toBe(204);
    expect((await list()).json().items).toEqual([kept]);
    expect(await countRows('blend_recipe_components')).toBe(1);

    for (const missing of [await del(gone.id), await put(gone.id, recipe('X', [0, 100]))]) {
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toEqual({ code: 'not_found', message: blendRecipeMessages.notFound });
    }
    for (const impossible of [await del('abc'), await del(0), await put('99999999999', recipe('X', [0, 100]))]) {
      expect(impossible.statusCode).toBe(400);
      expect(errorOf(impossible).message).toBe(commonMessages.invalidRequest);
    }
  });

  it('refuses to delete an origin that a recipe uses, with the origin delete message', async () => {
    await post(recipe('Usa Guatemala', [4, 100]));
    const response = await t.call(admin, { method: 'DELETE', url: `/api/coffee-origins/${origins[4]}` });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'in_use', message: originMessages.deleteInUse });
    expect(errorOf(response).message).toBe('Error al eliminar el origen. Asegúrate de que no haya café verde asociado.');
    const stillThere = await t.db.selectFrom('coffee_origins').select('id').where('id', '=', origins[4]!).executeTakeFirst();
    expect(stillThere).toBeDefined();
  });

  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ origin_id: i + 1, percentage: 100 / count }));

  it.each([
    ['no name', { components: [{ origin_id: 1, percentage: 100 }] }, blendRecipeMessages.required],
    ['a blank name', { name: '   ', components: [{ origin_id: 1, percentage: 100 }] }, blendRecipeMessages.required],
    ['no components', { name: 'Sola' }, blendRecipeMessages.required],
    ['an empty component list', { name: 'Vacía', components: [] }, blendRecipeMessages.required],
    ['components that are not a list', { name: 'Rara', components: 'Colombia 100' }, blendRecipeMessages.required],
    ['an empty body', {}, blendRecipeMessages.required],
    ['a JSON array as body', [{ name: 'A', components: [] }], blendRecipeMessages.required],
    ['a percentage of 0', 'p:0', blendRecipeMessages.componentInvalid],
    ['a percentage of -5', 'p:-5', blendRecipeMessages.componentInvalid],
    ['a percentage of "abc"', 'p:abc', blendRecipeMessages.componentInvalid],
    ['a missing percentage', 'p:missing', blendRecipeMessages.componentInvalid],
    ['a null percentage', 'p:null', blendRecipeMessages.componentInvalid],
    ['a percentage of 100.001', 'p:100.001', commonMessages.tooManyDecimals(2)],
    ['a percentage of 33.333', 'p:33.333', commonMessages.tooManyDecimals(2)],
    ['a percentage of 1e308', 'p:1e308', percentageMessages.aboveMax(100)],
    ['a percentage of 100.01', 'p:100.01', percentageMessages.aboveMax(100)],
    ['a missing origin', 'o:missing', blendRecipeMessages.componentInvalid],
    ['an origin id "abc"', 'o:abc', blendRecipeMessages.componentInvalid],
    ['an origin id 1.5', 'o:1.5', blendRecipeMessages.originInvalid],
    ['an origin id 0', 'o:0', blendRecipeMessages.originInvalid],
    ['an origin id too large for a row', 'o:99999999999', blendRecipeMessages.originInvalid],
    ['a component that is not an object', 'c:text', blendRecipeMessages.componentInvalid],
    ['the same origin twice', 'dup', blendRecipeMessages.duplicateOrigin],
    [`${RECIPE_COMPONENTS_MAX + 1} components`, { name: 'Muchas', components: many(RECIPE_COMPONENTS_MAX + 1) }, blendRecipeMessages.tooManyComponents(RECIPE_COMPONENTS_MAX)],
    ['500 components', { name: 'Quinientas', components: many(500) }, blendRecipeMessages.tooManyComponents(RECIPE_COMPONENTS_MAX)],
    ['a 10 000-character name', { name: 'x'.repeat(10_000), components: [{ origin_id: 1, percentage: 100 }] }, blendRecipeMessages.nameTooLong(RECIPE_NAME_MAX)],
  ])('refuses %s with a Spanish 400, on create and update, writing nothing', async (_case, shape, message) => {
    // Bodies that need the real origin ids are described by a short code and built here.
    const body = (() => {
      if (typeof shape !== 'string') return shape;
      const other = { origin_id: origins[1], percentage: 50 };
      const [kind, value] = shape.split(':') as [string, string];
      const parse = (text: string) => (text === 'missing' ? undefined : text === 'null' ? null : text === 'abc' ? 'abc' : Number(text));
      if (kind === 'p') return { name: 'Mal', components: [{ origin_id: origins[0], percentage: parse(value) }, other] };
      if (kind === 'o') return { name: 'Mal', components: [{ origin_id: parse(value), percentage: 50 }, other] };
      if (kind === 'c') return { name: 'Mal', components: ['Colombia', other] };
      return { name: 'Mal', components: [{ origin_id: origins[1], percentage: 50 }, other] };
    })();
    const created = await post(body);
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toEqual({ code: 'validation', message });
    expect(await countRows('blend_recipes')).toBe(0);

    const existing = (await post(recipe('Intacta', [0, 100]))).json();
    const updated = await put(existing.id, body);
    expect(updated.statusCode).toBe(400);
    expect(errorOf(updated)).toEqual({ code: 'validation', message });
    expect((await list()).json().items).toEqual([existing]);
  });

  it('uses the Spanish texts word for word for a missing name and an invalid component', async () => {
    const noName = await post({ name: '', components: [{ origin_id: origins[0], percentage: 100 }] });
    expect(errorOf(noName).message).toBe('Por favor, completa el nombre de la receta y añade al menos un componente.');
    const zero = await post(recipe('Cero', [0, 0], [1, 100]));
    expect(errorOf(zero).message).toBe('Por favor, selecciona un origen de café y un porcentaje válido para el componente.');
  });

  it('checks the name and components are there before anything else (documented order)', async () => {
    // A 10 000-character name AND no components: the required-fields message wins.
    const response = await post({ name: 'x'.repeat(10_000), components: [] });
    expect(errorOf(response).message).toBe(blendRecipeMessages.required);
    // Valid components that do not total 100 AND a duplicate origin: one origin per recipe first.
    const both = await post(recipe('Doble', [0, 30], [0, 30]));
    expect(errorOf(both).message).toBe(blendRecipeMessages.duplicateOrigin);
  });

  it('answers any malformed body with a 4xx and a Spanish message, never a 5xx', async () => {
    const existing = (await post(recipe('Base', [0, 100]))).json();
    const text = fc.string({ unit: anyCodeUnit });
    const json = fc.jsonValue({ stringUnit: anyCodeUnit });
    const percentage = fc.oneof(fc.double(), fc.integer(), fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100), json);
    const originId = fc.oneof(fc.constantFrom(...origins), fc.integer(), json);
    const component = fc.oneof(fc.record({ origin_id: originId, percentage }, { requiredKeys: [] }), json);
    const body = fc.oneof(
      fc.record({ name: fc.oneof(text, json), components: fc.oneof(fc.array(component, { maxLength: 6 }), json) }, { requiredKeys: [] }),
      json,
    );
    const spanish = [
      ...Object.values(blendRecipeMessages).filter((v) => typeof v === 'string'),
      blendRecipeMessages.nameTooLong(RECIPE_NAME_MAX),
      blendRecipeMessages.tooManyComponents(RECIPE_COMPONENTS_MAX),
      percentageMessages.aboveMax(100),
      commonMessages.tooManyDecimals(2),
      commonMessages.invalidRequest,
      commonMessages.invalidText,
      commonMessages.jsonRequired,
      ...textRuleMessages(['Nombre']),
    ];
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, edit) => {
        const response = edit ? await put(existing.id, payload) : await post(payload);
        // 415: a body that is a bare JSON string is not sent as application/json by inject.
        expect([200, 201, 400, 409, 415]).toContain(response.statusCode);
        if (response.statusCode >= 400) {
          const { message } = errorOf(response);
          const isTotal = message.startsWith('Los porcentajes de los componentes deben sumar 100%. Actualmente suman ');
          expect(isTotal || spanish.includes(message), message).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  /** Basis points that add up to exactly 10000, split into 1..5 parts (one per origin). */
  const exactSplit = fc
    .uniqueArray(fc.integer({ min: 1, max: 9_999 }), { maxLength: 4 })
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), 10_000];
      return points.slice(1).map((point, i) => point - points[i]!);
    });
  /** Either an exact split, or one nudged by a few basis points (which must then be refused). */
  const percentagesArb = fc.oneof(
    exactSplit,
    fc.tuple(exactSplit, fc.integer({ min: -3, max: 3 })).map(([parts, nudge]) => {
      const last = parts[parts.length - 1]! + nudge;
      return [...parts.slice(0, -1), last];
    }),
  );

  it('property: any component set the schema accepts sums to exactly 100 (10000 basis points)', () => {
    fc.assert(
      fc.property(percentagesArb, (basisPoints) => {
        const percentages = basisPoints.map((bp) => bp / 100);
        const parsed = blendRecipeBodySchema.safeParse({
          name: 'Propiedad',
          components: percentages.map((percentage, i) => ({ origin_id: i + 1, percentage })),
        });
        // An oracle independent of the code under test: integer basis points, summed.
        const total = basisPoints.reduce((sum, bp) => sum + bp, 0);
        if (parsed.success) {
          expect(parsed.data.components.reduce((sum, c) => sum + Math.round(c.percentage * 100), 0)).toBe(10_000);
        }
        expect(parsed.success).toBe(total === 10_000 && basisPoints.every((bp) => bp > 0));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: what the API accepts is stored summing exactly 10000 basis points; the rest is refused with the exact total', async () => {
    await fc.assert(
      fc.asyncProperty(percentagesArb, async (basisPoints) => {
        const components = basisPoints.map((bp, i) => ({ origin_id: origins[i], percentage: bp / 100 }));
        const response = await post({ name: 'Propiedad', components });
        const total = basisPoints.reduce((sum, bp) => sum + bp, 0);
        if (total === 10_000 && basisPoints.every((bp) => bp > 0)) {
          expect(response.statusCode).toBe(201);
          const stored = await storedBasisPoints(response.json().id);
          expect(stored.reduce((sum, [, bp]) => sum + Number(bp), 0)).toBe(10_000);
          expect(stored.map(([, bp]) => bp)).toEqual(basisPoints);
          // The next run may store the same name.
          expect((await del(response.json().id)).statusCode).toBe(204);
        } else {
          expect(response.statusCode).toBe(400);
          if (basisPoints.every((bp) => bp > 0 && bp <= 10_000)) {
            // The X of the message is the exact total: e.g. 10002 bp → '100.02'.
            expect(errorOf(response).message).toBe(percentageMessages.mustTotal100(String(total / 100)));
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
