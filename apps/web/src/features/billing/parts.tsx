import { Link } from '@tanstack/react-router';
import { BILLING_TEXT } from './texts';

/** 'Test mode — no card is charged': on every page of the local provider. */
export function TestModeBadge() {
  return <p className="badge billing-test-badge">{BILLING_TEXT.testMode}</p>;
}

export function BackToPlans({ primary = false }: { primary?: boolean }) {
  return (
    <Link to="/plans" className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`}>
      {BILLING_TEXT.backToPlans}
    </Link>
  );
}
