import { type QueryClient, type QueryKey, useMutation, type UseMutationOptions, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_SIZE, type PageParams } from './page-size.js';
import { type DeleteRowOptions, useDeleteRow } from './use-delete-row.js';
import { useFormScreen } from './use-form-screen.js';
import type { RecordRef } from './write-request.js';

/** A page of a list as the API answers it (`{items,total,limit,offset}`). */
export interface ListPage<Row> {
  items: Row[];
  total: number;
}

export interface ListPageOptions<Data extends ListPage<RecordRef>, Key extends QueryKey> {
  /** One page of the list: the area's query options (e.g. originsQueryOptions). */
  pageQuery: (page: PageParams) => UseQueryOptions<Data, Error, Data, Key>;
  /** A row's delete: the area's mutation options (e.g. deleteOriginOptions). */
  deleteMutation: (queryClient: QueryClient) => UseMutationOptions<void, Error, RecordRef>;
  /** Where one record is read again (`/sales` → GET /api/sales/:id): the edit form's 'Recargar' after a 409. */
  recordPath: string;
  /** The delete's browser question, its green toast and its full-page failure. */
  messages: Pick<DeleteRowOptions<Data['items'][number]>, 'confirmMessage' | 'deletedMessage' | 'failedMessage'>;
  /** After a row's delete: e.g. the lot leaves the table's label selection. */
  onDeleted?: DeleteRowOptions<Data['items'][number]>['onDeleted'];
}

/** What a table with edit and delete buttons takes from its screen (useListPage's `rowActions`, actionsColumn). */
export interface RowActionHandlers<Row> {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** While a delete is under way the delete buttons wait. */
  busy: boolean;
}

/**
 * A screen with a create/edit form above a paginated table of what it
 * registered: the page shown (PAGE_SIZE rows from `offset`), the form's state
 * (useFormScreen) and the row delete (useDeleteRow: confirm, toast, back to the
 * page before when the last row of a later page goes).
 *
 * The page renders `<XForm key={formKey} {...formProps} />` in `formRef`,
 * `<XTable rows={list.data.items} {...rowActions} />` and
 * `<Pager total={list.data.total} {...paging} />`.
 */
export function useListPage<Data extends ListPage<RecordRef>, Key extends QueryKey>({ pageQuery, deleteMutation, recordPath, messages, onDeleted }: ListPageOptions<Data, Key>) {
  type Row = Data['items'][number];
  const [offset, setOffset] = useState(0);
  const list = useQuery(pageQuery({ limit: PAGE_SIZE, offset }));
  const remove = useMutation(deleteMutation(useQueryClient()));
  const screen = useFormScreen<Row>(recordPath);
  const onDelete = useDeleteRow<Row>({
    ...messages,
    remove: remove.mutateAsync,
    onDeleted,
    editing: screen.editing,
    backToAddMode: screen.backToAddMode,
    fail: screen.fail,
    paging: { rowsOnPage: list.data?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });
  return {
    ...screen,
    list,
    /** What the table takes for its edit and delete buttons. */
    rowActions: { busy: remove.isPending, onEdit: screen.startEditing, onDelete } satisfies RowActionHandlers<Row>,
    /** What <Pager> takes besides `total` and `label`. */
    paging: { limit: PAGE_SIZE, offset, onChange: setOffset },
  };
}
