import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { activityMessages as m } from '#shared/activity-messages.js';
import { useUsers } from '#web/api/get-users.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadMore } from '#web/components/load-more.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { LoadingText } from '#web/components/loading-text.js';
import { loadFailed } from '#web/lib/api-client.js';
import { activitySearchParams, readActivityFilters } from './activity-filters.js';
import { ActivityFilterForm } from './activity-filter-form.js';
import { ActivityList } from './activity-list.js';
import { useActivity } from './api/get-activity.js';
import './activity.css';

/**
 * /actividad, 'Registro de Actividad' (docs/product-guide.md#actividad): every change and
 * sign-in, newest first, filtered by user, area, action and days (kept in the URL), with
 * 'Cargar más' for older entries and the CSV of the whole filter. Administrators only: the
 * router sends a tecnico to / and the API answers them 403.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readActivityFilters(params), [params]);
  const users = useUsers();
  const activity = useActivity(filters);

  if (loadFailed(users)) return <LoadFailure message={m.loadError} error={users.error} />;
  if (loadFailed(activity)) return <LoadFailure message={m.loadError} error={activity.error} />;
  if (!users.data || !activity.data) return <LoadingPage title={m.title} text={m.loading} />;

  const entries = activity.data.pages.flatMap((page) => page.items);
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <ActivityFilterForm filters={filters} users={users.data} onChange={(next) => setParams(activitySearchParams(next))} />
      <ListCard id="activity" title="Entradas" exportPath="/activity/export.csv" exportQuery={filters}>
        {activity.isPlaceholderData ? (
          <LoadingText text={m.loading} />
        ) : entries.length === 0 ? (
          <p className="empty-text">{m.empty}</p>
        ) : (
          <>
            <ActivityList entries={entries} />
            <LoadMore list={activity} count={entries.length} texts={m} />
          </>
        )}
      </ListCard>
    </LoadedPage>
  );
}
