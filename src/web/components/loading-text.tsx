import { commonMessages } from '#shared/messages.js';

/** The text each screen shows while it fetches (docs/product-guide.md#screens). */
export function LoadingText({ text = commonMessages.loading }: { text?: string }) {
  return (
    <p className="loading-text" role="status" aria-live="polite">
      {text}
    </p>
  );
}
