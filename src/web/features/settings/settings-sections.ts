import { settingsMessages } from '#shared/settings-messages.js';
import { stockAlertMessages } from '#shared/stock-alert-messages.js';
import { type DefaultPricesBody, defaultPricesBodySchema, type LowStockBody, lowStockBodySchema } from '#shared/schemas/settings.js';
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
    { name: 'low_stock_green_kg', id: 'low-stock-green', label: 'Café Verde por origen (Kg)' },
    { name: 'low_stock_roasted_kg', id: 'low-stock-roasted', label: 'Lote de Café Tostado (Kg)' },
    { name: 'low_stock_blend_kg', id: 'low-stock-blend', label: 'Lote de Café Mezcla (Kg)' },
  ],
  schema: lowStockBodySchema,
  messages: { required: stockAlertMessages.thresholdRequired, saved: stockAlertMessages.thresholdsSaved, failed: stockAlertMessages.thresholdsSaveError },
};
