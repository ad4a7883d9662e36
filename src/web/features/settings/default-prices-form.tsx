import { useForm } from 'react-hook-form';
import { settingsMessages as m } from '#shared/messages.js';
import { DEFAULT_PRICE_SETTINGS, type DefaultPricesBody, defaultPricesBodySchema, type Settings } from '#shared/schemas/settings.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { FormCard } from '#web/components/form-card.js';
import { useToast } from '#web/components/toast.js';
import { formAlertMessage, invalidFields, saveWithFeedback } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUpdateSettings } from './api/update-settings.js';

type PriceSetting = (typeof DEFAULT_PRICE_SETTINGS)[number];

/** What the inputs hold: text, as typed (prices load as text, docs/product-guide.md#screens). */
type PricesFormValues = Record<PriceSetting, string>;

const PRICE_FIELDS: readonly { name: PriceSetting; id: string; label: string }[] = [
  { name: 'default_price_roasted', id: 'price-roasted', label: 'Café Tostado ($/Kg)' },
  { name: 'default_price_blend', id: 'price-blend', label: 'Café Mezcla ($/Kg)' },
];

const toBody = (values: PricesFormValues) => ({
  default_price_roasted: numberOrMissing(values.default_price_roasted),
  default_price_blend: numberOrMissing(values.default_price_blend),
});

const resolver = schemaThenRulesResolver<PricesFormValues, DefaultPricesBody>(defaultPricesBodySchema, toBody, []);

/**
 * The default sale prices per kg the sales form prefills (the original app's
 * fixed 15 / 25, editable here). Price inputs step 0.01 (docs/product-guide.md#business-constants).
 */
export function DefaultPricesForm({ settings, onFailure }: {
  settings: Settings;
  /** A save that failed for a reason the user cannot fix here (full-page red message, docs/product-guide.md#screens). */
  onFailure: (message: string, error: unknown) => void;
}) {
  const showToast = useToast();
  const update = useUpdateSettings();
  const { register, handleSubmit, formState } = useForm<PricesFormValues, unknown, DefaultPricesBody>({
    resolver,
    defaultValues: {
      default_price_roasted: String(settings.default_price_roasted),
      default_price_blend: String(settings.default_price_blend),
    },
  });
  const alertMessage = formAlertMessage(formState.errors, DEFAULT_PRICE_SETTINGS, m.priceRequired, update.error);
  const invalid = invalidFields(formState.errors);

  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(() => update.mutateAsync(body), { saved: m.pricesSaved, failed: m.saveError }, { onSaved: showToast, onFailure }),
  );

  return (
    <FormCard
      id="prices-form"
      title="Precios de Venta por Defecto"
      onSubmit={onSubmit}
      note={<p className="prices-note">El formulario de ventas propone estos precios al elegir un producto.</p>}
      alert={alertMessage}
      actions={
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Guardar Precios
          </button>
        </div>
      }
    >
      {PRICE_FIELDS.map((field) => (
        <DecimalField key={field.name} id={field.id} label={field.label} kind="price" invalid={invalid(field.name)} registration={register(field.name)} />
      ))}
    </FormCard>
  );
}
