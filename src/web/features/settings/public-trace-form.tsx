import { useForm } from 'react-hook-form';
import { settingsMessages as m } from '#shared/settings-messages.js';
import type { PublicTraceBody, Settings } from '#shared/schemas/settings.js';
import { FormCard } from '#web/components/form-card.js';
import { formAlertMessage, saveWithFeedback, useWriteKey } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { useToast } from '#web/lib/use-toast.js';
import { useUpdateSettings } from './api/update-settings.js';

/**
 * 'Página pública de trazabilidad' (docs/decisions/0049-roast-age-and-public-page.md): off by default; on,
 * /c/<lote> shows the coffee drinker a lot's origin, farm, roast and age without signing in.
 */
export function PublicTraceForm({ settings, onFailure }: { settings: Settings; onFailure: (message: string, error: unknown) => void }) {
  const showToast = useToast();
  const update = useUpdateSettings();
  const withKey = useWriteKey();
  const { register, handleSubmit, formState, reset, getValues } = useForm<PublicTraceBody>({ defaultValues: { public_trace: settings.public_trace } });
  useUnsavedInput(formState.isDirty);
  const onSubmit = handleSubmit((body) =>
    saveWithFeedback(() => withKey((key) => update.mutateAsync({ body, key })), { saved: m.publicTraceSaved, failed: m.saveError }, {
      onSaved: (message) => {
        reset(getValues());
        showToast(message);
      },
      onFailure,
    }),
  );
  return (
    <FormCard
      id="public-trace-form"
      title="Página Pública de Trazabilidad"
      onSubmit={onSubmit}
      note={
        <p className="prices-note">
          Activada, la dirección /c/ seguida del código de un lote tostado o de mezcla muestra, sin iniciar sesión, su origen, finca, tipo de tueste, fecha de tostado,
          reposo y frescura. Nada más: ni precios, ni costes, ni clientes, ni stock.
        </p>
      }
      alert={formAlertMessage(formState.errors, ['public_trace'], m.publicTraceInvalid, update.error)}
      actions={
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Guardar
          </button>
        </div>
      }
    >
      <div className="field field--wide settings-switch">
        <input id="public-trace" type="checkbox" {...register('public_trace')} />
        <label htmlFor="public-trace">Página pública de trazabilidad</label>
      </div>
    </FormCard>
  );
}
