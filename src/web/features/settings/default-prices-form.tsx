import { settingsMessages as m } from '#shared/settings-messages.js';
import { type DefaultPricesBody, defaultPricesBodySchema } from '#shared/schemas/settings.js';
import { SettingsForm, type SettingsFormSection, type SettingsSectionProps } from './settings-form.js';

/**
 * The default sale prices per kg the sales form prefills, editable here
 * (docs/product-guide.md#business-constants). Price inputs step 0.01.
 */
const DEFAULT_PRICES: SettingsFormSection<keyof DefaultPricesBody, DefaultPricesBody> = {
  id: 'prices-form',
  title: 'Precios de Venta por Defecto',
  note: 'El formulario de ventas propone estos precios al elegir un producto.',
  submitLabel: 'Guardar Precios',
  fields: [
    { name: 'default_price_roasted', id: 'price-roasted', label: 'Café Tostado ($/Kg)' },
    { name: 'default_price_blend', id: 'price-blend', label: 'Café Mezcla ($/Kg)' },
  ],
  schema: defaultPricesBodySchema,
  messages: { required: m.priceRequired, saved: m.pricesSaved, failed: m.saveError },
};

export function DefaultPricesForm(props: SettingsSectionProps) {
  return <SettingsForm section={DEFAULT_PRICES} {...props} />;
}
