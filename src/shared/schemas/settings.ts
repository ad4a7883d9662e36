import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';
import { lowStockSettingsMessages, settingsMessages as m } from '#shared/settings-messages.js';
import { type CurrencyPosition, DEFAULT_REGIONAL_FORMAT, type DecimalSeparator, type RegionalFormat } from '#shared/format.js';
import { centsToPrice, fromScaledInt, gramsToKg, KG_DECIMALS, kgToGrams, PRICE_DECIMALS, priceToCents, toScaledInt } from '#shared/units.js';
import { notANumber } from '#shared/message-parts.js';
import { BEST_BEFORE_MONTHS_MAX, BUSINESS_ADDRESS_MAX, BUSINESS_NAME_MAX, SANITARY_REGISTRATION_MAX, STORAGE_TEXT_MAX } from '#shared/limits.js';
import { DEFAULT_TEMPERATURE_UNIT, TEMPERATURE_UNITS } from '#shared/temperature.js';
import { decimalSchema } from './common.js';

/**
 * The typed settings area (Configuración). Each setting has an API name, the
 * key of its row in the `settings` table, the zod schema of its API value, how
 * that value is stored (JSON of an integer: cents, grams…) and its default,
 * used while no administrator has saved it. Adding a setting (say, a low-stock
 * threshold in kg) is one line in `settingDefinitions`: the API, the table and
 * the defaults follow.
 */
export interface SettingDefinition<Value = number, Stored = number> {
  /** Row key in the `settings` table. */
  key: string;
  /** The API value's schema (what PUT accepts and the form validates). */
  apiSchema: z.ZodType<Value>;
  /** What GET answers for it: a number, a number or null for an optional setting, a text or a choice. */
  responseSchema: z.ZodType<Value>;
  /** Stored value → API value. */
  toApi(stored: Stored): Value;
  /** API value → stored value. */
  toStored(api: Value): Stored;
  /** Stored value used while the row does not exist. */
  defaultStored: Stored;
  /** What a row may hold, for a setting not stored as an integer (a text, a choice); integers need none. */
  storedSchema?: z.ZodType<Stored>;
}

/** The most a default price may be (ours), the same ceiling as a green lot's unit price. */
export const DEFAULT_PRICE_MAX = 1_000_000;

/** A price per kg: at most 2 decimals, not negative, stored as integer cents (docs/product-guide.md#business-constants). */
const priceSetting = (key: string, defaultCents: number, label: string): SettingDefinition => ({
  key,
  apiSchema: decimalSchema(PRICE_DECIMALS, m.priceRequired, notANumber(label))
    .refine((price) => price >= 0, m.priceNegative)
    .refine((price) => price <= DEFAULT_PRICE_MAX, m.priceTooLarge(DEFAULT_PRICE_MAX)),
  responseSchema: z.number(),
  toApi: centsToPrice,
  toStored: priceToCents,
  defaultStored: defaultCents,
});

/** The most a low-stock threshold may be (ours): 100 t, far above any small roaster's stock. */
export const LOW_STOCK_MAX_KG = 100_000;

/** A low-stock threshold in kg (docs/product-guide.md#home): at most 3 decimals, not negative, stored as integer grams. */
const kgThresholdSetting = (key: string, defaultKg: number, label: string): SettingDefinition => ({
  key,
  apiSchema: decimalSchema(KG_DECIMALS, lowStockSettingsMessages.thresholdRequired, notANumber(label))
    .refine((kg) => kg >= 0, lowStockSettingsMessages.thresholdNegative)
    .refine((kg) => kg <= LOW_STOCK_MAX_KG, lowStockSettingsMessages.thresholdTooLarge(LOW_STOCK_MAX_KG)),
  responseSchema: z.number(),
  toApi: gramsToKg,
  toStored: kgToGrams,
  defaultStored: kgToGrams(defaultKg),
});

/** The most a roaster's batch may be (ours): 1 t of green, beyond any shop roaster. */
export const ROASTER_CAPACITY_MAX_KG = 1000;

/**
 * Kg of green the roaster takes per batch (docs/product-guide.md#roast-plan), optional:
 * null while unset. Stored as integer grams, 0 meaning "not set" (a batch of 0 kg
 * cannot exist), so the row stays an integer like every other setting.
 */
const roasterCapacitySetting = (key: string): SettingDefinition<number | null, number> => ({
  key,
  apiSchema: decimalSchema(KG_DECIMALS, m.capacityInvalid)
    .refine((kg) => kg > 0, m.capacityInvalid)
    .refine((kg) => kg <= ROASTER_CAPACITY_MAX_KG, m.capacityTooLarge(ROASTER_CAPACITY_MAX_KG))
    .nullable(),
  responseSchema: z.number().nullable(),
  toApi: (stored) => (stored > 0 ? gramsToKg(stored) : null),
  toStored: (api) => (api === null ? 0 : kgToGrams(api)),
  defaultStored: 0,
});

/** The thresholds' defaults: a bag of green per origin (60 kg), 5 kg of a roasted lot or a blend. */
export const LOW_STOCK_DEFAULTS = { low_stock_green_kg: 60, low_stock_roasted_kg: 5, low_stock_blend_kg: 5 } as const;

/** A setting stored as it is sent (a text, a choice), checked by the same schema on the way in and out. */
const textSetting = <Value extends string>(key: string, schema: z.ZodType<Value>, defaultValue: Value): SettingDefinition<Value, Value> => ({
  key,
  apiSchema: schema,
  toApi: (stored) => stored,
  toStored: (api) => api,
  defaultStored: defaultValue,
  responseSchema: schema,
  storedSchema: schema,
});

/** The most characters a currency symbol may have (ours): '$', '€', 'US$', 'MXN' fit. */
export const CURRENCY_SYMBOL_MAX = 3;

// Counted in characters a person sees ('€' is one), not UTF-16 units; no digits, which would read as part of the amount.
const currencySymbolSchema = z
  .string(m.currencySymbolRequired)
  .refine((text) => text.trim() !== '', m.currencySymbolRequired)
  .refine((text) => [...text].length <= CURRENCY_SYMBOL_MAX, m.currencySymbolTooLong(CURRENCY_SYMBOL_MAX))
  .refine((text) => text.trim() === text && !/[\d\s]/u.test(text), m.currencySymbolInvalid);

/** The most days the shop may take to prepare an online order (ours): two months. */
export const SHOP_PREP_DAYS_MAX = 60;

/** The most days a roast may rest before it is ready (ours): two months, beyond any coffee's rest. */
export const REST_DAYS_MAX = 60;

/** The most days a roast may count as fresh (ours): a year. */
export const FRESHNESS_DAYS_MAX = 365;

/**
 * Whole days, 0 to `max`, stored as they are: 'Días para preparar pedidos online'
 * (docs/product-guide.md#pedidos-de-la-tienda-online), the days after a shop order's date it is due,
 * and a roast's 'Reposo' and 'Frescura' (docs/decisions/0049-roast-age-and-public-page.md).
 */
const daysSetting = (key: string, defaultDays: number, max: number, invalid: string): SettingDefinition => ({
  key,
  apiSchema: z.number(invalid).int(invalid).min(0, invalid).max(max, invalid),
  responseSchema: z.number(),
  toApi: (stored) => stored,
  toStored: (api) => api,
  defaultStored: defaultDays,
});

/**
 * A text of Datos del negocio (docs/product-guide.md#configuracion), optional: blank is none (null),
 * as a customer's optional texts. Stored as the trimmed text, '' for none, so the row stays a text;
 * the request text check (text-rules.ts) applies the same rules as to every field, by the setting's name.
 */
const optionalTextSetting = (key: string, max: number, tooLong: string): SettingDefinition<string | null, string> => ({
  key,
  apiSchema: z
    .string(m.businessTextInvalid)
    .nullable()
    .transform((text) => text?.trim() || null)
    .refine((text) => text === null || [...text].length <= max, tooLong),
  responseSchema: z.string().nullable(),
  toApi: (stored) => (stored === '' ? null : stored),
  toStored: (api) => api ?? '',
  defaultStored: '',
  storedSchema: z.string(),
});

/** The storage line of a bag label: required, trimmed, one line. */
const storageTextSchema = z
  .string(m.storageTextRequired)
  .transform((text) => text.trim())
  .refine((text) => text !== '', m.storageTextRequired)
  .refine((text) => [...text].length <= STORAGE_TEXT_MAX, m.storageTextTooLong(STORAGE_TEXT_MAX));

/** 'Consumo preferente': whole months, 1 to BEST_BEFORE_MONTHS_MAX, after the roast date (docs/product-guide.md#etiquetas-de-bolsa). */
const monthsSetting = (key: string, defaultMonths: number): SettingDefinition => ({
  key,
  apiSchema: z
    .number(m.bestBeforeInvalid(BEST_BEFORE_MONTHS_MAX))
    .int(m.bestBeforeInvalid(BEST_BEFORE_MONTHS_MAX))
    .min(1, m.bestBeforeInvalid(BEST_BEFORE_MONTHS_MAX))
    .max(BEST_BEFORE_MONTHS_MAX, m.bestBeforeInvalid(BEST_BEFORE_MONTHS_MAX)),
  responseSchema: z.number(),
  toApi: (stored) => stored,
  toStored: (api) => api,
  defaultStored: defaultMonths,
});

/** The storage line bag labels print while no administrator has written another (docs/product-guide.md#etiquetas-de-bolsa). */
export const DEFAULT_STORAGE_TEXT = 'Conservar en lugar fresco y seco';


/** An on/off setting, stored as JSON true or false. */
const switchSetting = (key: string, defaultValue: boolean, invalid: string): SettingDefinition<boolean, boolean> => ({
  key,
  apiSchema: z.boolean(invalid),
  responseSchema: z.boolean(),
  toApi: (stored) => stored,
  toStored: (api) => api,
  defaultStored: defaultValue,
  storedSchema: z.boolean(),
});

/** The tolerances' labels on Configuración, which their messages name. */
export const TOLERANCE_LABELS = {
  tolerance_first_crack_s: 'Tolerancia del primer crack (s)',
  tolerance_dtr_pct: 'Tolerancia del ratio de desarrollo (puntos %)',
  tolerance_drop_temp: 'Tolerancia de la temperatura de descarga (°)',
  tolerance_total_time_s: 'Tolerancia del tiempo total (s)',
  tolerance_weight_loss_pct: 'Tolerancia de la pérdida de peso (puntos %)',
} as const;

/**
 * How far a roast may be from its product's reference profile in one figure
 * (docs/decisions/0053-reference-profile.md), optional: null (left empty) means "not checked".
 * Stored as an integer scaled by its decimals (1 for seconds and degrees, 2 for percentage
 * points), or JSON null; the temperature's is in the shop's unit, whichever it is.
 */
const toleranceSetting = (key: keyof typeof TOLERANCE_LABELS, decimals: number, max: number): SettingDefinition<number | null, number | null> => {
  const label = TOLERANCE_LABELS[key];
  return {
    key,
    apiSchema: decimalSchema(decimals, m.toleranceInvalid(label, max), notANumber(label))
      .refine((value) => value >= 0 && value <= max, m.toleranceInvalid(label, max))
      .nullable(),
    responseSchema: z.number().nullable(),
    toApi: (stored) => (stored === null ? null : fromScaledInt(stored, decimals)),
    toStored: (api) => (api === null ? null : toScaledInt(api, decimals)),
    defaultStored: null,
    storedSchema: z.int().min(0).nullable(),
  };
};

const currencyPositionSchema = z.enum(['before', 'after'] satisfies CurrencyPosition[], m.currencyPositionInvalid);
const decimalSeparatorSchema = z.enum(['.', ','] satisfies DecimalSeparator[], m.decimalSeparatorInvalid);
const temperatureUnitSchema = z.enum(TEMPERATURE_UNITS, m.temperatureUnitInvalid);

export const settingDefinitions = {
  // The original app's fixed sale prices, 15 per kg for roasted coffee and 25 per kg
  // for blends, kept as the defaults the sales form prefills (docs/product-guide.md#business-constants).
  default_price_roasted: priceSetting('default_price_roasted_cents', 1500, m.labels.default_price_roasted),
  default_price_blend: priceSetting('default_price_blend_cents', 2500, m.labels.default_price_blend),
  // Low stock (docs/product-guide.md#home): the home alert card lists origins whose green stock, and
  // roasted lots and blends whose stock, is under these.
  low_stock_green_kg: kgThresholdSetting('low_stock_green_g', LOW_STOCK_DEFAULTS.low_stock_green_kg, lowStockSettingsMessages.labels.low_stock_green_kg),
  low_stock_roasted_kg: kgThresholdSetting('low_stock_roasted_g', LOW_STOCK_DEFAULTS.low_stock_roasted_kg, lowStockSettingsMessages.labels.low_stock_roasted_kg),
  low_stock_blend_kg: kgThresholdSetting('low_stock_blend_g', LOW_STOCK_DEFAULTS.low_stock_blend_kg, lowStockSettingsMessages.labels.low_stock_blend_kg),
  // The roast plan rounds each roast line to whole batches of this many kg of green (docs/product-guide.md#roast-plan).
  roaster_capacity_kg: roasterCapacitySetting('roaster_capacity_g'),
  // Formato regional (docs/product-guide.md#configuracion): how every amount is written; the defaults are the spec's look.
  currency_symbol: textSetting('currency_symbol', currencySymbolSchema, DEFAULT_REGIONAL_FORMAT.currency_symbol),
  currency_position: textSetting('currency_position', currencyPositionSchema, DEFAULT_REGIONAL_FORMAT.currency_position),
  decimal_separator: textSetting('decimal_separator', decimalSeparatorSchema, DEFAULT_REGIONAL_FORMAT.decimal_separator),
  // An imported shop order is due this many days after the shop took it (docs/product-guide.md#pedidos-de-la-tienda-online).
  shop_order_prep_days: daysSetting('shop_order_prep_days', 2, SHOP_PREP_DAYS_MAX, m.prepDaysInvalid(SHOP_PREP_DAYS_MAX)),
  // A roast's age (docs/decisions/0049-roast-age-and-public-page.md): 'En reposo' before `rest_days`,
  // 'Pasado de frescura' after `freshness_days`, 'Fresco' between.
  rest_days: daysSetting('rest_days', 0, REST_DAYS_MAX, m.restDaysInvalid(REST_DAYS_MAX)),
  freshness_days: daysSetting('freshness_days', 30, FRESHNESS_DAYS_MAX, m.freshnessDaysInvalid(FRESHNESS_DAYS_MAX)),
  // 'Página pública de trazabilidad': /c/<code> answers without signing in only while this is on (off by default).
  public_trace: switchSetting('public_trace', false, m.publicTraceInvalid),
  // Datos del negocio (docs/product-guide.md#configuracion): who roasted and sells the coffee, on bag labels and delivery notes.
  business_name: optionalTextSetting('business_name', BUSINESS_NAME_MAX, m.businessNameTooLong(BUSINESS_NAME_MAX)),
  business_address: optionalTextSetting('business_address', BUSINESS_ADDRESS_MAX, m.businessAddressTooLong(BUSINESS_ADDRESS_MAX)),
  sanitary_registration: optionalTextSetting('sanitary_registration', SANITARY_REGISTRATION_MAX, m.sanitaryRegistrationTooLong(SANITARY_REGISTRATION_MAX)),
  // Bag labels (docs/product-guide.md#etiquetas-de-bolsa): 'Consumir preferentemente antes del' is the roast date plus these months; the storage line.
  best_before_months: monthsSetting('best_before_months', 12),
  // 'Temperatura' (docs/decisions/0052-roast-metrics.md): every roast curve and its figures are shown in this unit, whatever the file's.
  temperature_unit: textSetting('temperature_unit', temperatureUnitSchema, DEFAULT_TEMPERATURE_UNIT),
  // Answered as a plain text: a response schema cannot transform (it trims on the way in).
  storage_text: { ...textSetting('storage_text', storageTextSchema, DEFAULT_STORAGE_TEXT), responseSchema: z.string() },
  // Perfil de referencia (docs/decisions/0053-reference-profile.md): Café Tostado flags a roast further than these from its product's reference.
  tolerance_first_crack_s: toleranceSetting('tolerance_first_crack_s', 1, 600),
  tolerance_dtr_pct: toleranceSetting('tolerance_dtr_pct', 2, 100),
  tolerance_drop_temp: toleranceSetting('tolerance_drop_temp', 1, 100),
  tolerance_total_time_s: toleranceSetting('tolerance_total_time_s', 1, 600),
  tolerance_weight_loss_pct: toleranceSetting('tolerance_weight_loss_pct', 2, 100),
} as const satisfies Record<string, SettingDefinition<unknown, unknown>>;

export type SettingName = keyof typeof settingDefinitions;
export const SETTING_NAMES = Object.keys(settingDefinitions) as SettingName[];


type ValueOf<Name extends SettingName> = (typeof settingDefinitions)[Name] extends SettingDefinition<infer Value, infer _Stored> ? Value : never;
/** Every setting with its value's type (a number, or a text setting's own type). */
export type Settings = { [Name in SettingName]: ValueOf<Name> };

/** GET /api/settings (and PUT's answer): every setting with its current value. */
export const settingsSchema = z.object(
  Object.fromEntries(SETTING_NAMES.map((name) => [name, settingDefinitions[name].responseSchema])) as {
    [Name in SettingName]: (typeof settingDefinitions)[Name]['responseSchema'];
  },
);

/**
 * Body of PUT /api/settings: any of the settings (a screen section saves only
 * its own), at least one, none unknown, each checked by its own schema.
 */
export const settingsBodySchema = z
  .strictObject(
    Object.fromEntries(SETTING_NAMES.map((name) => [name, settingDefinitions[name].apiSchema.optional()])) as {
      [Name in SettingName]: z.ZodOptional<(typeof settingDefinitions)[Name]['apiSchema']>;
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? m.unknownSetting : commonMessages.invalidRequest),
    },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.nothingToSave);
export type SettingsBody = z.output<typeof settingsBodySchema>;

/** A section of the Configuración screen: these settings, each required (as the full body's, docs/product-guide.md#configuracion). */
const sectionBodySchema = <Name extends SettingName>(...names: Name[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, settingDefinitions[name].apiSchema])) as { [N in Name]: (typeof settingDefinitions)[N]['apiSchema'] });

/** The default sale prices section of the Configuración screen: both prices required. */
export const defaultPricesBodySchema = sectionBodySchema('default_price_roasted', 'default_price_blend');
export type DefaultPricesBody = z.output<typeof defaultPricesBodySchema>;

/** The low-stock section of the Configuración screen: the three thresholds. */
export const lowStockBodySchema = sectionBodySchema('low_stock_green_kg', 'low_stock_roasted_kg', 'low_stock_blend_kg');
export type LowStockBody = z.output<typeof lowStockBodySchema>;

/** The roaster section of the Configuración screen: its capacity, empty for none. */
export const roasterBodySchema = sectionBodySchema('roaster_capacity_kg');
export type RoasterBody = z.output<typeof roasterBodySchema>;

/** The online shop section of the Configuración screen: the days to prepare an order. */
export const shopOrdersBodySchema = sectionBodySchema('shop_order_prep_days');
export type ShopOrdersBody = z.output<typeof shopOrdersBodySchema>;

/** The Datos del negocio section of the Configuración screen: the three texts, blank ones saved as none. */
export const businessBodySchema = sectionBodySchema('business_name', 'business_address', 'sanitary_registration');
export type BusinessBody = z.output<typeof businessBodySchema>;

/** The bag labels section of the Configuración screen: the best-before months and the storage line. */
export const bagLabelBodySchema = sectionBodySchema('best_before_months', 'storage_text');
export type BagLabelBody = z.output<typeof bagLabelBodySchema>;

/** The roast age section of the Configuración screen: 'Reposo' and 'Frescura', in days. */
export const freshnessBodySchema = sectionBodySchema('rest_days', 'freshness_days');
export type FreshnessBody = z.output<typeof freshnessBodySchema>;

/** The public page section of the Configuración screen: on or off. */
export const publicTraceBodySchema = sectionBodySchema('public_trace');
export type PublicTraceBody = z.output<typeof publicTraceBodySchema>;

/** The reference profile's tolerances section of the Configuración screen: the five, each empty for "not checked". */
export const tolerancesBodySchema = sectionBodySchema('tolerance_first_crack_s', 'tolerance_dtr_pct', 'tolerance_drop_temp', 'tolerance_total_time_s', 'tolerance_weight_loss_pct');
export type TolerancesBody = z.output<typeof tolerancesBodySchema>;
/** The 'Temperatura' section of the Configuración screen: °C or °F. */
export const temperatureUnitBodySchema = sectionBodySchema('temperature_unit');
export type TemperatureUnitBody = z.output<typeof temperatureUnitBodySchema>;

/** The regional format section of the Configuración screen: the three settings together. */
export const regionalFormatBodySchema = sectionBodySchema('currency_symbol', 'currency_position', 'decimal_separator');

/** The regional format inside the settings, as the formatter takes it. */
export const regionalFormatOf = (settings: RegionalFormat): RegionalFormat => ({
  currency_symbol: settings.currency_symbol,
  currency_position: settings.currency_position,
  decimal_separator: settings.decimal_separator,
});
