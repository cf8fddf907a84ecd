import { MESSAGES } from '@oneeta/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSessionLimits } from '../../hooks/use-session-limits';
import { generateSessionId } from '../../lib/session-id';
import { UI } from '../../text';
import { PlusIcon } from '../shell/icons';
import { useToast } from '../toast';
import { createBlockReason } from './limit-reason';

/**
 * Starts a quick session: a new 7-character id and /s/{id}. When the user's limits say they cannot
 * create one, it says why (their own open session, or the joined-session limit; issue 12 — the
 * spec's one line 'Free plan cannot create sessions. Upgrade to create.' only when the numbers do
 * not explain it) in an info toast and beside the button, with a link to /plans, instead of
 * navigating. For signed-in users only.
 */
export function CreateSessionButton({ className = 'btn btn-primary' }: { className?: string }) {
  const limits = useSessionLimits();
  const navigate = useNavigate();
  const toast = useToast();
  const [blocked, setBlocked] = useState<string | null>(null);

  const start = async () => {
    let current = limits.data;
    if (current === undefined) {
      const fresh = await limits.refetch();
      current = fresh.data;
      // Limits unknown (the call failed): say so, but let the session page enforce them.
      if (fresh.error) toast.error(errorMessage(fresh.error, MESSAGES.fetchLimitsFailed));
    }
    const reason = current ? createBlockReason(current) : null;
    if (reason) {
      setBlocked(reason.text);
      toast.info(reason.text);
      return;
    }
    setBlocked(null);
    void navigate({ to: '/s/$id', params: { id: generateSessionId() } });
  };

  return (
    <div className="create-session">
      <button
        type="button"
        className={className}
        onClick={() => void start()}
        disabled={limits.isFetching && !limits.data}
      >
        <PlusIcon />
        <span>{UI.startQuickSession}</span>
      </button>
      {blocked && (
        <p className="notice notice-info" role="status">
          {blocked}{' '}
          <Link to="/plans" className="link">
            {UI.viewPlans}
          </Link>
        </p>
      )}
    </div>
  );
}
