import { stockAlertMessages as m } from '#shared/stock-alert-messages.js';
import { type LowStockBody, lowStockBodySchema } from '#shared/schemas/settings.js';
import { SettingsForm, type SettingsFormSection, type SettingsSectionProps } from './settings-form.js';

/** The low-stock thresholds the home alert card uses (docs/product-guide.md#home), like the default prices form beside it. */
const LOW_STOCK: SettingsFormSection<keyof LowStockBody, LowStockBody> = {
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
  messages: { required: m.thresholdRequired, saved: m.thresholdsSaved, failed: m.thresholdsSaveError },
};

export function LowStockForm(props: SettingsSectionProps) {
  return <SettingsForm section={LOW_STOCK} {...props} />;
}
