import type { LocalCheckout } from '@oneeta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BILLING_FAILURES,
  cancelLocalCheckout,
  localCheckoutQuery,
  payLocalCheckout,
} from '../../api/billing';
import { errorMessage } from '../../api/client';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ownPageUrl } from '../../lib/own-page';
import { UI } from '../../text';
import { closedReason, formatAmount } from './billing-logic';
import { BackToPlans, TestModeBadge } from './parts';
import { BILLING_TEXT } from './texts';
import './billing.css';

function OpenCheckout({ checkout }: { checkout: LocalCheckout }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (kind: 'pay' | 'cancel') => {
    setBusy(kind);
    setError(null);
    try {
      const { url } =
        kind === 'pay'
          ? await payLocalCheckout(checkout.id)
          : await cancelLocalCheckout(checkout.id);
      // Busy until the browser is on /plans?checkout=…, as after a hosted checkout.
      window.location.assign(ownPageUrl(url, window.location.origin));
    } catch (failure) {
      setBusy(null);
      setError(
        errorMessage(failure, kind === 'pay' ? BILLING_FAILURES.pay : BILLING_FAILURES.cancel),
      );
      // It may have closed meanwhile (paid in another tab, expired): show what it is now.
      void queryClient.invalidateQueries({ queryKey: localCheckoutQuery(checkout.id).queryKey });
    }
  };

  return (
    <>
      <dl className="facts">
        <div>
          <dt>{BILLING_TEXT.plan}</dt>
          <dd>{checkout.planName}</dd>
        </div>
        <div>
          <dt>{BILLING_TEXT.price}</dt>
          <dd>{checkout.priceLabel}</dd>
        </div>
        <div className="billing-total">
          <dt>{BILLING_TEXT.dueToday}</dt>
          <dd>{formatAmount(checkout.amountMinor, checkout.currency)}</dd>
        </div>
      </dl>
      <p className="muted">{BILLING_TEXT.checkoutTerms}</p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions" aria-busy={busy !== null}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void act('pay')}
        >
          {busy === 'pay' ? BILLING_TEXT.paying : BILLING_TEXT.pay}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy !== null}
          onClick={() => void act('cancel')}
        >
          {busy === 'cancel' ? BILLING_TEXT.cancelling : BILLING_TEXT.cancel}
        </button>
      </div>
    </>
  );
}

function CheckoutBody({ id }: { id: string }) {
  const query = useQuery(localCheckoutQuery(id));
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {UI.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <>
        <p className="notice notice-error" role="alert">
          {errorMessage(query.error, BILLING_TEXT.checkoutNotFound)}
        </p>
        <div className="actions">
          <BackToPlans primary />
        </div>
      </>
    );
  }
  const checkout = query.data;
  const reason = closedReason(checkout.status);
  if (reason !== null) {
    return (
      <>
        <p className="notice notice-info" role="status">
          {BILLING_TEXT.checkoutClosed}. {reason}
        </p>
        <div className="actions">
          <BackToPlans primary />
        </div>
      </>
    );
  }
  return <OpenCheckout checkout={checkout} />;
}

/** /billing/checkout/{id}: the local provider's test-mode checkout (issue 18). */
export function CheckoutPage({ id }: { id: string }) {
  useDocumentTitle(BILLING_TEXT.checkoutTitle);
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingPage />;
  if (auth.status === 'signed-out') {
    return (
      <SignedOutCard
        title={BILLING_TEXT.checkoutTitle}
        text={BILLING_TEXT.checkoutSignIn}
        next={`/billing/checkout/${encodeURIComponent(id)}`}
      />
    );
  }
  return (
    <div className="page page-narrow billing-page">
      <section className="card billing-card" aria-labelledby="billing-checkout-title">
        <TestModeBadge />
        <h1 id="billing-checkout-title">{BILLING_TEXT.checkoutTitle}</h1>
        <CheckoutBody id={id} />
      </section>
    </div>
  );
}
