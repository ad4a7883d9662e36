import { useEffect } from 'react';
import { PageError } from './page-error.js';

/** Spec 8: a failed load shows its full-page red message and is logged to the console. */
export function LoadFailure({ message, error }: { message: string; error: unknown }) {
  useEffect(() => console.error(message, error), [message, error]);
  return <PageError message={message} />;
}
