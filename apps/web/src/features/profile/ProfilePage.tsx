import { PLAN_TABLE } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { NotificationSettings } from '../inbox/NotificationSettings';
import { DataSection, DeleteAccountSection, SignInsSection } from './AccountSections';
import { DisplayNameForm } from './DisplayNameForm';
import { EmailTab } from './EmailTab';
import { PasswordForm } from './PasswordForm';
import { PhoneTab } from './PhoneTab';
import { PushTab } from './PushTab';
import { Tabs } from './Tabs';
import { EMAIL_TEXT, PROFILE_TEXT } from './texts';
import { LinkArrow } from '../shell/icons';
import './profile.css';

type ProfileTab = 'phone' | 'web' | 'email';

/**
 * /profile (doc 1 §2 Profile page): display name, the Phone / Web Notifications / Email tabs, the
 * password, where the account is signed in, its data, a privacy brief, and deleting the account.
 */
export function ProfilePage() {
  useDocumentTitle(PROFILE_TEXT.title);
  const auth = useAuth();
  const [tab, setTab] = useState<ProfileTab>('phone');

  if (auth.status === 'loading') return <LoadingPage />;
  if (auth.status === 'signed-out' || !auth.user) {
    return (
      <SignedOutCard
        title={PROFILE_TEXT.signedOutTitle}
        text={PROFILE_TEXT.signedOutBody}
        next="/profile"
        signInLabel={PROFILE_TEXT.signIn}
      />
    );
  }
  const user = auth.user;

  return (
    <div className="page profile-page">
      <header className="profile-head">
        <h1>{PROFILE_TEXT.title}</h1>
        <p className="muted profile-account">
          <span className="profile-account-email">{user.email}</span>
          {!user.emailVerified && (
            <>
              {' '}
              <span className="badge">{EMAIL_TEXT.unverified}</span>
            </>
          )}
          <span aria-hidden="true"> · </span>
          <Link to="/plans" className="link">
            {PLAN_TABLE[user.plan].name}
          </Link>
        </p>
      </header>

      <section className="card profile-card">
        {/* Keyed by user id so a different account starts from its own name. */}
        <DisplayNameForm key={user.id} user={user} onSaved={auth.signIn} />
      </section>

      <section className="card profile-card">
        <Tabs<ProfileTab>
          label={PROFILE_TEXT.title}
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'phone', label: PROFILE_TEXT.tabs.phone, panel: <PhoneTab user={user} /> },
            { key: 'web', label: PROFILE_TEXT.tabs.web, panel: <PushTab /> },
            {
              key: 'email',
              label: PROFILE_TEXT.tabs.email,
              panel: <EmailTab user={user} onSaved={auth.signIn} />,
            },
          ]}
        />
      </section>

      <NotificationSettings />

      <section className="card profile-card profile-account-card">
        <PasswordForm onChanged={auth.signIn} />
      </section>

      <SignInsSection auth={auth} />

      <DataSection />

      <aside className="card profile-card profile-privacy" aria-labelledby="profile-privacy-title">
        <h2 id="profile-privacy-title">{PROFILE_TEXT.privacyTitle}</h2>
        <p>{PROFILE_TEXT.privacyBrief}</p>
        <Link to="/privacy" className="link">
          {PROFILE_TEXT.privacyLink}
          <LinkArrow />
        </Link>
      </aside>

      <DeleteAccountSection auth={auth} />
    </div>
  );
}
