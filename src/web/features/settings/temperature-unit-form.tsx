import { useForm } from 'react-hook-form';
import { settingsMessages as m } from '#shared/settings-messages.js';
import type { Settings, TemperatureUnitBody } from '#shared/schemas/settings.js';
import { SelectField } from '#web/components/select-field.js';
import { formAlertMessage } from '#web/lib/form-feedback.js';
import { SettingsSectionCard } from './settings-section-card.js';
import { useSettingsSave } from './use-settings-save.js';

const UNIT_OPTIONS = [
  { value: 'C', label: 'Grados Celsius (°C)' },
  { value: 'F', label: 'Grados Fahrenheit (°F)' },
];

/**
 * 'Temperatura' (docs/decisions/0052-roast-metrics.md): the unit every roast curve, its figures
 * and its rate of rise are shown in, whatever the unit of the Artisan file; °C by default.
 */
export function TemperatureUnitForm({ settings, onFailure }: { settings: Settings; onFailure: (message: string, error: unknown) => void }) {
  const form = useForm<TemperatureUnitBody>({ defaultValues: { temperature_unit: settings.temperature_unit } });
  const { onSubmit, update } = useSettingsSave(form, { saved: m.temperatureUnitSaved, failed: m.saveError }, onFailure);
  return (
    <SettingsSectionCard
      id="temperature-unit-form"
      title={m.temperatureUnitLabel}
      note="La unidad en la que se muestran las curvas de tueste de Artisan, sus cifras y la velocidad de subida, sea cual sea la del archivo. Los archivos se guardan tal como se importaron."
      submitLabel="Guardar Temperatura"
      onSubmit={onSubmit}
      alert={formAlertMessage(form.formState.errors, ['temperature_unit'], m.temperatureUnitInvalid, update.error)}
      saving={update.isPending}
    >
      <SelectField id="temperature-unit" label="Unidad de temperatura" options={UNIT_OPTIONS} registration={form.register('temperature_unit')} />
    </SettingsSectionCard>
  );
}
