import type { FormEventHandler, ReactNode } from 'react';
import type { z } from 'zod';
import { FormCard } from '#web/components/form-card.js';

/** A section of Configuración that saves some settings: its texts, its inputs (`Field`, one per setting, in order) and the server's schema of its PUT /api/settings body. */
export interface SettingsSection<Field, Body> {
  /** The form's id (its title is `${id}-title`). */
  id: string;
  title: string;
  /** What the settings are for, under the title. */
  note: string;
  submitLabel: string;
  fields: readonly Field[];
  schema: z.ZodType<Body>;
  /** The form's one message while a field is wrong, and the toast or full-page message of the save. */
  messages: { required: string; saved: string; failed: string };
}

/**
 * The card a section of Configuración that saves settings is drawn in (SettingsForm,
 * TextSettingsForm, PublicTraceForm): its title and note, the form's one message, and its
 * save button, off while the save runs (useSettingsSave's `update`).
 */
export function SettingsSectionCard({ id, title, note, submitLabel, onSubmit, alert, saving, children }: {
  id: string;
  title: string;
  note: ReactNode;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  alert: string | null | undefined;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <FormCard
      id={id}
      title={title}
      onSubmit={onSubmit}
      note={<p className="prices-note">{note}</p>}
      alert={alert}
      actions={
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {submitLabel}
          </button>
        </div>
      }
    >
      {children}
    </FormCard>
  );
}
