import { useEffect, useRef } from 'react';

/** The phone layout's breakpoint, as styles.css writes it (max-width: 767px). */
const PHONE_LAYOUT = '(max-width: 767px)';

/**
 * For the heading of a result that answers what the user just did (a lot scanned or searched for,
 * docs/product-guide.md#scanning-labels): once `shown`, the heading takes the focus, so a screen
 * reader reads it and Tab goes on from there (give it tabIndex={-1}), and on a phone, where the
 * search above it fills most of the first screen, it is scrolled to the top. On a wider screen
 * the result is already in view and nothing moves.
 */
export function useBringIntoView<Element extends HTMLElement>(shown: boolean) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    element.focus({ preventScroll: true });
    if (window.matchMedia(PHONE_LAYOUT).matches) element.scrollIntoView({ block: 'start' });
  }, [shown]);
  return ref;
}
