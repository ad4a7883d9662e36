import { type ReactNode, useDeferredValue } from 'react';
import { LoadingText } from './loading-text.js';
import { Page } from './page.js';

/**
 * A form-and-table screen while its first data loads: the title and one
 * loading text, shown until the form's data and the first page of every table
 * are in. One placeholder per part, swapped one after the other as each query
 * answered, pushed the tables down (Lighthouse layout shift 0.27–0.57). The
 * paged lists keep their previous page while paging (keepPreviousData), so a
 * screen shows this once.
 */
export function LoadingPage({ title, text }: { title: string; text?: string }) {
  return (
    <Page title={title}>
      <LoadingText text={text} />
    </Page>
  );
}

/**
 * The same screen once its data is in: the same title and loading text (so
 * nothing moves) until `children` have rendered, which React does in a
 * background render (see <Deferred>).
 */
export function LoadedPage({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Page title={title}>
      <Deferred fallback={<LoadingText text={text} />}>{children}</Deferred>
    </Page>
  );
}

/**
 * Shows `fallback`, then `children` once React has rendered them in a
 * background render (docs/performance.md): data comes in through TanStack Query's
 * useSyncExternalStore, which React renders synchronously, so mounting a form
 * and its tables was one 150–240 ms task with Lighthouse's 4× slower CPU
 * (Total Blocking Time). A deferred value's render is a transition: React
 * yields to the browser every few milliseconds, and only the commit (inserting
 * the finished DOM) is one task.
 */
export function Deferred({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // On mount useDeferredValue returns the initial value (false) and schedules the render with `true`.
  return useDeferredValue(true, false) ? children : fallback;
}
