import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { type Formatter } from '#shared/format.js';
import { useFormat } from '#web/api/use-format.js';
import type { SettingName, Settings, SettingsBody } from '#shared/schemas/settings.js';
import { DecimalField } from '#web/components/decimal-field.js';
import { formAlertMessage, invalidFields } from '#web/lib/form-feedback.js';
import { numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';
import { type SettingsSection, SettingsSectionCard } from './settings-section-card.js';
import { useSettingsSave } from './use-settings-save.js';

/** An optional setting left empty is null (none); any other text is read as a number, or missing. */
const optionalOrNumber = (text: string, optional = false): number | null | undefined => (optional && text.trim() === '' ? null : numberOrMissing(text));

/** What a section of Configuración takes from the page: the settings as loaded, and the full-page failure. */
interface SettingsSectionProps {
  settings: Settings;
  /** A save that failed for a reason the user cannot fix here: the full-page red message. */
  onFailure: (message: string, error: unknown) => void;
}

/**
 * A section of Configuración that edits some of the shop's number settings: one input per setting,
 * in order; an optional one may be left empty (saved as null). A label naming the currency
 * ('Café Tostado ($/Kg)') is made from the shop's format.
 */
export type SettingsFormSection<Name extends SettingName, Body> = SettingsSection<{ name: Name; id: string; label: string | ((f: Formatter) => string); optional?: boolean }, Body>;

/**
 * A section of Configuración (the default prices, the low-stock thresholds):
 * one decimal input per setting, loaded as text with the value the shop has,
 * checked with the server's schema and saved together (PUT /api/settings with
 * only these settings), with the green toast.
 */
export function SettingsForm<Name extends SettingName, Body extends SettingsBody>({
  section,
  settings,
  onFailure,
}: SettingsSectionProps & { section: SettingsFormSection<Name, Body> }) {
  // The inputs' text by setting name: a form holds what was typed, the schema decides what it means.
  type Values = Record<string, string>;
  const { id, title, note, submitLabel, fields, schema, messages } = section;
  const f = useFormat();
  const resolver = useMemo(
    () => schemaThenRulesResolver<Values, Body>(schema, (values) => Object.fromEntries(fields.map(({ name, optional }) => [name, optionalOrNumber(values[name] ?? '', optional)])), []),
    [schema, fields],
  );
  const form = useForm<Values, unknown, Body>({
    resolver,
    // In the shop's decimal separator, as the other prefilled inputs (parsing takes either).
    defaultValues: Object.fromEntries(fields.map(({ name }) => [name, settings[name] === null ? '' : f.plain(Number(settings[name]))])),
  });
  const { onSubmit, update } = useSettingsSave(form, messages, onFailure);
  const alertMessage = formAlertMessage(form.formState.errors, fields.map((field) => field.name), messages.required, update.error);
  const invalid = invalidFields(form.formState.errors, messages.required);

  return (
    <SettingsSectionCard id={id} title={title} note={note} submitLabel={submitLabel} onSubmit={onSubmit} alert={alertMessage} saving={update.isPending}>
      {fields.map((field) => (
        <DecimalField key={field.name} id={field.id} label={typeof field.label === 'string' ? field.label : field.label(f)} invalid={invalid(field.name)} registration={form.register(field.name)} />
      ))}
    </SettingsSectionCard>
  );
}
