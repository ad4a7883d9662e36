import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserItem } from '#shared/schemas/users.js';
import { fetchAllPages } from '#web/lib/fetch-all-pages.js';
import { queryKeys } from './query-keys.js';

/**
 * Every user, in the order they were added, following the API's pages to the end (a team's list fits in one or two):
 * Gestión de Usuarios' table and the activity log's user filter share this one request and its cache.
 */
export const getUsers = () => fetchAllPages<UserItem>('/users');

export const usersQueryOptions = queryOptions({ queryKey: queryKeys.users.all, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions);
