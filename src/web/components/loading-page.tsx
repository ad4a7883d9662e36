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
