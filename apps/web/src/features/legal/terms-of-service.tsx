import { participantsRuleText, PLAN_TABLE, PLANS, type PlanLimits } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL, type LegalDocument } from './legal-document';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
const limit = (n: number | null) => (n === null ? 'Unlimited' : String(n));

const LIMIT_ROWS: readonly { label: string; value: (limits: PlanLimits) => string }[] = [
  { label: 'Price', value: (l) => l.priceLabel },
  { label: 'Open sessions you own', value: (l) => limit(l.ownOpenSessions) },
  { label: 'Participants per session', value: participantsRuleText },
  {
    label: 'Invites per session (accepted plus pending)',
    value: (l) => `Up to ${l.invitesPerSession}`,
  },
  { label: "Other people's open sessions you can join", value: (l) => limit(l.joinedOpenSessions) },
  {
    label: 'Chat messages per hour',
    value: (l) => (l.chatMessagesPerHour === null ? 'Unlimited' : String(l.chatMessagesPerHour)),
  },
  { label: 'Edit a saved session', value: (l) => (l.canEditSavedSession ? 'Yes' : 'No') },
  { label: 'Priority routing', value: (l) => (l.priorityRouting ? 'Yes' : 'No') },
];

function PlanLimitsTable() {
  return (
    <div className="legal-table-wrap" role="region" aria-label="Limits by plan" tabIndex={0}>
      <table className="legal-table">
        <caption>Limits by plan</caption>
        <thead>
          <tr>
            <th scope="col">Limit</th>
            {PLANS.map((plan) => (
              <th scope="col" key={plan}>
                {PLAN_TABLE[plan].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LIMIT_ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {PLANS.map((plan) => (
                <td key={plan}>{row.value(PLAN_TABLE[plan])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The OneETA Terms of Service (doc 2 §2 Terms): effective 4 Oct 2025. */
export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  intro: (
    <>
      <p>
        These terms are an agreement between you and OneETA about your use of the OneETA web app,
        its API and the e-mails and notifications we send (together, the &ldquo;service&rdquo;).
        Please read them carefully. By creating an account or using the service you accept them. If
        you do not agree, do not use OneETA.
      </p>
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains how we handle your information and is
        part of these terms.
      </p>
    </>
  ),
  sections: [
    {
      id: 'eligibility',
      title: 'Who may use OneETA',
      body: (
        <p>
          You must be at least 13 years old to use OneETA. If you are under the age of majority
          where you live, you may use OneETA only with the consent of a parent or guardian who
          agrees to these terms for you. Our Privacy Policy describes additional protections for
          users under 16.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <p>
          You need an account to create sessions, invite people and choose a plan. Give accurate
          information, keep your password secret and tell us at {mail} if you think someone else has
          used your account. You are responsible for what happens under your account. One account is
          for one person; do not share it.
        </p>
      ),
    },
    {
      id: 'the-service',
      title: 'What OneETA does, and does not do',
      body: (
        <>
          <p>
            OneETA estimates travel times from each participant&rsquo;s position to a destination,
            the earliest time everyone can meet, and when each person should leave. The estimates
            come from map and traffic data and are predictions, not promises: traffic, weather, road
            closures and the accuracy of your device&rsquo;s location all affect them.
          </p>
          <p>
            OneETA is not a navigation system. Do not use it while driving. Always obey traffic laws
            and road signs, and use your own judgement about when and how to travel safely.
          </p>
        </>
      ),
    },
    {
      id: 'plans-and-billing',
      title: 'Plans, billing and cancellation',
      body: (
        <>
          <p>
            OneETA offers the Free, Standard, Premium and Enterprise plans. Free, Standard and
            Premium are for personal, non-commercial use by one individual. Enterprise is for
            business use and is governed by custom terms agreed in writing, which take precedence
            over these terms where they differ.
          </p>
          <p>
            Standard costs {PLAN_TABLE.standard.priceLabel} and Premium{' '}
            {PLAN_TABLE.premium.priceLabel}, plus any taxes that apply. Paid plans renew
            automatically each month until you cancel. You can cancel or change your plan at any
            time from the plans page or the billing portal; a cancellation takes effect at the end
            of the current billing period, and you can move back to Free immediately. Fees already
            paid are not refunded except where the law requires it. If we change prices, we will
            tell you in advance and the new price will apply from your next billing period.
          </p>
        </>
      ),
    },
    {
      id: 'rate-limits',
      title: 'Rate limits and fair use',
      body: (
        <>
          <p>
            Each plan comes with the limits below. When you reach a limit, the action that would
            exceed it is refused until you free up capacity (for example by closing a session) or
            choose a larger plan.
          </p>
          <PlanLimitsTable />
          <p>
            In addition, every plan is subject to automated rate limits on requests to our API, such
            as place searches and travel-time lookups, counted per client over short windows. A
            request over the limit is refused with a &ldquo;Too many requests&rdquo; message that
            tells you when to try again. Repeated failed sign-ins or invite-code attempts lock
            further attempts for a few minutes.
          </p>
          <p>
            Fair use means using OneETA the way an individual or group coordinating real trips
            would. Do not script the service, scrape it, resell its travel estimates, or generate
            load that degrades it for others. If your use consistently exceeds what your plan is
            meant for, we may ask you to move to a suitable plan, and we may throttle or suspend use
            that threatens the service. If you need higher limits, contact sales through the{' '}
            <Link to="/enterprise/contact">Enterprise contact form</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>track, follow or locate anyone without their knowledge and consent;</li>
            <li>
              invite people who have not agreed to hear from you, or send spam through invitations
              or chat;
            </li>
            <li>
              harass, threaten or impersonate anyone, or post unlawful, hateful or sexually explicit
              content;
            </li>
            <li>
              try to access sessions, accounts or data that are not yours, or probe our systems for
              weaknesses;
            </li>
            <li>
              interfere with the service, work around its limits, or use it to build a competing
              product;
            </li>
            <li>use OneETA in any way that breaks the law.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'location-and-sessions',
      title: 'Location sharing and sessions',
      body: (
        <p>
          When you join a session, the other members see your position, estimated arrival and
          messages while you are connected. Share a session only with people you trust, and leave it
          when you no longer want to share. Session owners may remove participants, cancel
          invitations and close their sessions; a closed session can no longer be edited.
        </p>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <p>
          You keep ownership of what you put into OneETA, such as session details and chat messages.
          You give us a limited licence to store, process and show that content to the members of
          your sessions, only as needed to run the service. You are responsible for your content and
          confirm you have the right to share it.
        </p>
      ),
    },
    {
      id: 'third-parties',
      title: 'Third-party services',
      body: (
        <p>
          OneETA relies on other providers for maps, routing, communication, payments, push
          notifications and e-mail. Their services may change or be unavailable, and their own terms
          may apply to the parts they provide. We are not responsible for services we do not
          control.
        </p>
      ),
    },
    {
      id: 'availability',
      title: 'Changes and availability',
      body: (
        <p>
          We are continually improving OneETA and may add, change or remove features. Some features
          are shown as coming soon and may not be available yet. We aim to keep the service running
          but do not guarantee that it will be uninterrupted or error-free, and we may pause it for
          maintenance.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          To the extent the law allows, the service is provided &ldquo;as is&rdquo; and &ldquo;as
          available&rdquo;, without warranties of any kind, express or implied, including warranties
          of merchantability, fitness for a particular purpose, accuracy and non-infringement. We do
          not warrant that travel estimates, arrival times or departure times will be accurate.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <>
          <p>
            To the extent the law allows, OneETA is not liable for indirect, incidental, special,
            consequential or punitive damages, or for lost profits, revenue, data or opportunities,
            including missed appointments or late arrivals, arising from your use of the service.
          </p>
          <p>
            Our total liability for all claims relating to the service is limited to the greater of
            US$100 or the fees you paid us for the service in the 6 months before the event giving
            rise to the claim. Some places do not allow these limits, so they may not all apply to
            you.
          </p>
        </>
      ),
    },
    {
      id: 'indemnity',
      title: 'Indemnity',
      body: (
        <p>
          If you use OneETA in breach of these terms or the law and someone brings a claim against
          us because of it, you agree to cover the reasonable costs and losses that result, to the
          extent the law allows.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      body: (
        <p>
          You may stop using OneETA at any time and ask us to delete your account. We may suspend or
          close accounts that break these terms, put other users at risk or expose us to legal
          liability. Where reasonable we will tell you why and give you a chance to respond.
          Sections that by their nature should survive termination, such as the disclaimers and
          limits of liability, continue to apply.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. We will post the new version on this page with a new effective
          date and, for significant changes, tell you in the app or by e-mail before they take
          effect. If you keep using OneETA after that, you accept the updated terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: <p>Questions about these terms, or support with your account: write to {mail}.</p>,
    },
  ],
};
