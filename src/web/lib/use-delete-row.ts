import { confirmAction } from './confirm.js';
import { useToast } from './use-toast.js';
import { ApiError, isSessionLost } from './api-client.js';
import { isUnconfirmed, type RecordRef } from './write-request.js';

export interface DeleteRowOptions<Row extends RecordRef> {
  /** The browser dialog's question (docs/product-guide.md#interface-texts). */
  confirmMessage: string;
  /** The green toast after the delete. */
  deletedMessage: string;
  /** The full-page red message when the delete fails (docs/product-guide.md#interface-texts). */
  failedMessage: string;
  /** The delete request (the area's delete mutation's `mutateAsync`), with the version the row was read at. */
  remove: (record: RecordRef) => Promise<unknown>;
  /** After a delete that happened: what else held the row lets go of it (a lot table's label selection). */
  onDeleted?: (row: Row) => void;
  /** From useFormScreen: the row in the form, the way back to add mode, and the full-page failure. */
  editing: Row | null;
  backToAddMode: () => void;
  fail: (message: string, error: unknown) => void;
  /** A paginated table: the rows on the page shown, its offset and size, and how to change page. */
  paging?: { rowsOnPage: number | undefined; offset: number; limit: number; setOffset: (offset: number) => void };
  /**
   * Where a refusal the user can fix (400/403/409/422) shows its server message.
   * Without it, a refusal is a failure like any other: `failedMessage`, full page.
   */
  onRefused?: (message: string) => void;
}

/**
 * A table row's delete (docs/product-guide.md#screens): the
 * browser confirmation, the request, back to add mode if that row was in the
 * form, the page before when the last row of a later page went, the toast. A
 * lost session (401) shows nothing here: the login screen comes back on its own.
 */
export function useDeleteRow<Row extends RecordRef>(options: DeleteRowOptions<Row>): (row: Row) => void {
  const showToast = useToast();
  const { confirmMessage, deletedMessage, failedMessage, remove, onDeleted, editing, backToAddMode, fail, paging, onRefused } = options;

  const deleteRow = async (row: Row) => {
    if (!confirmAction(confirmMessage)) return;
    try {
      // The row's version: a delete of a record someone changed since the table was read is refused (409).
      await remove({ id: row.id, version: row.version });
      onDeleted?.(row);
      if (editing?.id === row.id) backToAddMode();
      // The last row of a later page is gone: show the page before it.
      if (paging && paging.rowsOnPage === 1 && paging.offset > 0) paging.setOffset(Math.max(0, paging.offset - paging.limit));
      showToast(deletedMessage);
    } catch (error) {
      if (onRefused && error instanceof ApiError && error.isUserError) onRefused(error.message);
      // The row changed since the table was read (docs/decisions/0038-record-versions.md): say so, in the area's words.
      else if (error instanceof ApiError && error.code === 'version_conflict') fail(error.message, error);
      // A delete that got no answer may have happened: say so rather than that it failed (docs/architecture.md#the-web-side).
      else if (!isSessionLost(error)) fail(isUnconfirmed(error) ? (error as ApiError).message : failedMessage, error);
    }
  };

  return (row) => void deleteRow(row);
}
