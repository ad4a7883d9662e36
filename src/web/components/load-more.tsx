import './load-more.css';

/** The texts of a list's 'Cargar más', from its area's messages ('Se muestran 100 clientes.', 'No hay más clientes.'…). */
export interface LoadMoreTexts {
  shown: (count: number) => string;
  /** Said after it once more than one page is in and none is left. */
  allShown: string;
  /** The button, and its text while the next page loads. */
  loadMore: string;
  loadingMore: string;
}

/** What LoadMore reads of TanStack's infinite query: whether a next page exists, is loading, how many are in, and how to ask for it. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  data: { pages: readonly unknown[] } | undefined;
  fetchNextPage: () => unknown;
}

/**
 * Under a keyset-paged list (the activity log, Clientes, Pedidos): how many rows are shown
 * (`count`), announced as they grow, and 'Cargar más' while there is a next page.
 */
export function LoadMore({ list, count, texts }: { list: PagedList; count: number; texts: LoadMoreTexts }) {
  const pages = list.data?.pages.length ?? 0;
  return (
    <div className="load-more">
      <p role="status" className="load-more__count">
        {!list.hasNextPage && pages > 1 ? `${texts.shown(count)} ${texts.allShown}` : texts.shown(count)}
      </p>
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
        </button>
      )}
    </div>
  );
}
