import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** The green success toast stays 3000 ms, at the bottom centre (docs/product-guide.md#business-constants). */
export const TOAST_DURATION_MS = 3000;

interface ToastState {
  id: number;
  message: string;
}

const ToastContext = createContext<((message: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const showToast = useCallback((message: string) => setToast({ id: Date.now(), message }), []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => showToast, [showToast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Always in the DOM so screen readers announce each new message. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div key={toast.id} className="toast">
            {toast.message}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

/** `const showToast = useToast(); showToast('Origen agregado con éxito.')` */
export function useToast(): (message: string) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast fuera de ToastProvider');
  return show;
}
