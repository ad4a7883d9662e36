import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { notANumber } from '#shared/message-parts.js';
import { DEFAULT_REGIONAL_FORMAT } from '#shared/format.js';
import { settingsMessages } from '#shared/settings-messages.js';
import { DEFAULT_PRICE_MAX, DEFAULT_STORAGE_TEXT, LOW_STOCK_DEFAULTS, ROASTER_CAPACITY_MAX_KG, TOLERANCE_LABELS } from '#shared/schemas/settings.js';
import { BUSINESS_ADDRESS_MAX, BUSINESS_NAME_MAX } from '#shared/limits.js';
import { AppError } from '#server/errors.js';
import { updateSettings } from '#server/features/settings/service.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { anyCodeUnit } from '../helpers/arbitraries.js';

/** Datos del negocio and the bag labels' settings as they start (docs/product-guide.md#configuracion). */
const BAG_LABEL_DEFAULTS = { business_name: null, business_address: null, sanitary_registration: null, best_before_months: 12, storage_text: DEFAULT_STORAGE_TEXT };
/** The reference profile's tolerances (docs/decisions/0053-reference-profile.md): none checked. */
const TOLERANCE_DEFAULTS = Object.fromEntries(Object.keys(TOLERANCE_LABELS).map((name) => [name, null]));

describe.each(testDialects())('ajustes: precios de venta por defecto (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador', 'jefa');
    tecnico = await t.signIn('tecnico', 'tec');
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  // null: no session (undefined would pick the default cookie).
  const get = (cookie: string | null = tecnico) => t.call(cookie ?? undefined, { method: 'GET', url: '/api/settings' });
  const put = (payload: unknown, cookie: string | null = admin) =>
    t.call(cookie ?? undefined, { method: 'PUT', url: '/api/settings', payload: payload as object });
  const rows = () => t.db.selectFrom('settings').select(['key', 'value', 'updated_by']).orderBy('key').execute();
  const userId = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('answers 401 without a session, and writes nothing', async () => {
    expect((await get(null)).statusCode).toBe(401);
    const write = await put({ default_price_roasted: 1 }, null);
    expect(write.statusCode).toBe(401);
    expect(errorOf(write).code).toBe('unauthenticated');
    expect(await rows()).toEqual([]);
  });

  it('starts with the default prices, 15 per kg roasted and 25 per kg blended, for anyone signed in', async () => {
    const response = await get(tecnico);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ default_price_roasted: 15, default_price_blend: 25, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
  });

  it('refuses a tecnico change with 403, writing nothing', async () => {
    const response = await put({ default_price_roasted: 10, default_price_blend: 20 }, tecnico);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
    expect(errorOf(response).message).toBe('No tienes permisos para realizar esta acción.');
    expect(await rows()).toEqual([]);
    expect((await get()).json()).toEqual({ default_price_roasted: 15, default_price_blend: 25, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
  });

  it('checks the role again inside the write transaction (an administrator demoted meanwhile writes nothing)', async () => {
    // The guard already let the request in; the service must still refuse a user who is not an administrador now.
    const demoted = await userId('tec');
    await expect(updateSettings(t.db, { default_price_roasted: 1 }, { id: demoted })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'forbidden' && error.message === commonMessages.forbidden,
    );
    expect(await rows()).toEqual([]);
  });

  it('saves both prices as exact cents, records who saved them, and everyone reads them', async () => {
    const response = await put({ default_price_roasted: 16.35, default_price_blend: 0.1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ default_price_roasted: 16.35, default_price_blend: 0.1, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
    const adminId = await userId('jefa');
    expect(await rows()).toEqual([
      { key: 'default_price_blend_cents', value: '10', updated_by: adminId },
      { key: 'default_price_roasted_cents', value: '1635', updated_by: adminId },
    ]);
    expect((await get(tecnico)).json()).toEqual({ default_price_roasted: 16.35, default_price_blend: 0.1, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
  });

  it('saves only the settings sent, keeps the others, and accepts a price of 0 and the ceiling', async () => {
    await put({ default_price_roasted: 18, default_price_blend: 30 });
    const one = await put({ default_price_blend: 0 });
    expect(one.json()).toEqual({ default_price_roasted: 18, default_price_blend: 0, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
    const top = await put({ default_price_roasted: DEFAULT_PRICE_MAX });
    expect(top.json()).toEqual({ default_price_roasted: DEFAULT_PRICE_MAX, default_price_blend: 0, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
    const again = await put({ default_price_roasted: 17.5 });
    expect(again.json()).toEqual({ default_price_roasted: 17.5, default_price_blend: 0, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
    expect((await rows()).map((row) => row.value)).toEqual(['0', '1750']);
  });

  it.each([
    ['a negative price', { default_price_roasted: -1 }, settingsMessages.priceNegative],
    ['a price with 3 decimals', { default_price_blend: 25.001 }, commonMessages.tooManyDecimals(2)],
    ['a price above the ceiling', { default_price_roasted: DEFAULT_PRICE_MAX + 0.01 }, settingsMessages.priceTooLarge(DEFAULT_PRICE_MAX)],
    ['a price of 1e308', { default_price_roasted: 1e308 }, settingsMessages.priceTooLarge(DEFAULT_PRICE_MAX)],
    ['a price that is text', { default_price_roasted: 'quince' }, 'Café Tostado: escribe un número, con coma o punto decimal.'],
    ['a null price', { default_price_blend: null }, settingsMessages.priceRequired],
    ['one good and one bad price', { default_price_roasted: 20, default_price_blend: -3 }, settingsMessages.priceNegative],
    ['an empty body', {}, settingsMessages.nothingToSave],
    ['an unknown setting', { default_price_roasted: 20, precio_secreto: 1 }, settingsMessages.unknownSetting],
    ['a JSON array as body', [{ default_price_roasted: 20 }], commonMessages.invalidRequest],
  ])('refuses %s with a Spanish 400, writing nothing', async (_case, payload, message) => {
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
    expect(await rows()).toEqual([]);
  });

  it('answers any malformed body with a 4xx and a Spanish message, never a 5xx', async () => {
    const json = fc.jsonValue({ stringUnit: anyCodeUnit });
    const price = fc.oneof(fc.double(), fc.integer(), fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100), json);
    const body = fc.oneof(
      fc.record({ default_price_roasted: price, default_price_blend: price }, { requiredKeys: [] }),
      fc.dictionary(fc.string({ unit: anyCodeUnit }), json),
    );
    const spanish = [
      ...Object.values(settingsMessages).filter((value) => typeof value === 'string'),
      settingsMessages.priceTooLarge(DEFAULT_PRICE_MAX),
      ...Object.values(settingsMessages.labels).map(notANumber),
      commonMessages.tooManyDecimals(2),
      commonMessages.invalidRequest,
      commonMessages.invalidText,
    ];
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await put(payload);
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 400) expect(spanish).toContain(errorOf(response).message);
        else expect(Object.keys(response.json()).sort()).toEqual(['default_price_blend', 'default_price_roasted', ...Object.keys(LOW_STOCK_DEFAULTS), 'roaster_capacity_kg', ...Object.keys(DEFAULT_REGIONAL_FORMAT), 'shop_order_prep_days', 'rest_days', 'freshness_days', 'public_trace', ...Object.keys(BAG_LABEL_DEFAULTS), 'temperature_unit', ...Object.keys(TOLERANCE_DEFAULTS)].sort());
      }),
      { numRuns: 150 },
    );
  });

  describe('capacidad del tostador', () => {

    const capacity = async (cookie = tecnico) => (await t.call(cookie, { method: 'GET', url: '/api/settings' })).json().roaster_capacity_kg;

    it('is null until an administrator sets it, saves kilos to the gram, and goes back to null', async () => {
      expect(await capacity()).toBeNull();
      const saved = await put({ roaster_capacity_kg: 12.5 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().roaster_capacity_kg).toBe(12.5);
      expect(await capacity()).toBe(12.5);
      const row = await t.db.selectFrom('settings').select('value').where('key', '=', 'roaster_capacity_g').executeTakeFirstOrThrow();
      expect(row.value).toBe('12500');
      expect((await put({ roaster_capacity_kg: null })).json().roaster_capacity_kg).toBeNull();
      expect(await capacity()).toBeNull();
    });

    it('refuses a tecnico with 403 and keeps the capacity', async () => {
      await put({ roaster_capacity_kg: 15 });
      const response = await put({ roaster_capacity_kg: 30 }, tecnico);
      expect(response.statusCode).toBe(403);
      expect(await capacity()).toBe(15);
    });

    it.each([
      ['0 kg', 0, settingsMessages.capacityInvalid],
      ['a negative capacity', -2, settingsMessages.capacityInvalid],
      ['text', 'quince', settingsMessages.capacityInvalid],
      ['4 decimals', 1.2345, commonMessages.tooManyDecimals(3)],
      ['more than the ceiling', ROASTER_CAPACITY_MAX_KG + 1, settingsMessages.capacityTooLarge(ROASTER_CAPACITY_MAX_KG)],
    ])('refuses %s with a Spanish 400, writing nothing', async (_case, value, message) => {
      const response = await put({ roaster_capacity_kg: value });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
      expect(await capacity()).toBeNull();
    });

    it('says so in Spanish', async () => {
      const response = await put({ roaster_capacity_kg: 0 });
      expect(errorOf(response).message).toBe('La capacidad del tostador debe ser un número de Kg mayor que 0, o quedar vacía.');
    });
    });

  describe('temperatura', () => {
    // Configuración › Temperatura (docs/decisions/0052-roast-metrics.md): the unit every roast curve is shown in.
    const unit = async (cookie = tecnico) => (await get(cookie)).json().temperature_unit;

    it('is °C until an administrador chooses °F, which everyone then reads; the row holds the choice', async () => {
      expect(await unit()).toBe('C');
      const saved = await put({ temperature_unit: 'F' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().temperature_unit).toBe('F');
      expect(await unit()).toBe('F');
      expect(await rows()).toEqual([{ key: 'temperature_unit', value: '"F"', updated_by: await userId('jefa') }]);
      expect((await put({ temperature_unit: 'C' })).json().temperature_unit).toBe('C');
    });

    it('refuses a tecnico with 403 and keeps the unit', async () => {
      await put({ temperature_unit: 'F' });
      const response = await put({ temperature_unit: 'C' }, tecnico);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
      expect(await unit()).toBe('F');
    });

    it.each([['K'], ['c'], ['°F'], [null], [1], [['F']]])('refuses %j with a Spanish 400, writing nothing', async (value) => {
      const response = await put({ temperature_unit: value });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message: settingsMessages.temperatureUnitInvalid });
      expect(errorOf(response).message).toBe('Elige la unidad de temperatura: °C o °F.');
      expect(await rows()).toEqual([]);
    });

    it('a save of the unit alone keeps what another administrador saved meanwhile (the section sends only what it changed)', async () => {
      const other = await t.signIn('administrador', 'otra');
      await put({ rest_days: 4 }, other);
      await put({ temperature_unit: 'F' });
      expect((await get()).json()).toMatchObject({ rest_days: 4, temperature_unit: 'F' });
    });
  });

  describe('datos del negocio y etiquetas de bolsa', () => {
    const business = { business_name: 'Tostadores del Sur', business_address: 'Calle Mayor 1\n28013 Madrid', sanitary_registration: 'RGSEAA 20.12345/M' };

    it('an administrador saves the business, trimmed, a blank text as none, CRLF as LF; a tecnico reads it and gets 403 on a change', async () => {
      const saved = await put({ ...business, business_address: '  Calle Mayor 1\r\n28013 Madrid ', sanitary_registration: '   ' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ ...business, sanitary_registration: null });
      expect((await get(tecnico)).json()).toMatchObject({ ...business, sanitary_registration: null });
      const refused = await put({ business_name: 'Otro', best_before_months: 6, storage_text: 'Otro texto' }, tecnico);
      expect(refused.statusCode).toBe(403);
      expect((await get()).json()).toMatchObject({ business_name: 'Tostadores del Sur', best_before_months: 12, storage_text: DEFAULT_STORAGE_TEXT });
      expect((await put({ business_name: null })).json().business_name).toBeNull();
    });

    it('saves the best-before months and the storage line', async () => {
      const saved = await put({ best_before_months: 18, storage_text: ' Conservar cerrado, lejos de la luz ' });
      expect(saved.json()).toMatchObject({ best_before_months: 18, storage_text: 'Conservar cerrado, lejos de la luz' });
    });

    it.each([
      ['a name too long', { business_name: 'x'.repeat(BUSINESS_NAME_MAX + 1) }, settingsMessages.businessNameTooLong(BUSINESS_NAME_MAX)],
      ['an address too long', { business_address: 'x'.repeat(BUSINESS_ADDRESS_MAX + 1) }, settingsMessages.businessAddressTooLong(BUSINESS_ADDRESS_MAX)],
      ['a name that is a number', { business_name: 12 }, settingsMessages.businessTextInvalid],
      ['a line break in the name', { business_name: 'Tostadores\ndel Sur' }, 'El campo «Nombre comercial» no puede contener tabuladores, saltos de línea ni otros caracteres de control.'],
      ['0 months', { best_before_months: 0 }, settingsMessages.bestBeforeInvalid(60)],
      ['half a month', { best_before_months: 1.5 }, 'Los meses de consumo preferente deben ser un número entero de 1 a 60.'],
      ['61 months', { best_before_months: 61 }, settingsMessages.bestBeforeInvalid(60)],
      ['an empty storage line', { storage_text: '  ' }, 'Escribe el texto de conservación de las bolsas.'],
    ])('refuses %s with a Spanish 400, writing nothing', async (_case, payload, message) => {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'validation', message });
      expect(await rows()).toEqual([]);
    });
  });
});
