import './load-more.css';

export interface LoadMoreProps {
  /** How many rows are shown ('Se muestran 100 clientes.'). */
  shownText: string;
  /** Said after it once more than one page is in and none is left ('No hay más clientes.'). */
  allShownText: string;
  /** The button, and its text while the next page loads. */
  loadMoreText: string;
  loadingMoreText: string;
  /** TanStack's infinite query: whether a next page exists, is loading, how many are in, and how to ask for it. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  pages: number;
  fetchNextPage: () => unknown;
}

/**
 * Under a keyset-paged list (the activity log, Clientes): how many rows are shown, announced as
 * they grow, and 'Cargar más' while there is a next page.
 */
export function LoadMore({ shownText, allShownText, loadMoreText, loadingMoreText, hasNextPage, isFetchingNextPage, pages, fetchNextPage }: LoadMoreProps) {
  return (
    <div className="load-more">
      <p role="status" className="load-more__count">
        {!hasNextPage && pages > 1 ? `${shownText} ${allShownText}` : shownText}
      </p>
      {hasNextPage && (
        <button type="button" className="btn btn-secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? loadingMoreText : loadMoreText}
        </button>
      )}
    </div>
  );
}
