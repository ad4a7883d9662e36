import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from './use-toast.js';
import { ApiError, apiRequest, isSessionLost } from './api-client.js';
import { mayLeave } from './unsaved-input.js';
import type { RecordRef } from './write-request.js';

/**
 * The state of a screen with a create/edit form above a table (docs/product-guide.md#screens):
 * which row is being edited, a key that remounts the form clean after each save,
 * and the save failure that replaces the screen with its red message.
 * The page renders `<XForm key={formKey} {...formProps} />`. `recordPath`
 * (`/sales`) is where the edited record is read again when a save answered
 * that someone else changed it (docs/decisions/0038-record-versions.md).
 */
export function useFormScreen<Row extends RecordRef>(recordPath: string) {
  const showToast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [saves, setSaves] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  /** A failed save shows a full-page red message and is logged to the console (docs/product-guide.md#screens). */
  const fail = (message: string, error: unknown) => {
    console.error(message, error);
    setFailure(message);
  };

  // The form remounts (formKey), taking the focused button or field with it, and a keyboard user
  // was left at the top of the page. Focus goes to the new form's submit button instead (not a
  // field: that would open a phone's keyboard after every save), once the new form is in the page.
  const refocusSubmit = useRef(false);
  const backToAddMode = () => {
    const active = document.activeElement;
    refocusSubmit.current = active === null || active === document.body || (formRef.current?.contains(active) ?? false);
    setEditing(null);
    setSaves((count) => count + 1);
  };

  /** Another row's 'Editar' replaces the form's input: it asks first when there is some (the same row keeps it). */
  const startEditing = (row: Row) => {
    const sameForm = editing?.id === row.id && editing.version === row.version;
    if (!sameForm && !mayLeave()) return;
    setEditing(row);
    // On a phone the form is a screen away: bring it into view with focus on its first control.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    });
  };

  /**
   * 'Recargar' after a 409 'Otro usuario modificó …': the record as it is now
   * fills the form (a new version is a new key, so the form remounts with it),
   * and the lists are read again. Until then the form keeps what was typed. A
   * record deleted meanwhile sends the form back to add mode with its message.
   */
  const reloadEditing = async () => {
    if (!editing) return;
    try {
      const fresh = await apiRequest<Row>('GET', `${recordPath}/${editing.id}`);
      setEditing(fresh);
      void queryClient.invalidateQueries();
    } catch (error) {
      if (isSessionLost(error)) return;
      if (error instanceof ApiError && error.status === 404) {
        backToAddMode();
        showToast(error.message);
        void queryClient.invalidateQueries();
        return;
      }
      fail(error instanceof ApiError ? error.message : String(error), error);
    }
  };

  /** 'Cancelar' empties the form: it asks first when there is typed input, and says whether it went ahead. */
  const cancel = (): boolean => {
    if (!mayLeave()) return false;
    backToAddMode();
    return true;
  };

  /** A new key for each edited row (and each version of it) and after every save or cancel, so the form remounts clean. */
  const formKey = editing ? `edit-${editing.id}-v${editing.version}` : `add-${saves}`;
  useEffect(() => {
    if (!refocusSubmit.current) return;
    refocusSubmit.current = false;
    formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [formKey]);

  const formProps: EntityFormProps<Row> = {
    editing,
    // A successful save goes back to add mode, with the green toast (docs/product-guide.md#screens).
    onSaved: (message) => {
      backToAddMode();
      showToast(message);
    },
    onCancel: cancel,
    onFailure: fail,
    onReload: () => void reloadEditing(),
  };

  return { editing, formKey, formProps, failure, fail, backToAddMode, cancel, startEditing, formRef };
}

/** What a screen gives its create/edit form (the page remounts the form, by key, when `editing` changes). */
export interface EntityFormProps<Row> {
  /** The row being edited, or null in add mode. */
  editing: Row | null;
  /** A successful save, with the area's toast text and the row as the server answered it. */
  onSaved: (message: string, saved?: Row) => void;
  onCancel: () => void;
  /** A save that failed for a reason the user cannot fix here (full-page red message). */
  onFailure: (message: string, error: unknown) => void;
  /** After a 409 'Otro usuario modificó …': reads the record again and refills the form with it (the 'Recargar' button). */
  onReload: () => void;
}
