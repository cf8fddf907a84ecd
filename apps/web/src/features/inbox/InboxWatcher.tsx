import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useToast } from '../toast';
import { supersededIds, toastsFor } from './inbox-logic';
import { INBOX_TOAST_MS } from './texts';
import { useInbox, useMarkDone, useShown } from './use-inbox';

/**
 * The shell's side of the in-app notifications (issue 15), mounted while signed in: polls the inbox
 * and shows each new notification as a toast — but on its own session's page, where the page
 * shows it as a banner — then marks it read (and those a newer one made moot, unshown). Lazy: not part of the landing page's code.
 */
export default function InboxWatcher() {
  const notifications = useInbox();
  const shown = useShown();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const toast = useToast();
  const markDone = useMarkDone();

  useEffect(() => {
    const due = toastsFor(notifications, pathname, shown);
    // Made moot by a newer one (an older arrival time, a reminder before it): read, never shown.
    const moot = [...supersededIds(notifications)].filter((id) => shown.get(id) !== 'done');
    if (due.length === 0 && moot.length === 0) return;
    for (const n of due) toast.show({ message: n.text, type: 'info', durationMs: INBOX_TOAST_MS });
    markDone([...due.map((n) => n.id), ...moot]);
  }, [notifications, pathname, shown, toast, markDone]);

  return null;
}
