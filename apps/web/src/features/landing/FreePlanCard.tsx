import { format, participantsRuleText, PLAN_TABLE } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { SPEC, UI } from '../../text';
import { LinkArrow } from '../shell/icons';
import { freeSessionsFeature } from '../sessions/limit-reason';

/** The free plan in a few lines, straight from PLAN_TABLE.free, and the way to the paid ones. */
export function FreePlanCard() {
  const free = PLAN_TABLE.free;
  const features = [
    freeSessionsFeature(free.ownOpenSessions, free.joinedOpenSessions),
    participantsRuleText(free),
    format(UI.freeFeatureInvites, { n: free.invitesPerSession }),
    format(UI.freeFeatureChat, { n: free.chatMessagesPerHour ?? '∞' }),
    UI.freeFeatureNotifications,
    UI.freeFeatureNoChecks,
    UI.freeFeatureNoEdits,
  ];
  return (
    <section className="card plan-card" aria-labelledby="free-plan-title">
      <div className="plan-card-head">
        <h2 id="free-plan-title">{UI.freePlanTitle}</h2>
        <p className="plan-price">{free.priceLabel}</p>
      </div>
      <p className="muted">{UI.freePlanLead}</p>
      <ul className="check-list">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link to="/plans" className="link">
        {SPEC.learnAboutPaidPlans}
        <LinkArrow />
      </Link>
    </section>
  );
}
