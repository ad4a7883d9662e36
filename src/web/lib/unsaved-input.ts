import { useEffect, useId } from 'react';
import { commonMessages } from '#shared/messages.js';
import { confirmAction } from './confirm.js';

/**
 * The forms on screen that hold typed input not saved yet, each by its useId.
 * Module state, not React state: the guard reads it only when a navigation or
 * a tab close asks, and one guard serves every form (a router takes a single blocker).
 */
const unsavedForms = new Set<string>();

/** React Router's position in the tab's history (its `history.state.idx`), to tell Back from Forward. */
const historyIndex = (): number => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
};
/** The history position of the screen holding the input. */
let shownIndex = 0;

/**
 * A form says whether it holds unsaved input (react-hook-form's `formState.isDirty`:
 * typed and different from what it opened with). A successful save remounts the
 * form clean (useFormScreen's key), so it no longer counts.
 */
export function useUnsavedInput(unsaved: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms.add(id);
    screenWithInput = window.location.pathname;
    shownIndex = historyIndex();
    return () => {
      unsavedForms.delete(id);
    };
  }, [id, unsaved]);
}

/** Where the unsaved input was typed: a move within that screen (its query) is no leaving. */
let screenWithInput = '';

/**
 * Whether what is about to drop the typed input may go ahead: at once when no form holds any,
 * otherwise as the person answers '¿Salir sin guardar? Se perderán los datos escritos.'. The one
 * question for every way out: a link, Back, 'Cerrar Sesión', a form's 'Cancelar', another row's
 * 'Editar' (docs/decisions/0041-field-messages-and-leave-guard.md). It counts every form on the
 * screen, not only the one the action empties.
 */
export const mayLeave = (): boolean => unsavedForms.size === 0 || confirmAction(commonMessages.leaveUnsaved);

/** A click that would take a same-window link of the app to another screen. */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname;
}

/**
 * Leaving a screen whose form holds unsaved input asks first
 * (docs/product-guide.md#leaving-a-form): a link of the bar or the header, 'Inicio' and
 * the browser's Back ask '¿Salir sin guardar? Se perderán los datos escritos.' with the
 * app's confirmation (confirm.ts); closing or reloading the tab gets the browser's own
 * question (a page cannot word it). Installed once, before the app renders.
 *
 * Without a data router (React Router's useBlocker needs one, and createBrowserRouter
 * costs login + home some 15 KB of the JavaScript budget, docs/performance.md): a link's
 * click is asked about in the capture phase, before React Router's Link sees it (a
 * prevented click is left alone by it); Back is asked about in a `popstate` listener added
 * before the router's own, which, on "stay", the router never hears, and the entry
 * left is gone back to (its own `popstate` swallowed too).
 */
export function installLeaveGuard(): void {
  let restoring = false;
  document.addEventListener(
    'click',
    (event) => {
      if (unsavedForms.size === 0 || !leavingLink(event) || mayLeave()) return;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  window.addEventListener('popstate', (event) => {
    if (restoring) {
      restoring = false;
      event.stopImmediatePropagation();
      return;
    }
    if (unsavedForms.size === 0 || window.location.pathname === screenWithInput || mayLeave()) return;
    event.stopImmediatePropagation();
    restoring = true;
    // Back took one step (Forward the other way): one step the other way puts the screen's entry back.
    window.history.go(historyIndex() < shownIndex ? 1 : -1);
  });
  window.addEventListener('beforeunload', (event) => {
    if (unsavedForms.size === 0) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  });
}
