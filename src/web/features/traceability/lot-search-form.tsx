import { type FormEvent, useState } from 'react';
import { readScannedText } from '#shared/lot-label.js';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import { scanMessages } from '#shared/scan-messages.js';
import { Field } from '#web/components/field.js';
import { SubmitActions } from '#web/components/form-actions.js';
import { FormCard } from '#web/components/form-card.js';
import { ScanButton } from '#web/components/scan/scan-button.js';
import type { ScanDialogProps } from '#web/components/scan/scan-dialog.js';

/**
 * Type or scan a lot code (green, roasted or blend). A scanner types the code,
 * or a label's whole address, and presses Enter, which submits the form like
 * the button; 'Escanear' reads a label with the camera
 * (docs/product-guide.md#scanning-labels).
 */
export function LotSearchForm({ initialCode, onSearch, onScan }: { initialCode: string; onSearch: (code: string) => void; onScan: ScanDialogProps['onCode'] }) {
  const [code, setCode] = useState(initialCode);
  const [alert, setAlert] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reading = readScannedText(code);
    if (reading.kind === 'empty') setAlert(m.codeRequired);
    // Another site's address, a Wi-Fi QR…: not something to look up.
    else if (reading.kind === 'foreign') setAlert(scanMessages.notOurLot);
    else {
      setAlert(null);
      setCode(reading.code);
      onSearch(reading.code);
    }
  };
  return (
    <FormCard
      id="lot-search"
      className="no-print"
      title="Buscar un lote"
      onSubmit={submit}
      alert={alert}
      actions={<SubmitActions label="Buscar" />}
    >
      <Field id="trace-code" label="Código de Lote" hint="Café verde, tostado o mezcla. También puedes escanearlo." invalid={alert !== null}>
        {(control) => (
          <div className="scan-row">
            <input {...control} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" spellCheck={false} />
            <ScanButton onCode={onScan} />
          </div>
        )}
      </Field>
    </FormCard>
  );
}
