import { PLAN_TABLE, type SubscriptionView } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshToken } from '../../api/auth';
import {
  BILLING_FAILURES,
  cancelSubscription,
  getSubscription,
  subscriptionQuery,
} from '../../api/billing';
import { errorMessage } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth, type Auth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { UI } from '../../text';
import { settleCheckout } from '../plans/checkout-return';
import { renewalLine, subscriptionStatusLabel } from './billing-logic';
import { BackToPlans, TestModeBadge } from './parts';
import { BILLING_TEXT } from './texts';
import './billing.css';

function Subscription({
  subscription,
  onCancelled,
}: {
  subscription: SubscriptionView;
  onCancelled: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = PLAN_TABLE[subscription.plan];
  const renewal = renewalLine(subscription);
  const cancellable = subscription.status !== 'canceled';

  const cancel = async () => {
    if (!window.confirm(BILLING_TEXT.confirmCancel(plan.name))) return;
    setBusy(true);
    setError(null);
    try {
      await cancelSubscription();
      await onCancelled();
    } catch (failure) {
      setError(errorMessage(failure, BILLING_FAILURES.cancelSubscription));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <dl className="facts">
        <div>
          <dt>{BILLING_TEXT.plan}</dt>
          <dd>{plan.name}</dd>
        </div>
        <div>
          <dt>{BILLING_TEXT.price}</dt>
          <dd>{plan.priceLabel}</dd>
        </div>
        <div>
          <dt>{BILLING_TEXT.status}</dt>
          <dd>{subscriptionStatusLabel(subscription.status)}</dd>
        </div>
        <div>
          <dt>{renewal.label}</dt>
          <dd>{renewal.value}</dd>
        </div>
      </dl>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        {cancellable && (
          <button
            type="button"
            className="btn btn-secondary billing-danger"
            disabled={busy}
            onClick={() => void cancel()}
          >
            {busy ? BILLING_TEXT.cancelling : BILLING_TEXT.cancelSubscription}
          </button>
        )}
        <BackToPlans />
      </div>
    </>
  );
}

const Title = () => <h1 id="billing-portal-title">{BILLING_TEXT.portalTitle}</h1>;

function PortalBody({ auth }: { auth: Auth }) {
  const query = useQuery(subscriptionQuery(auth.token));
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState(false);

  if (cancelled) {
    return (
      <>
        <Title />
        <p className="notice notice-success" role="status">
          {BILLING_TEXT.subscriptionCancelled}
        </p>
        <div className="actions">
          <BackToPlans primary />
        </div>
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        <Title />
        <p className="muted" role="status">
          {UI.loading}
        </p>
      </>
    );
  }
  if (query.isError || query.data.subscription === null) {
    return (
      <>
        <Title />
        <p className={`notice ${query.isError ? 'notice-error' : 'notice-info'}`} role="status">
          {query.isError
            ? errorMessage(query.error, BILLING_FAILURES.subscription)
            : BILLING_TEXT.noSubscription}
        </p>
        <div className="actions">
          <BackToPlans primary />
        </div>
      </>
    );
  }
  const { subscription } = query.data;
  return (
    <>
      {subscription.provider === 'local' && <TestModeBadge />}
      <Title />
      <Subscription
        subscription={subscription}
        onCancelled={async () => {
          setCancelled(true);
          // The plan is free now: a fresh token carries it once auth has it (billing's push may
          // land a moment later), and the profile shows it.
          const { answer } = await settleCheckout(
            {
              refresh: refreshToken,
              subscription: () => getSubscription(),
              wait: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
              stopped: () => false,
            },
            (plan) => plan === 'free',
          );
          if (answer) auth.signIn(answer);
          else await queryClient.invalidateQueries({ queryKey: queryKeys.meRoot });
        }}
      />
    </>
  );
}

/** /billing/portal: the local provider's billing portal (issue 18): plan, renewal, status, cancel. */
export function PortalPage() {
  useDocumentTitle(BILLING_TEXT.portalTitle);
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingPage />;
  if (auth.status === 'signed-out') {
    return (
      <SignedOutCard
        title={BILLING_TEXT.portalTitle}
        text={BILLING_TEXT.portalSignIn}
        next="/billing/portal"
      />
    );
  }
  return (
    <div className="page page-narrow billing-page">
      <section className="card billing-card" aria-labelledby="billing-portal-title">
        <PortalBody auth={auth} />
      </section>
    </div>
  );
}
