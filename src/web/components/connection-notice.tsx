import { useSyncExternalStore } from 'react';
import { connectionMessages } from '#shared/messages.js';
import { retryingWriteCount, subscribeRetryingWrites } from '../lib/api-client.js';

/**
 * 'Sin conexión: reintentando…' while a write waits to be sent again after a
 * lost connection (src/web/lib/write-request.ts). One live region for the whole
 * app, always in the DOM so screen readers announce the text when it appears.
 */
export function ConnectionNotice() {
  const retrying = useSyncExternalStore(subscribeRetryingWrites, retryingWriteCount) > 0;
  return (
    <div className="connection-region" role="status" aria-live="polite">
      {retrying && <p className="connection-notice">{connectionMessages.retrying}</p>}
    </div>
  );
}
