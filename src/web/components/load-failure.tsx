import { useEffect } from 'react';
import { PageError } from './page-error.js';

/** A failed load shows its full-page red message and is logged to the console (docs/product-guide.md#screens). */
export function LoadFailure({ message, error }: { message: string; error: unknown }) {
  useEffect(() => console.error(message, error), [message, error]);
  return <PageError message={message} />;
}
