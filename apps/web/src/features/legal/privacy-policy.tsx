import { Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL, type LegalDocument } from './legal-document';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

/** The OneETA Privacy Policy (doc 2 §2 Privacy): effective 4 Oct 2025. */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro: (
    <>
      <p>
        OneETA helps friends, families and small groups arrive at one place at the same time. To do
        that, it has to know where the people in a session are starting from and where they are
        going. This policy explains what we collect, why we collect it, who can see it, how long we
        keep it and the choices you have.
      </p>
      <p>
        It applies to the OneETA web app, its API and the e-mails and notifications we send. By
        using OneETA you agree to the collection and use of information as described here and in our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </>
  ),
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          OneETA (&ldquo;OneETA&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) provides the service and
          is responsible for the personal information described in this policy. You can reach us
          about anything in it at {mail}.
        </p>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <h3>Account information</h3>
          <p>
            When you register we collect your e-mail address and password, and your display name if
            you give one. We store the password only as a one-way hash; we never see or store it in
            readable form. We also keep your plan (Free, Standard, Premium or Enterprise) and, if
            you add one, your phone number and whether it has been verified.
          </p>
          <h3>Precise location, with your permission</h3>
          <p>
            OneETA asks your browser for your precise location only after you grant permission
            through the browser&rsquo;s own prompt. While you are connected to a session we receive
            your latitude and longitude, their accuracy, and, where your device reports them,
            altitude, heading and speed, together with the time of the reading. We use it to
            estimate your travel time to the destination and to show your position and arrival time
            to the other people in that session. Location is shared only while you are connected:
            updates stop when you leave the session or close the tab. Your browser may keep the last
            known position on your own device so that the map can start where you are.
          </p>
          <h3>Session and travel data</h3>
          <p>
            For each session we store its destination, the arrival date and time and its time zone,
            the participants and their status, the invitations sent (the name and e-mail address you
            enter for each invitee), chat messages, and the travel estimates we compute: travel
            time, distance, departure time and the earliest time everyone can meet.
          </p>
          <h3>Usage data</h3>
          <p>
            Like most online services we record how the service is used: the pages and features you
            open, the requests your browser makes to our API, place searches, the number of map and
            routing requests a session causes, your browser type and device, your IP address, and
            error reports. If you turn on web notifications we store the push subscription your
            browser gives us (an address at your browser vendor&rsquo;s push service and its keys)
            with a device name.
          </p>
          <h3>Payment information</h3>
          <p>
            If you buy a paid plan, payment is handled by our payment processor. We receive
            confirmation of the payment and your plan, not your full card number.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      body: (
        <>
          <p>We use the information we collect to:</p>
          <ul>
            <li>
              run sessions: compute travel times, the earliest meeting time and when each person
              should leave;
            </li>
            <li>show live arrival times, chat and invitations to the members of a session;</li>
            <li>send the invitations, verification codes and notifications you ask for;</li>
            <li>apply the limits of your plan and process payments for paid plans;</li>
            <li>keep OneETA secure, prevent abuse and enforce our rate limits;</li>
            <li>understand usage and costs so that we can fix problems and improve the service;</li>
            <li>answer your questions and meet our legal obligations.</li>
          </ul>
          <p>We do not use your location or session data for advertising.</p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who can see your information',
      body: (
        <>
          <p>
            <strong>Other people in your sessions.</strong> Members of a session see your name (or
            e-mail address if you have not set a name), your position on the map while you are
            connected, your estimated travel time, distance and departure time, and the messages you
            send in the session chat. The session owner also sees the invitations they sent.
          </p>
          <p>
            <strong>Service providers.</strong> We use companies that process data on our behalf and
            only on our instructions: a maps provider that turns coordinates into routes, travel
            times, place searches and time zones; a communications provider for chat and calls; a
            payment processor; the push services run by browser vendors; an e-mail delivery service;
            and hosting providers. They receive only what they need for their task.
          </p>
          <p>
            <strong>Legal reasons.</strong> We may disclose information when the law requires it, or
            when we believe in good faith that it is needed to protect the safety, rights or
            property of our users, the public or OneETA.
          </p>
          <p>
            <strong>Business transfers.</strong> If OneETA is involved in a merger, acquisition or
            sale of assets, information may be transferred as part of that transaction, subject to
            this policy.
          </p>
        </>
      ),
    },
    {
      id: 'no-sale',
      title: 'We do not sell your data',
      body: (
        <p>
          We do not sell your personal information, and we do not share it with third parties for
          their own marketing or for targeted advertising. This includes your location history,
          which we never sell or rent to anyone.
        </p>
      ),
    },
    {
      id: 'location',
      title: 'Location in detail',
      body: (
        <>
          <p>
            You decide whether OneETA may use your location, through your browser&rsquo;s permission
            setting, and you can withdraw that permission at any time. Without it you can still
            browse OneETA and view sessions read-only, but the app cannot estimate your travel time.
          </p>
          <p>
            We keep the most recent position of each participant for as long as the session is open,
            so that the others see an up-to-date estimate. When the owner closes a session, the
            stored positions of its participants are deleted. Travel estimates for a session may be
            cached for a short time using rounded coordinates so that repeated requests do not reach
            the maps provider again.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          OneETA keeps your sign-in token, unsaved session drafts and your last known position in
          your browser&rsquo;s local storage, and installs a service worker so that the app loads
          quickly and can show notifications. We do not use third-party advertising cookies.
          Clearing your browser&rsquo;s site data removes all of this from your device and signs you
          out.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      body: (
        <>
          <p>
            We keep account information while your account is open. When you delete your account, it
            is deleted at once as described in{' '}
            <Link to="/privacy" hash="delete-and-export">
              Deleting your account and getting a copy of your data
            </Link>
            ; copies in backups are overwritten within about 30 to 90 days. We may keep limited
            records longer where the law requires it, for example payment records for tax purposes,
            or to resolve disputes and prevent abuse.
          </p>
          <p>
            Session data is kept so that you can see your session history. Usage records, such as
            counts of map requests per session and hour, are kept in aggregate to measure costs and
            capacity.
          </p>
        </>
      ),
    },
    {
      id: 'your-choices',
      title: 'Your choices and rights',
      body: (
        <>
          <ul>
            <li>Change your display name at any time on your profile page.</li>
            <li>
              Turn location sharing off in your browser settings, or leave a session to stop sharing
              with it.
            </li>
            <li>
              Turn web notifications off on your profile page or in your browser, and remove
              registered devices.
            </li>
            <li>Remove your phone number from your profile.</li>
            <li>
              Change your password, or sign out on every device at once, on your profile page.
            </li>
            <li>
              Download a copy of your data, or delete your account, on your profile page (see
              below). You can also ask us for either, or to correct your data, by writing to {mail}.
            </li>
          </ul>
          <p>
            Depending on where you live, you may have further rights, such as to object to or
            restrict some processing, or to complain to a data protection authority. We will answer
            any request within the time the law allows and will not treat you differently for
            exercising your rights.
          </p>
        </>
      ),
    },
    {
      id: 'delete-and-export',
      title: 'Deleting your account and getting a copy of your data',
      body: (
        <>
          <p>
            <strong>A copy of your data.</strong> On your <Link to="/profile">profile page</Link>,
            &lsquo;Download my data&rsquo; saves what OneETA keeps about your account as a JSON file
            (oneeta-data.json), which you can open in any text editor or bring to another service.
          </p>
          <p>
            <strong>Deleting your account.</strong> On the same page, &lsquo;Delete account&rsquo;
            asks for your password and then, at once:
          </p>
          <ul>
            <li>
              deletes your account, with your e-mail address, name, phone number and password, and
              ends every sign-in, on every device;
            </li>
            <li>
              hands each session you own to another participant, or closes it when there is nobody
              to hand it to;
            </li>
            <li>
              deletes your stored positions, your chat messages, your registered push devices and
              the e-mails still waiting to be sent to you;
            </li>
            <li>
              keeps the audit and usage records of what happened (for example how many map requests
              a session made) only in anonymised form, without your name, e-mail address or account.
            </li>
          </ul>
          <p>
            Deletion cannot be undone: download your data first if you want to keep a copy. Payment
            records we must keep by law are kept as described above.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We protect your information with encryption in transit, hashed passwords, signed access
          tokens that expire, access controls that limit session data to its members, and rate
          limits against automated abuse. No system is perfectly secure, so please use a strong
          password that you do not use elsewhere and tell us at {mail} if you suspect your account
          has been misused.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          OneETA is not directed to children under 16, and we do not knowingly collect personal
          information from children under 16. If you believe a child under 16 has given us personal
          information, contact us at {mail} and we will delete it.
        </p>
      ),
    },
    {
      id: 'international',
      title: 'International transfers',
      body: (
        <p>
          Our service providers may process information in countries other than the one you live in.
          Where we transfer personal information across borders, we use safeguards that the law
          recognises, such as standard contractual clauses.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          We may update this policy as OneETA changes. We will post the new version on this page
          with a new effective date, and if the changes are significant we will tell you in the app
          or by e-mail before they take effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: <p>Questions about this policy or your information: write to {mail}.</p>,
    },
  ],
};
