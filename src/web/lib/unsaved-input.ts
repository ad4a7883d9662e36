import { useEffect, useId, useRef } from 'react';
import { useBlocker } from 'react-router';
import { commonMessages } from '#shared/messages.js';
import { confirmAction } from './confirm.js';

/**
 * The forms on screen that hold typed input not saved yet, each by its useId.
 * Module state, not React state: the guard reads it only when a navigation or
 * a tab close asks, and one guard serves every form (a router takes a single blocker).
 */
const unsavedForms = new Set<string>();

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
    return () => {
      unsavedForms.delete(id);
    };
  }, [id, unsaved]);
}

/**
 * Leaving a screen whose form holds unsaved input asks first
 * (docs/product-guide.md#leaving-a-form): a link of the bar or the header, 'Inicio' and
 * the browser's Back ask '¿Salir sin guardar? Se perderán los datos escritos.' with the
 * app's confirmation (confirm.ts); closing or reloading the tab gets the browser's own
 * question (a page cannot word it). Mounted once, in the layout.
 */
export function useLeaveGuard(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsavedForms.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, even when React runs the effect twice (StrictMode).
  const asked = useRef<unknown>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker) return;
    asked.current = blocker;
    if (confirmAction(commonMessages.leaveUnsaved)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsavedForms.size === 0) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}
