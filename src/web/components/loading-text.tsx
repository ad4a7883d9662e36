import { commonMessages } from '#shared/messages.js';

/** The text each screen shows while it fetches (spec section 2, "Common behaviour"). */
export function LoadingText({ text = commonMessages.loading }: { text?: string }) {
  return (
    <p className="loading-text" role="status" aria-live="polite">
      {text}
    </p>
  );
}
