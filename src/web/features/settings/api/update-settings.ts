import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { regionalFormatOf, type Settings, type SettingsBody } from '#shared/schemas/settings.js';
import { showRegionalFormat } from '#web/api/use-format.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite, type Keyed } from '#web/lib/write-request.js';

export const updateSettings = ({ body, key }: Keyed & { body: SettingsBody }) => apiWrite<Settings>('PUT', '/settings', body, key);

// The settings change (the sales form reads its default prices from the same key), and the
// low-stock thresholds decide what the home alert card lists (docs/product-guide.md#home).
// The regional format the answer holds replaces the session's, so every screen writes amounts in it at once
// (docs/decisions/0042-one-regional-formatter.md). Every roast curve is drawn in the 'Temperatura' unit
// (docs/decisions/0052-roast-metrics.md): an open one is read again in the new unit. The reference profile's
// tolerances decide which roasts Café Tostado flags (docs/decisions/0053-reference-profile.md): its list's pages
// and the comparisons too.
export const updateSettingsOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      showRegionalFormat(queryClient, regionalFormatOf(settings));
      return invalidate(queryClient, queryKeys.settings.all, queryKeys.traceability.stockAlerts, queryKeys.roastedCoffee.curves, queryKeys.roastedCoffee.pages, queryKeys.roastedCoffee.references);
    },
  });

export const useUpdateSettings = () => useMutation(updateSettingsOptions(useQueryClient()));
