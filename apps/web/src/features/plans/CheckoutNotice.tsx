import { PLAN_TABLE, type CheckoutResult, type Plan } from '@oneeta/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { refreshToken } from '../../api/auth';
import { getSubscription } from '../../api/billing';
import type { Auth } from '../../hooks/use-auth';
import { UI } from '../../text';
import { settleCheckout } from './checkout-return';
import { PLANS_TEXT } from './texts';

type Progress = { phase: 'updating' } | { phase: 'done'; plan: Plan } | { phase: 'slow' };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a successful checkout: a fresh token (and with it the profile) until it carries the new
 * plan, so the plan shows everywhere and its limits apply without signing in again.
 */
function useSettledCheckout(active: boolean, signIn: Auth['signIn']): Progress {
  const [progress, setProgress] = useState<Progress>({ phase: 'updating' });
  // Once: the sign-in with the fresh token re-renders the page, and must not start it again.
  const finished = useRef(false);
  useEffect(() => {
    if (!active || finished.current) return;
    let stopped = false;
    void settleCheckout({
      refresh: refreshToken,
      subscription: () => getSubscription(),
      wait,
      stopped: () => stopped,
    }).then(({ answer, settled }) => {
      if (stopped) return;
      finished.current = true;
      if (answer) signIn(answer);
      setProgress(
        settled && answer ? { phase: 'done', plan: answer.user.plan } : { phase: 'slow' },
      );
    });
    return () => {
      stopped = true;
    };
  }, [active, signIn]);
  return progress;
}

/** The message on /plans after a checkout: success (while the plan updates, then done) or cancelled. */
export function CheckoutNotice({ result, auth }: { result: CheckoutResult; auth: Auth }) {
  const navigate = useNavigate();
  const progress = useSettledCheckout(
    result === 'success' && auth.status === 'signed-in',
    auth.signIn,
  );
  const text =
    result === 'cancelled'
      ? PLANS_TEXT.checkoutCancelled
      : progress.phase === 'done'
        ? PLANS_TEXT.checkoutDone(PLAN_TABLE[progress.plan].name)
        : progress.phase === 'slow'
          ? PLANS_TEXT.checkoutSlow
          : PLANS_TEXT.checkoutUpdating;
  const tone = result === 'success' && progress.phase === 'done' ? 'success' : 'info';
  return (
    <div className={`notice notice-${tone} plans-checkout`} data-checkout={result}>
      <p role="status" aria-busy={result === 'success' && progress.phase === 'updating'}>
        {text}
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => void navigate({ to: '/plans', search: {}, replace: true })}
      >
        {UI.dismiss}
      </button>
    </div>
  );
}
