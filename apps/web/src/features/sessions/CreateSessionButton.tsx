import { MESSAGES } from '@oneeta/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSessionLimits } from '../../hooks/use-session-limits';
import { generateSessionId } from '../../lib/session-id';
import { UI } from '../../text';
import { PlusIcon } from '../shell/icons';
import { useToast } from '../toast';

/**
 * Starts a quick session: a new 7-character id and /s/{id}. When the user's limits say they cannot
 * create one, it shows 'Free plan cannot create sessions. Upgrade to create.' (and the same info
 * toast, doc 1 §5) with a link to /plans instead of navigating. For signed-in users only.
 */
export function CreateSessionButton({ className = 'btn btn-primary' }: { className?: string }) {
  const limits = useSessionLimits();
  const navigate = useNavigate();
  const toast = useToast();
  const [blocked, setBlocked] = useState(false);

  const start = async () => {
    let canCreate = limits.data?.limits.canCreateSessions;
    if (canCreate === undefined) {
      const fresh = await limits.refetch();
      canCreate = fresh.data?.limits.canCreateSessions;
      // Limits unknown (the call failed): say so, but let the session page enforce them.
      if (fresh.error) toast.error(errorMessage(fresh.error, MESSAGES.fetchLimitsFailed));
    }
    if (canCreate === false) {
      setBlocked(true);
      toast.info(MESSAGES.freePlanCannotCreate);
      return;
    }
    setBlocked(false);
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
          {MESSAGES.freePlanCannotCreate}{' '}
          <Link to="/plans" className="link">
            {UI.viewPlans}
          </Link>
        </p>
      )}
    </div>
  );
}
