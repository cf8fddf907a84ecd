import type { InAppNotification } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { inboxQuery, markNotificationsRead } from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useToken } from '../../hooks/use-token';
import type { ShownMap } from './inbox-logic';
import { getShown, markShown, subscribeShown } from './inbox-store';

/** The signed-in user's unread in-app notifications (polled; nothing when signed out). */
export function useInbox(): readonly InAppNotification[] {
  const token = useToken();
  return useQuery(inboxQuery(token)).data ?? NONE;
}
const NONE: readonly InAppNotification[] = [];

/** Which notifications this tab has shown (as a banner, or done with). */
export function useShown(): ShownMap {
  return useSyncExternalStore(subscribeShown, getShown, getShown);
}

/**
 * Done with these notifications: never shown again here, gone from the cached inbox at once, and
 * marked read on the server (a failure only means the next poll brings them back, still 'done').
 */
export function useMarkDone(): (ids: readonly string[]) => void {
  const queryClient = useQueryClient();
  const token = useToken();
  return useCallback(
    (all: readonly string[]) => {
      // Once each: what this tab is already done with was marked read then.
      const ids = all.filter((id) => getShown().get(id) !== 'done');
      if (ids.length === 0) return;
      markShown(ids, 'done');
      const gone = new Set(ids);
      queryClient.setQueryData<InAppNotification[]>(queryKeys.inbox(token), (list) =>
        list?.filter((n) => !gone.has(n.id)),
      );
      void markNotificationsRead([...ids]).catch(() => undefined);
    },
    [queryClient, token],
  );
}
