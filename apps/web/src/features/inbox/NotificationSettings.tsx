import { NOTIFICATION_TOPICS, type NotificationPreferences } from '@oneeta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  NOTIFICATION_CALL_ERRORS,
  notificationPreferencesQuery,
  saveNotificationPreferences,
} from '../../api/notifications';
import { queryKeys } from '../../api/query-keys';
import { useToken } from '../../hooks/use-token';
import { useToast } from '../toast';
import { CHANNELS, samePreferences, withChoice } from './preferences';
import { INBOX_UI } from './texts';
import './inbox.css';

const CHANNEL_LABEL = { push: INBOX_UI.push, inApp: INBOX_UI.inApp } as const;

/**
 * The profile's 'Notifications' section (issue 15): for 'Time to leave', 'Someone is late' and
 * 'Someone arrived', a Push and an In-app checkbox; saved with PUT /api/notifications/preferences.
 */
export function NotificationSettings() {
  const token = useToken();
  const prefs = useQuery(notificationPreferencesQuery(token));
  return (
    // Not a named region: the toasts' region is 'Notifications' already (landmarks stay unique).
    <section className="card profile-card notif-settings">
      <h2>{INBOX_UI.sectionTitle}</h2>
      <p className="muted">{INBOX_UI.sectionIntro}</p>
      {prefs.data ? (
        <PreferencesForm saved={prefs.data.preferences} />
      ) : prefs.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(prefs.error, NOTIFICATION_CALL_ERRORS.preferencesFailed)}
        </p>
      ) : (
        <p className="muted" role="status">
          {INBOX_UI.loading}
        </p>
      )}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.notificationPreferences(token), answer);
      setDraft(answer.preferences);
      setError(null);
      toast.success(INBOX_UI.saved);
    },
    onError: (e) => setError(errorMessage(e, NOTIFICATION_CALL_ERRORS.savePreferencesFailed)),
  });
  const unchanged = samePreferences(draft, saved);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(draft);
      }}
    >
      <table className="notif-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{INBOX_UI.sectionTitle}</span>
            </th>
            {CHANNELS.map((c) => (
              <th key={c} scope="col" className="notif-check">
                {CHANNEL_LABEL[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TOPICS.map((topic) => (
            <tr key={topic}>
              <th scope="row">{INBOX_UI.topics[topic]}</th>
              {CHANNELS.map((c) => (
                <td key={c} className="notif-check">
                  <input
                    type="checkbox"
                    name={`${topic}-${c}`}
                    aria-label={`${INBOX_UI.topics[topic]}: ${CHANNEL_LABEL[c]}`}
                    checked={draft[topic][c]}
                    disabled={mutation.isPending}
                    onChange={(event) => {
                      setDraft((d) => withChoice(d, topic, c, event.target.checked));
                      setError(null);
                    }}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="notif-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={unchanged || mutation.isPending}
        >
          {mutation.isPending ? INBOX_UI.saving : INBOX_UI.save}
        </button>
      </div>
    </form>
  );
}
