import { lowStockSettingsMessages, settingsMessages } from '#shared/settings-messages.js';
import { TOLERANCE_LABELS, type TolerancesBody, tolerancesBodySchema, type DefaultPricesBody, defaultPricesBodySchema, type FreshnessBody, freshnessBodySchema, REST_DAYS_MAX, type LowStockBody, lowStockBodySchema, type RoasterBody, roasterBodySchema, SHOP_PREP_DAYS_MAX, type ShopOrdersBody, shopOrdersBodySchema } from '#shared/schemas/settings.js';
import type { SettingsFormSection } from './settings-form.js';

/**
 * The default sale prices per kg the sales form prefills, editable here
 * (docs/product-guide.md#business-constants). Price inputs step 0.01.
 */
export const DEFAULT_PRICES: SettingsFormSection<keyof DefaultPricesBody, DefaultPricesBody> = {
  id: 'prices-form',
  title: 'Precios de Venta por Defecto',
  note: 'El formulario de ventas propone estos precios al elegir un producto.',
  submitLabel: 'Guardar Precios',
  fields: [
    { name: 'default_price_roasted', id: 'price-roasted', label: (f) => `Café Tostado (${f.perKg})` },
    { name: 'default_price_blend', id: 'price-blend', label: (f) => `Café Mezcla (${f.perKg})` },
  ],
  schema: defaultPricesBodySchema,
  messages: { required: settingsMessages.priceRequired, saved: settingsMessages.pricesSaved, failed: settingsMessages.saveError },
};

/** The low-stock thresholds the home alert card uses (docs/product-guide.md#home), in a section like the default prices beside it. */
export const LOW_STOCK: SettingsFormSection<keyof LowStockBody, LowStockBody> = {
  id: 'low-stock-form',
  title: 'Umbrales de Stock Bajo',
  note: 'La tarjeta de alertas del inicio avisa cuando el stock baja de estos kilos.',
  submitLabel: 'Guardar Umbrales',
  fields: [
    { name: 'low_stock_green_kg', id: 'low-stock-green', label: lowStockSettingsMessages.labels.low_stock_green_kg },
    { name: 'low_stock_roasted_kg', id: 'low-stock-roasted', label: lowStockSettingsMessages.labels.low_stock_roasted_kg },
    { name: 'low_stock_blend_kg', id: 'low-stock-blend', label: lowStockSettingsMessages.labels.low_stock_blend_kg },
  ],
  schema: lowStockBodySchema,
  messages: { required: lowStockSettingsMessages.thresholdRequired, saved: lowStockSettingsMessages.thresholdsSaved, failed: lowStockSettingsMessages.thresholdsSaveError },
};

/** The roaster's batch size, optional: the roast plan rounds each roast to whole batches of it (docs/product-guide.md#roast-plan). */
export const ROASTER: SettingsFormSection<keyof RoasterBody, RoasterBody> = {
  id: 'roaster-form',
  title: 'Tostador',
  note: 'Opcional. Con ella, el Plan de Tueste redondea el café verde de cada tueste a cargas enteras del tostador y dice cuántas son.',
  submitLabel: 'Guardar Capacidad',
  fields: [{ name: 'roaster_capacity_kg', id: 'roaster-capacity', label: 'Capacidad del tostador (Kg de verde por tueste)', optional: true }],
  schema: roasterBodySchema,
  messages: { required: settingsMessages.capacityInvalid, saved: settingsMessages.capacitySaved, failed: settingsMessages.saveError },
};

/** The days an imported shop order has to be prepared: its due date is the shop's day plus these (docs/product-guide.md#pedidos-de-la-tienda-online). */
export const SHOP_ORDERS: SettingsFormSection<keyof ShopOrdersBody, ShopOrdersBody> = {
  id: 'shop-orders-form',
  title: 'Pedidos de la Tienda Online',
  note: 'Un pedido importado de la tienda se entrega el día del pedido más estos días (hoy, si ya pasaron).',
  submitLabel: 'Guardar Días',
  fields: [{ name: 'shop_order_prep_days', id: 'shop-prep-days', label: 'Días para preparar pedidos online' }],
  schema: shopOrdersBodySchema,
  messages: { required: settingsMessages.prepDaysInvalid(SHOP_PREP_DAYS_MAX), saved: settingsMessages.prepDaysSaved, failed: settingsMessages.saveError },
};

/** A roast's 'Reposo' and 'Frescura' in days: every table, the sale picker, Inicio and Reportes tell a lot's age by them (docs/decisions/0049-roast-age-and-public-page.md). */
export const FRESHNESS: SettingsFormSection<keyof FreshnessBody, FreshnessBody> = {
  id: 'freshness-form',
  title: 'Reposo y Frescura del Café Tostado',
  note: 'Un tueste está «En reposo» hasta cumplir los días de reposo, «Fresco» hasta los días de frescura y después «Pasado de frescura». Las ventas y los pedidos proponen primero el lote listo más antiguo.',
  submitLabel: 'Guardar Reposo y Frescura',
  fields: [
    { name: 'rest_days', id: 'rest-days', label: 'Reposo (días)' },
    { name: 'freshness_days', id: 'freshness-days', label: 'Frescura (días)' },
  ],
  schema: freshnessBodySchema,
  messages: { required: settingsMessages.restDaysInvalid(REST_DAYS_MAX), saved: settingsMessages.freshnessSaved, failed: settingsMessages.saveError },
};

/**
 * How far a roast may be from its product's reference profile before Café Tostado flags it
 * (docs/decisions/0053-reference-profile.md); each optional: left empty, that figure is not checked.
 */
export const TOLERANCES: SettingsFormSection<keyof TolerancesBody, TolerancesBody> = {
  id: 'tolerances-form',
  title: 'Tolerancias del Perfil de Referencia',
  note: 'Café Tostado marca el tueste que se aleja de la referencia de su origen y tipo de tueste más que estas cantidades, en un sentido u otro. Deja vacía la que no quieras comprobar; la temperatura va en la unidad de Temperatura.',
  submitLabel: 'Guardar Tolerancias',
  fields: [
    { name: 'tolerance_first_crack_s', id: 'tolerance-first-crack', label: TOLERANCE_LABELS.tolerance_first_crack_s, optional: true },
    { name: 'tolerance_dtr_pct', id: 'tolerance-dtr', label: TOLERANCE_LABELS.tolerance_dtr_pct, optional: true },
    { name: 'tolerance_drop_temp', id: 'tolerance-drop-temp', label: TOLERANCE_LABELS.tolerance_drop_temp, optional: true },
    { name: 'tolerance_total_time_s', id: 'tolerance-total-time', label: TOLERANCE_LABELS.tolerance_total_time_s, optional: true },
    { name: 'tolerance_weight_loss_pct', id: 'tolerance-weight-loss', label: TOLERANCE_LABELS.tolerance_weight_loss_pct, optional: true },
  ],
  schema: tolerancesBodySchema,
  messages: { required: settingsMessages.saveError, saved: settingsMessages.tolerancesSaved, failed: settingsMessages.saveError },
};
