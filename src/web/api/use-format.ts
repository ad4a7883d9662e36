import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_REGIONAL_FORMAT, type Formatter, type RegionalFormat, regionalFormatter } from '#shared/format.js';
import type { SessionAnswer } from '#shared/schemas/auth.js';
import { queryKeys } from './query-keys.js';
import { useSession } from './get-session.js';

/**
 * The one way a screen writes an amount: the formatter of the shop's regional
 * format, which came with the session (docs/decisions/0042-one-regional-formatter.md).
 * The defaults only where nobody is signed in (the login screen shows no amount).
 */
export function useFormat(): Formatter {
  const format = useSession().data?.format ?? DEFAULT_REGIONAL_FORMAT;
  // The same object across renders while the format stays, so tables' columns built from it are kept.
  return useMemo(() => regionalFormatter(format), [format]);
}

/** After an administrator saves the format: every screen subscribed to the session shows it at once. */
export function showRegionalFormat(queryClient: QueryClient, format: RegionalFormat): void {
  queryClient.setQueryData<SessionAnswer | null>(queryKeys.session, (session) => (session ? { ...session, format } : session));
}
