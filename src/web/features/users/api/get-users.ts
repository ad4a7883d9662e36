import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import { fetchAllPages } from '../../../lib/fetch-all-pages.js';

export const USERS_QUERY_KEY = ['users'] as const;

/** Every user, in the order they were added, following the API's pages to the end (a team's list fits in one or two). */
export const getUsers = () => fetchAllPages<User>('/users');

export const usersQueryOptions = queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: getUsers });

export const useUsers = () => useQuery(usersQueryOptions);
