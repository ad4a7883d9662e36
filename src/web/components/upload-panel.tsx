import { type ReactNode, useId } from 'react';
import { type FilePickerProps, FilePicker } from './file-picker.js';
import { FormAlert } from './form-alert.js';

/**
 * A card that imports files (docs/product-guide.md#csv, docs/product-guide.md#artisan-import): its
 * title, the file picker, the refusal of the files (<FormAlert>), what the panel shows of them
 * (`children`: progress, the preview), then the confirm and cancel buttons.
 */
export function UploadPanel({ title, picker, alert, confirm, cancelLabel, onCancel, children }: {
  title: string;
  picker: Omit<FilePickerProps, 'id'>;
  alert: string | null | undefined;
  /** The button that writes what the preview shows: its text, when it waits, what it does. */
  confirm: { label: ReactNode; disabled: boolean; onClick: () => void };
  cancelLabel: string;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      <FilePicker id={id} {...picker} />
      <FormAlert message={alert} />
      {children}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={confirm.disabled} onClick={confirm.onClick}>
          {confirm.label}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </section>
  );
}
