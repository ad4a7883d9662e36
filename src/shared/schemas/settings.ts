import { z } from 'zod';
import { commonMessages } from '#shared/messages.js';
import { settingsMessages as m } from '#shared/settings-messages.js';
import { stockAlertMessages } from '#shared/stock-alert-messages.js';
import { centsToPrice, gramsToKg, KG_DECIMALS, kgToGrams, PRICE_DECIMALS, priceToCents } from '#shared/units.js';
import { notANumber } from '#shared/message-parts.js';
import { decimalSchema } from './common.js';

/**
 * The typed settings area (Configuración). Each setting has an API name, the
 * key of its row in the `settings` table, the zod schema of its API value, how
 * that value is stored (JSON of an integer: cents, grams…) and its default,
 * used while no administrator has saved it. Adding a setting (say, a low-stock
 * threshold in kg) is one line in `settingDefinitions`: the API, the table and
 * the defaults follow.
 */
export interface SettingDefinition {
  /** Row key in the `settings` table. */
  key: string;
  /** The API value's schema (what PUT accepts and the form validates). */
  apiSchema: z.ZodType<number>;
  /** Stored (integer) value → API value. */
  toApi(stored: number): number;
  /** API value → stored (integer) value. */
  toStored(api: number): number;
  /** Stored value used while the row does not exist. */
  defaultStored: number;
}

/** The most a default price may be (ours), the same ceiling as a green lot's unit price. */
export const DEFAULT_PRICE_MAX = 1_000_000;

/** A price per kg: at most 2 decimals, not negative, stored as integer cents (docs/product-guide.md#business-constants). */
const priceSetting = (key: string, defaultCents: number, label: string): SettingDefinition => ({
  key,
  apiSchema: decimalSchema(PRICE_DECIMALS, m.priceRequired, notANumber(label))
    .refine((price) => price >= 0, m.priceNegative)
    .refine((price) => price <= DEFAULT_PRICE_MAX, m.priceTooLarge(DEFAULT_PRICE_MAX)),
  toApi: centsToPrice,
  toStored: priceToCents,
  defaultStored: defaultCents,
});

/** The most a low-stock threshold may be (ours): 100 t, far above any small roaster's stock. */
export const LOW_STOCK_MAX_KG = 100_000;

/** A low-stock threshold in kg (docs/product-guide.md#home): at most 3 decimals, not negative, stored as integer grams. */
const kgThresholdSetting = (key: string, defaultKg: number, label: string): SettingDefinition => ({
  key,
  apiSchema: decimalSchema(KG_DECIMALS, stockAlertMessages.thresholdRequired, notANumber(label))
    .refine((kg) => kg >= 0, stockAlertMessages.thresholdNegative)
    .refine((kg) => kg <= LOW_STOCK_MAX_KG, stockAlertMessages.thresholdTooLarge(LOW_STOCK_MAX_KG)),
  toApi: gramsToKg,
  toStored: kgToGrams,
  defaultStored: kgToGrams(defaultKg),
});

/** The thresholds' defaults: a bag of green per origin (60 kg), 5 kg of a roasted lot or a blend. */
export const LOW_STOCK_DEFAULTS = { low_stock_green_kg: 60, low_stock_roasted_kg: 5, low_stock_blend_kg: 5 } as const;

export const settingDefinitions = {
  // The original app's fixed sale prices, 15 per kg for roasted coffee and 25 per kg
  // for blends, kept as the defaults the sales form prefills (docs/product-guide.md#business-constants).
  default_price_roasted: priceSetting('default_price_roasted_cents', 1500, m.labels.default_price_roasted),
  default_price_blend: priceSetting('default_price_blend_cents', 2500, m.labels.default_price_blend),
  // Low stock (docs/product-guide.md#home): the home alert card lists origins whose green stock, and
  // roasted lots and blends whose stock, is under these.
  low_stock_green_kg: kgThresholdSetting('low_stock_green_g', LOW_STOCK_DEFAULTS.low_stock_green_kg, stockAlertMessages.labels.low_stock_green_kg),
  low_stock_roasted_kg: kgThresholdSetting('low_stock_roasted_g', LOW_STOCK_DEFAULTS.low_stock_roasted_kg, stockAlertMessages.labels.low_stock_roasted_kg),
  low_stock_blend_kg: kgThresholdSetting('low_stock_blend_g', LOW_STOCK_DEFAULTS.low_stock_blend_kg, stockAlertMessages.labels.low_stock_blend_kg),
} as const satisfies Record<string, SettingDefinition>;

export type SettingName = keyof typeof settingDefinitions;
export const SETTING_NAMES = Object.keys(settingDefinitions) as SettingName[];

const shapeOf = <T extends z.ZodType>(schemaOf: (definition: SettingDefinition) => T) =>
  Object.fromEntries(SETTING_NAMES.map((name) => [name, schemaOf(settingDefinitions[name])])) as Record<SettingName, T>;

/** GET /api/settings (and PUT's answer): every setting with its current value. */
export const settingsSchema = z.object(shapeOf(() => z.number()));
export type Settings = z.infer<typeof settingsSchema>;

/**
 * Body of PUT /api/settings: any of the settings (a screen section saves only
 * its own), at least one, none unknown, each checked by its own schema.
 */
export const settingsBodySchema = z
  .strictObject(shapeOf((definition) => definition.apiSchema.optional()), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? m.unknownSetting : commonMessages.invalidRequest),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.nothingToSave);
export type SettingsBody = z.output<typeof settingsBodySchema>;

/** The default sale prices section of the Configuración screen: both prices required. */
export const defaultPricesBodySchema = z.object({
  default_price_roasted: settingDefinitions.default_price_roasted.apiSchema,
  default_price_blend: settingDefinitions.default_price_blend.apiSchema,
});
export type DefaultPricesBody = z.output<typeof defaultPricesBodySchema>;

/** The low-stock section of the Configuración screen: the three thresholds. */
export const lowStockBodySchema = z.object({
  low_stock_green_kg: settingDefinitions.low_stock_green_kg.apiSchema,
  low_stock_roasted_kg: settingDefinitions.low_stock_roasted_kg.apiSchema,
  low_stock_blend_kg: settingDefinitions.low_stock_blend_kg.apiSchema,
});
export type LowStockBody = z.output<typeof lowStockBodySchema>;
