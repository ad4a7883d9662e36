import { useState } from 'react';
import { useFormat } from '#web/api/use-format.js';
import { formatDate, type Formatter } from '#shared/format.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { SaleBody } from '#shared/schemas/sales.js';
import { FormAlert } from '#web/components/form-alert.js';
import { useToast } from '#web/lib/use-toast.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { saveErrorOf } from '#web/lib/form-feedback.js';
import { forgetWrite, leftoverWrite } from '#web/lib/pending-write.js';
import { isUnconfirmed } from '#web/lib/write-request.js';
import { PENDING_SALE_STORAGE, useCreateSale } from './api/create-sale.js';

/** 'Lote T-CO · 2.50 Kg · 12/03/2024': enough for the person to recognise the sale they were sending. */
const saleSummary = (body: SaleBody, f: Formatter) => `Lote ${body.batch_code_sold} · ${f.kg(body.quantity_kg)} · ${formatDate(body.sale_date)}`;

/** What the banner says after a resend failed: the server's refusal, the unanswered send, or the area's save error. */
function resendFailure(error: unknown): string | undefined {
  if (error === null || isSessionLost(error)) return undefined;
  const shown = saveErrorOf(error, m.unconfirmed);
  return shown instanceof ApiError && (shown.isUserError || isUnconfirmed(shown)) ? shown.message : m.addError;
}

/**
 * A sale the page was sending when it was reloaded (its key and body wait in
 * sessionStorage until the answer, src/web/lib/pending-write.ts): 'Reenviar
 * venta' sends it again with the same key, so a sale the server had already
 * recorded comes back as that sale instead of a second one; 'Descartar' forgets
 * it (docs/architecture.md#the-web-side).
 */
export function PendingSaleBanner() {
  const f = useFormat();
  const [pending, setPending] = useState(() => leftoverWrite<SaleBody>(PENDING_SALE_STORAGE));
  const resend = useCreateSale();
  const showToast = useToast();
  if (!pending) return null;

  const send = async () => {
    try {
      await resend.mutateAsync(pending);
    } catch {
      return;
    }
    setPending(null);
    showToast(m.added);
  };
  const discard = () => {
    forgetWrite(PENDING_SALE_STORAGE);
    setPending(null);
  };

  return (
    <section className="card pending-sale" aria-labelledby="pending-sale-title">
      <h2 id="pending-sale-title" className="card__title">
        {m.pendingTitle}
      </h2>
      <p className="pending-sale__text">{m.pendingAfterReload(saleSummary(pending.body, f))}</p>
      <FormAlert message={resendFailure(resend.error)} />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={resend.isPending}>
          {m.resend}
        </button>
        <button type="button" className="btn btn-secondary" onClick={discard} disabled={resend.isPending}>
          {m.discard}
        </button>
      </div>
    </section>
  );
}
