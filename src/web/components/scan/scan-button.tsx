import { ScanLine } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { scanMessages as m } from '#shared/scan-messages.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import type { ScanDialogProps } from './scan-dialog.js';
import './scan.css';

// The dialog, its camera code and the fallback decoder load when it is first opened
// (docs/decisions/0030-scanning-labels.md): most visits never scan.
const ScanDialog = lazyNamed(() => import('./scan-dialog.js'), 'ScanDialog');

/**
 * 'Escanear' (docs/product-guide.md#scanning-labels): opens the camera dialog;
 * the lot code read goes to `onCode` (see ScanDialogProps). Focus returns to
 * the button when the dialog closes.
 */
export function ScanButton({ onCode }: Pick<ScanDialogProps, 'onCode'>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="btn btn-secondary scan-button" aria-label={m.buttonLabel} title={m.buttonLabel} onClick={() => setOpen(true)}>
        <ScanLine aria-hidden="true" size={18} />
        {m.button}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog
            onCode={onCode}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
