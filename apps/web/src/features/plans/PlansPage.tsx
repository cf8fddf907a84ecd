import { PLAN_TABLE, type CheckoutResult, type Plan } from '@oneeta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { changePlan, createCheckoutSession, createPortalSession } from '../../api';
import { errorMessage, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ownPageUrl } from '../../lib/own-page';
import { UI } from '../../text';
import { useToast } from '../toast';
import {
  CARD_ACTION_LABELS,
  cardAction,
  ENTERPRISE_MANAGED_TEXT,
  isPaidPlan,
  planCards,
  planChangeKind,
  planFeatures,
  type CardAction,
} from './plan-logic';
import { CheckoutNotice } from './CheckoutNotice';
import { PLANS_TEXT } from './texts';
import { LinkArrow } from '../shell/icons';
import './plans.css';

const SIGN_IN_SEARCH = { mode: 'login', next: '/plans' } as const;

function CardButton({
  plan,
  action,
  busy,
  onChoose,
}: {
  plan: Plan;
  action: CardAction | null;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const label = action ? CARD_ACTION_LABELS[action] : UI.loading;
  const described = `plan-${plan}-name`;
  switch (action) {
    case null:
      return (
        <button type="button" className="btn btn-secondary btn-block" disabled>
          {label}
        </button>
      );
    case 'signin':
      return (
        <div className="plans-card-actions">
          <Link
            to="/auth"
            search={SIGN_IN_SEARCH}
            className="btn btn-secondary btn-block"
            aria-describedby={described}
          >
            {label}
          </Link>
          {plan === 'enterprise' && (
            <Link
              to="/enterprise/contact"
              className="btn btn-ghost btn-block"
              aria-describedby={described}
            >
              {CARD_ACTION_LABELS.contact}
            </Link>
          )}
        </div>
      );
    case 'current':
      return (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled
          aria-describedby={described}
        >
          {label}
        </button>
      );
    case 'managed':
      // An Enterprise account: billing refuses a checkout, so the card says who to talk to.
      return (
        <div className="plans-card-actions">
          <p className="plans-card-note muted" id={`plan-${plan}-managed`}>
            {ENTERPRISE_MANAGED_TEXT}
          </p>
          <Link
            to="/enterprise/contact"
            className="btn btn-secondary btn-block"
            aria-describedby={`${described} plan-${plan}-managed`}
          >
            {label}
          </Link>
        </div>
      );
    case 'contact':
      return (
        <Link
          to="/enterprise/contact"
          className="btn btn-secondary btn-block"
          aria-describedby={described}
        >
          {label}
        </Link>
      );
    case 'upgrade':
    case 'downgrade':
      return (
        <button
          type="button"
          className={`btn btn-block ${action === 'upgrade' ? 'btn-primary' : 'btn-secondary'}`}
          disabled={busy}
          aria-describedby={described}
          onClick={() => onChoose(plan)}
        >
          {label}
        </button>
      );
  }
}

function PlanCard({
  plan,
  action,
  current,
  busy,
  onChoose,
}: {
  plan: Plan;
  action: CardAction | null;
  current: boolean;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const limits = PLAN_TABLE[plan];
  return (
    <li className="card plan-option" data-plan={plan} data-current={current || undefined}>
      <div className="plan-option-top">
        <h2 id={`plan-${plan}-name`}>{limits.name}</h2>
        {plan === 'enterprise' && (
          <span className="badge plan-badge">{PLANS_TEXT.enterpriseBadge}</span>
        )}
      </div>
      <p className="plan-price">{limits.priceLabel}</p>
      <ul className="check-list">
        {planFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <CardButton plan={plan} action={action} busy={busy} onChoose={onChoose} />
    </li>
  );
}

function ManageBilling() {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened now, inside the click, so the browser lets it through; pointed at the portal once known.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { url } = await createPortalSession();
      if (tab) {
        tab.opener = null;
        tab.location.href = ownPageUrl(url, window.location.origin);
      } else {
        window.location.assign(ownPageUrl(url, window.location.origin));
      }
    } catch (error) {
      tab?.close();
      window.alert(
        isApiError(error) && error.code === 'bad_response'
          ? PLANS_TEXT.missingPortalUrl
          : PLANS_TEXT.portalFailed,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card plans-section" aria-labelledby="manage-billing-title">
      <h2 id="manage-billing-title">{PLANS_TEXT.manageBillingTitle}</h2>
      <p className="muted">{PLANS_TEXT.manageBillingBody}</p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void open()}
        disabled={busy}
      >
        {PLANS_TEXT.manageBillingButton}
      </button>
    </section>
  );
}

/**
 * /plans (doc 2 §2 Plans, §4 plan changes, §7 billing calls, §8 alerts); `checkout` is the result
 * of a checkout the browser came back from (issue 18).
 */
export function PlansPage({ checkout }: { checkout?: CheckoutResult | undefined }) {
  useDocumentTitle(PLANS_TEXT.title);
  const auth = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const userPlan = auth.user?.plan ?? null;

  const choose = async (target: Plan) => {
    if (!auth.user || target === auth.user.plan) return;
    if (planChangeKind(target) === 'direct') {
      if (!window.confirm(PLANS_TEXT.confirmDowngrade(PLAN_TABLE[target].name))) return;
      setBusy(true);
      try {
        const answer = await changePlan(target);
        auth.signIn(answer);
        await queryClient.invalidateQueries({ queryKey: queryKeys.me(answer.token) });
        toast.success(PLANS_TEXT.downgraded(PLAN_TABLE[answer.user.plan].name));
      } catch (error) {
        window.alert(errorMessage(error, PLANS_TEXT.planUpdateFailed));
      } finally {
        setBusy(false);
      }
      return;
    }
    setBusy(true);
    try {
      const { url } = await createCheckoutSession(target);
      // The buttons stay busy while the browser leaves for the checkout.
      window.location.assign(ownPageUrl(url, window.location.origin));
    } catch (error) {
      setBusy(false);
      window.alert(
        isApiError(error) && error.code === 'bad_response'
          ? PLANS_TEXT.missingSessionUrl
          : PLANS_TEXT.checkoutFailed,
      );
    }
  };

  const actionFor = (plan: Plan): CardAction | null =>
    auth.status === 'loading'
      ? null
      : cardAction(plan, auth.status === 'signed-in' ? userPlan : null);

  return (
    <div className="page plans-page">
      <header className="plans-head">
        <h1>{PLANS_TEXT.title}</h1>
        <p className="muted plans-lead">{PLANS_TEXT.subtitle}</p>
        {auth.status === 'signed-out' && (
          <p className="notice notice-info plans-signin" role="status">
            {PLANS_TEXT.signedOutNotice}{' '}
            <Link to="/auth" search={SIGN_IN_SEARCH} className="link">
              {CARD_ACTION_LABELS.signin}
            </Link>
          </p>
        )}
      </header>

      {checkout && <CheckoutNotice key={checkout} result={checkout} auth={auth} />}

      <ul className="plan-grid" aria-busy={auth.status === 'loading' || busy}>
        {planCards().map(({ plan }) => (
          <PlanCard
            key={plan}
            plan={plan}
            action={actionFor(plan)}
            current={auth.status === 'signed-in' && plan === userPlan}
            busy={busy}
            onChoose={(target) => void choose(target)}
          />
        ))}
      </ul>

      <p className="plans-note muted">{PLANS_TEXT.paymentNote}</p>

      {auth.status === 'signed-in' && userPlan && isPaidPlan(userPlan) && <ManageBilling />}

      <section className="card plans-section" aria-labelledby="usage-terms-title">
        <h2 id="usage-terms-title">{PLANS_TEXT.usageTermsTitle}</h2>
        <p>{PLANS_TEXT.usageTermsBody}</p>
        <h3>{PLANS_TEXT.fairUseTitle}</h3>
        <p>{PLANS_TEXT.fairUseBody}</p>
        <Link to="/terms" hash="rate-limits" className="link">
          {PLANS_TEXT.termsLink}
          <LinkArrow />
        </Link>
      </section>
    </div>
  );
}
