import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import {
  muteSession,
  NOTIFICATION_CALL_ERRORS,
  notificationPreferencesQuery,
} from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useToken } from '../../hooks/use-token';
import { useToast } from '../toast';
import { INBOX_UI } from './texts';

/**
 * 'Mute notifications' / 'Unmute notifications' for one session, for the signed-in viewer only
 * (PUT /api/notifications/mutes/:sessionId); the state comes from their preferences' mutedSessions.
 */
export function MuteToggle({ sessionId }: { sessionId: string }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const toast = useToast();
  const prefs = useQuery(notificationPreferencesQuery(token));
  const muted = prefs.data?.mutedSessions.includes(sessionId) ?? false;
  const mutation = useMutation({
    mutationFn: (next: boolean) => muteSession(sessionId, next),
    onSuccess: ({ muted: now }) => {
      queryClient.setQueryData(
        queryKeys.notificationPreferences(token),
        (old: typeof prefs.data) =>
          old
            ? {
                ...old,
                mutedSessions: now
                  ? [...old.mutedSessions.filter((id) => id !== sessionId), sessionId]
                  : old.mutedSessions.filter((id) => id !== sessionId),
              }
            : old,
      );
      toast.success(now ? INBOX_UI.muted : INBOX_UI.unmuted);
    },
    onError: (error) => toast.error(errorMessage(error, NOTIFICATION_CALL_ERRORS.muteFailed)),
  });
  if (!token || !prefs.data) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm inbox-mute-toggle"
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!muted)}
    >
      {muted ? INBOX_UI.unmute : INBOX_UI.mute}
    </button>
  );
}
