import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type RegionalFormat, regionalFormatter } from '#shared/format.js';
import { settingsMessages as m } from '#shared/settings-messages.js';
import { regionalFormatBodySchema, regionalFormatOf, type Settings } from '#shared/schemas/settings.js';
import { Field } from '#web/components/field.js';
import { FormCard } from '#web/components/form-card.js';
import { SelectField } from '#web/components/select-field.js';
import { useFormat } from '#web/api/use-format.js';
import { formAlertMessage, invalidFields, saveWithFeedback, useWriteKey } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { useToast } from '#web/lib/use-toast.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { useUpdateSettings } from './api/update-settings.js';

const FIELDS = ['currency_symbol', 'currency_position', 'decimal_separator'] as const;

const POSITION_OPTIONS = [
  { value: 'before', label: 'Antes del importe ($20.14)' },
  { value: 'after', label: 'Después del importe (20.14 €)' },
];
const SEPARATOR_OPTIONS = [
  { value: '.', label: 'Punto (20.14)' },
  { value: ',', label: 'Coma (20,14)' },
];

/** The example amounts of the live example: what a price and a lot's kilos will read like. */
const EXAMPLE = { money: 20.14, kg: 69.5 };

/**
 * 'Formato regional' (docs/product-guide.md#configuracion): the currency symbol, its side and the
 * decimal separator every screen, message, CSV header and label writes amounts with, and a live
 * example of the choice. A save shows everywhere at once: the session's format is replaced
 * (update-settings.ts), and every screen reads it through useFormat.
 */
export function RegionalFormatForm({ settings, onFailure }: { settings: Settings; onFailure: (message: string, error: unknown) => void }) {
  const showToast = useToast();
  const update = useUpdateSettings();
  const withKey = useWriteKey();
  const current = useFormat();
  const resolver = useMemo(() => schemaThenRulesResolver<RegionalFormat, RegionalFormat>(regionalFormatBodySchema, (values) => values, []), []);
  const { register, handleSubmit, formState, control } = useForm<RegionalFormat, unknown, RegionalFormat>({ resolver, defaultValues: regionalFormatOf(settings) });
  const alertMessage = formAlertMessage(formState.errors, FIELDS, m.currencySymbolRequired, update.error);
  const invalid = invalidFields(formState.errors, m.currencySymbolRequired);
  useUnsavedInput(formState.isDirty);
  const typed = useWatch({ control });
  // The example follows what is typed while it is a valid choice; else it keeps the shop's format.
  const chosen = regionalFormatBodySchema.safeParse(typed);
  const example = chosen.success ? regionalFormatter(chosen.data) : current;
  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(() => withKey((key) => update.mutateAsync({ body, key })), { saved: m.formatSaved, failed: m.saveError }, { onSaved: showToast, onFailure }),
  );

  return (
    <FormCard
      id="regional-format-form"
      title="Formato regional"
      onSubmit={onSubmit}
      note={<p className="prices-note">Cómo se escriben los importes y los kilos en todas las pantallas, mensajes, CSV y etiquetas.</p>}
      alert={alertMessage}
      actions={
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Guardar Formato
          </button>
        </div>
      }
    >
      <Field id="currency-symbol" label="Símbolo de la moneda" hint="Hasta 3 caracteres: $, €, US$…" invalid={invalid('currency_symbol')} registration={register('currency_symbol')}>
        {(field) => <input {...field} autoComplete="off" spellCheck={false} />}
      </Field>
      <SelectField id="currency-position" label="Posición del símbolo" invalid={invalid('currency_position')} options={POSITION_OPTIONS} registration={register('currency_position')} />
      <SelectField id="decimal-separator" label="Separador decimal" invalid={invalid('decimal_separator')} options={SEPARATOR_OPTIONS} registration={register('decimal_separator')} />
      <p className="regional-format__example" aria-live="polite">
        {m.formatExample(example.money(EXAMPLE.money), example.kg(EXAMPLE.kg))}
      </p>
    </FormCard>
  );
}
