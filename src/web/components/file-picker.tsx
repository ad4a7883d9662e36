import { type ReactNode, useState } from 'react';
import { Field } from './field.js';
import './file-picker.css';

export interface FilePickerProps {
  /** The input's id; its hint takes `${id}-hint`. */
  id: string;
  /** What the input is called: the field's label, or the button's text in a drop zone. */
  label: string;
  /** What the file must hold, read with the input (aria-describedby). */
  hint: ReactNode;
  /** The input's `accept`: the file types offered first ('.csv,text/csv', '.alog'). */
  accept: string;
  multiple?: boolean;
  /** The files chosen, or dropped on the drop zone. */
  onFiles: (files: FileList | null) => void;
  /**
   * A drop zone (`file-drop`, `file-drop--over` while files are dragged over it) that holds the
   * hint and a label that looks like a button, for a hidden input. The input lets go of its files
   * after each choice, so the same file chosen again comes again. Without it, the picker is a
   * labelled field of the form (<Field>).
   */
  dropZone?: boolean;
}

/**
 * The file input of an upload panel (docs/product-guide.md#csv, docs/product-guide.md#artisan-import):
 * its label tied to it, its hint read with it, and the keyboard's way in (Tab to the input or its
 * label-button, then Enter or Space) besides dropping files.
 */
export function FilePicker({ id, label, hint, accept, multiple, onFiles, dropZone }: FilePickerProps) {
  const [dragging, setDragging] = useState(false);
  if (!dropZone) {
    return (
      <div className="form-grid">
        <Field id={id} label={label} hint={hint} wide>
          {(control) => <input {...control} type="file" accept={accept} multiple={multiple} onChange={(event) => onFiles(event.target.files)} />}
        </Field>
      </div>
    );
  }
  return (
    <div
      className={dragging ? 'file-drop file-drop--over' : 'file-drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      <p id={`${id}-hint`}>{hint}</p>
      <label htmlFor={id} className="btn btn-secondary">
        {label}
      </label>
      <input
        id={id}
        className="sr-only"
        type="file"
        multiple={multiple}
        accept={accept}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
