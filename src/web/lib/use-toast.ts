import { createContext, useContext } from 'react';

/**
 * The green success toast's channel: a screen's hook or form shows a message
 * through it and <ToastProvider> (components/toast.tsx) draws it. It lives in
 * lib, under the components, so lib's screen hooks (useFormScreen, useDeleteRow)
 * can toast without importing a component (docs/architecture.md#layers-and-boundaries).
 */
export const ToastContext = createContext<((message: string) => void) | null>(null);

/** `const showToast = useToast(); showToast('Origen agregado con éxito.')` */
export function useToast(): (message: string) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast fuera de ToastProvider');
  return show;
}
