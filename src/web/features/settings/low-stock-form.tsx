import { useForm } from 'react-hook-form';
import { traceabilityMessages as m } from '#shared/messages.js';
import { type LowStockBody, lowStockBodySchema, type Settings } from '#shared/schemas/settings.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { FormCard } from '#web/components/form-card.js';
import { useToast } from '#web/components/toast.js';
import { formAlertMessage, invalidFields, saveWithFeedback } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUpdateSettings } from './api/update-settings.js';

const LOW_STOCK_SETTINGS = ['low_stock_green_kg', 'low_stock_roasted_kg', 'low_stock_blend_kg'] as const;
type LowStockSetting = (typeof LOW_STOCK_SETTINGS)[number];
type LowStockFormValues = Record<LowStockSetting, string>;

const FIELDS: readonly { name: LowStockSetting; id: string; label: string }[] = [
  { name: 'low_stock_green_kg', id: 'low-stock-green', label: 'Café Verde por origen (Kg)' },
  { name: 'low_stock_roasted_kg', id: 'low-stock-roasted', label: 'Lote de Café Tostado (Kg)' },
  { name: 'low_stock_blend_kg', id: 'low-stock-blend', label: 'Lote de Café Mezcla (Kg)' },
];

const toBody = (values: LowStockFormValues) => ({
  low_stock_green_kg: numberOrMissing(values.low_stock_green_kg),
  low_stock_roasted_kg: numberOrMissing(values.low_stock_roasted_kg),
  low_stock_blend_kg: numberOrMissing(values.low_stock_blend_kg),
});

const resolver = schemaThenRulesResolver<LowStockFormValues, LowStockBody>(lowStockBodySchema, toBody, []);

/** The low-stock thresholds the home alert card uses (docs/product-guide.md#home), like the default prices form beside it. */
export function LowStockForm({ settings, onFailure }: { settings: Settings; onFailure: (message: string, error: unknown) => void }) {
  const showToast = useToast();
  const update = useUpdateSettings();
  const { register, handleSubmit, formState } = useForm<LowStockFormValues, unknown, LowStockBody>({
    resolver,
    defaultValues: {
      low_stock_green_kg: String(settings.low_stock_green_kg),
      low_stock_roasted_kg: String(settings.low_stock_roasted_kg),
      low_stock_blend_kg: String(settings.low_stock_blend_kg),
    },
  });
  const alertMessage = formAlertMessage(formState.errors, LOW_STOCK_SETTINGS, m.thresholdRequired, update.error);
  const invalid = invalidFields(formState.errors);
  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(() => update.mutateAsync(body), { saved: m.thresholdsSaved, failed: m.thresholdsSaveError }, { onSaved: showToast, onFailure }),
  );
  return (
    <FormCard
      id="low-stock-form"
      title="Umbrales de Stock Bajo"
      onSubmit={onSubmit}
      note={<p className="prices-note">La tarjeta de alertas del inicio avisa cuando el stock baja de estos kilos.</p>}
      alert={alertMessage}
      actions={
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Guardar Umbrales
          </button>
        </div>
      }
    >
      {FIELDS.map((field) => (
        <DecimalField key={field.name} id={field.id} label={field.label} kind="kg" invalid={invalid(field.name)} registration={register(field.name)} />
      ))}
    </FormCard>
  );
}
