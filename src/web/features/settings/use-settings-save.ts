import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { SettingsBody } from '#shared/schemas/settings.js';
import { saveWithFeedback, useWriteKey } from '#web/lib/form-feedback.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { useToast } from '#web/lib/use-toast.js';
import { useUpdateSettings } from './api/update-settings.js';

/**
 * The save of a section of Configuración (SettingsForm, TextSettingsForm, PublicTraceForm): only
 * the settings changed here since the section was loaded go in the PUT /api/settings, so one
 * another administrator saved meanwhile is not put back to what this screen showed
 * (docs/decisions/0038-record-versions.md); the green toast; and what was saved becomes the
 * section's starting point, so leaving asks nothing (docs/decisions/0041-field-messages-and-leave-guard.md).
 */
export function useSettingsSave<Values extends FieldValues, Body extends SettingsBody>(
  form: UseFormReturn<Values, unknown, Body>,
  messages: { saved: string; failed: string },
  onFailure: (message: string, error: unknown) => void,
) {
  const showToast = useToast();
  const update = useUpdateSettings();
  // The section stays on screen after a save: useWriteKey takes a new key for the next one.
  const withKey = useWriteKey();
  useUnsavedInput(form.formState.isDirty);
  // Read while rendering, so react-hook-form keeps it current.
  const dirtyFields: Partial<Record<string, unknown>> = form.formState.dirtyFields;
  const onSubmit = form.handleSubmit((body) => {
    const changed = Object.fromEntries(Object.entries(body).filter(([name]) => dirtyFields[name])) as SettingsBody;
    return saveWithFeedback(() => withKey((key) => update.mutateAsync({ body: changed, key })), messages, {
      onSaved: (message) => {
        form.reset(form.getValues());
        showToast(message);
      },
      onFailure,
    });
  });
  return { onSubmit, update };
}
