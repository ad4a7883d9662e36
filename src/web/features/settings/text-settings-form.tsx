import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { settingsMessages as m } from '#shared/settings-messages.js';
import { BEST_BEFORE_MONTHS_MAX } from '#shared/limits.js';
import { bagLabelBodySchema, businessBodySchema, type SettingName, type Settings, type SettingsBody } from '#shared/schemas/settings.js';
import { Field } from '#web/components/field.js';
import { formAlertMessage, invalidFields } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { type SettingsSection, SettingsSectionCard } from './settings-section-card.js';
import { useSettingsSave } from './use-settings-save.js';

/** One input of a text section: a line, several lines, or a whole number typed as text (parsed as the decimal inputs are). */
interface TextSettingField<Name extends SettingName> {
  name: Name;
  id: string;
  label: string;
  hint?: string;
  kind: 'line' | 'lines' | 'count';
}

/** A section of Configuración whose settings are texts (or a count beside them): Datos del negocio, Etiquetas de bolsa. */
export type TextSettingsSection<Name extends SettingName, Body> = SettingsSection<TextSettingField<Name>, Body>;

/**
 * 'Datos del negocio' (docs/product-guide.md#configuracion, administrators only): the trade name, the address
 * (its lines as they will print) and the optional sanitary registration. Bag labels and delivery notes print them.
 */
export const BUSINESS: TextSettingsSection<'business_name' | 'business_address' | 'sanitary_registration', z.output<typeof businessBodySchema>> = {
  id: 'business-form',
  title: 'Datos del negocio',
  note: 'Las etiquetas de bolsa y los albaranes imprimen estos datos. Deja vacío lo que no tengas.',
  submitLabel: 'Guardar Datos',
  fields: [
    { name: 'business_name', id: 'business-name', label: 'Nombre comercial', kind: 'line' },
    { name: 'business_address', id: 'business-address', label: 'Dirección', hint: 'Una línea por renglón, como se imprime.', kind: 'lines' },
    { name: 'sanitary_registration', id: 'sanitary-registration', label: 'Registro sanitario (opcional)', kind: 'line' },
  ],
  schema: businessBodySchema,
  messages: { required: m.businessTextInvalid, saved: m.businessSaved, failed: m.saveError },
};

/** 'Etiquetas de bolsa' (docs/product-guide.md#etiquetas-de-bolsa): the best-before months after the roast date and the storage line. */
export const BAG_LABELS: TextSettingsSection<'best_before_months' | 'storage_text', z.output<typeof bagLabelBodySchema>> = {
  id: 'bag-labels-form',
  title: 'Etiquetas de bolsa',
  note: 'La etiqueta de cada bolsa dice «Consumir preferentemente antes del» la fecha de tueste más estos meses, y la línea de conservación.',
  submitLabel: 'Guardar Etiquetas',
  fields: [
    { name: 'best_before_months', id: 'best-before-months', label: 'Consumo preferente (meses desde el tueste)', kind: 'count' },
    { name: 'storage_text', id: 'storage-text', label: 'Conservación', kind: 'line' },
  ],
  schema: bagLabelBodySchema,
  messages: { required: m.bestBeforeInvalid(BEST_BEFORE_MONTHS_MAX), saved: m.bagLabelSaved, failed: m.saveError },
};

/**
 * A text section of Configuración: the inputs loaded with the shop's values, checked with the
 * server's schema, and only the changed settings saved (PUT /api/settings), as SettingsForm does
 * for the number sections (docs/decisions/0038-record-versions.md).
 */
export function TextSettingsForm<Name extends SettingName, Body extends SettingsBody>({
  section,
  settings,
  onFailure,
}: {
  section: TextSettingsSection<Name, Body>;
  settings: Settings;
  onFailure: (message: string, error: unknown) => void;
}) {
  type Values = Record<string, string>;
  const { id, title, note, submitLabel, fields, schema, messages } = section;
  const resolver = useMemo(
    () =>
      schemaThenRulesResolver<Values, Body>(
        schema,
        (values) => Object.fromEntries(fields.map(({ name, kind }) => [name, kind === 'count' ? numberOrMissing(values[name] ?? '') : (values[name] ?? '')])),
        [],
      ),
    [schema, fields],
  );
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: Object.fromEntries(fields.map(({ name }) => [name, settings[name] === null ? '' : String(settings[name])])),
  });
  const { onSubmit, update } = useSettingsSave(form, messages, onFailure);
  const alertMessage = formAlertMessage(form.formState.errors, fields.map((field) => field.name), messages.required, update.error);
  const invalid = invalidFields(form.formState.errors, messages.required);

  return (
    <SettingsSectionCard id={id} title={title} note={note} submitLabel={submitLabel} onSubmit={onSubmit} alert={alertMessage} saving={update.isPending}>
      {fields.map((field) => (
        <Field key={field.name} id={field.id} label={field.label} hint={field.hint} wide={field.kind === 'lines'} invalid={invalid(field.name)} registration={form.register(field.name)}>
          {(control) =>
            field.kind === 'lines' ? (
              <textarea {...control} rows={3} />
            ) : (
              <input {...control} type="text" autoComplete="off" {...(field.kind === 'count' ? { inputMode: 'numeric' as const } : {})} />
            )
          }
        </Field>
      ))}
    </SettingsSectionCard>
  );
}
