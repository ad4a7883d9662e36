import { useForm } from 'react-hook-form';
import { settingsMessages as m } from '#shared/settings-messages.js';
import type { PublicTraceBody, Settings } from '#shared/schemas/settings.js';
import { formAlertMessage } from '#web/lib/form-feedback.js';
import { SettingsSectionCard } from './settings-section-card.js';
import { useSettingsSave } from './use-settings-save.js';

/**
 * 'Página pública de trazabilidad' (docs/decisions/0049-roast-age-and-public-page.md): off by default; on,
 * /c/<lote> shows the coffee drinker a lot's origin, farm, roast and age without signing in.
 */
export function PublicTraceForm({ settings, onFailure }: { settings: Settings; onFailure: (message: string, error: unknown) => void }) {
  const form = useForm<PublicTraceBody>({ defaultValues: { public_trace: settings.public_trace } });
  const { onSubmit, update } = useSettingsSave(form, { saved: m.publicTraceSaved, failed: m.saveError }, onFailure);
  return (
    <SettingsSectionCard
      id="public-trace-form"
      title="Página Pública de Trazabilidad"
      note={
        <>
          Activada, la dirección /c/ seguida del código de un lote tostado o de mezcla muestra, sin iniciar sesión, su origen, finca, tipo de tueste, fecha de tostado,
          reposo y frescura. Nada más: ni precios, ni costes, ni clientes, ni stock.
        </>
      }
      submitLabel="Guardar Página Pública"
      onSubmit={onSubmit}
      alert={formAlertMessage(form.formState.errors, ['public_trace'], m.publicTraceInvalid, update.error)}
      saving={update.isPending}
    >
      <div className="field field--wide field--check">
        <input id="public-trace" type="checkbox" {...form.register('public_trace')} />
        <label htmlFor="public-trace">Página pública de trazabilidad</label>
      </div>
    </SettingsSectionCard>
  );
}
