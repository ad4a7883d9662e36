import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ToastContext } from '#web/lib/use-toast.js';

/** The green success toast stays 3000 ms, at the bottom centre (docs/product-guide.md#business-constants). */
export const TOAST_DURATION_MS = 3000;

interface ToastState {
  id: number;
  message: string;
}

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
