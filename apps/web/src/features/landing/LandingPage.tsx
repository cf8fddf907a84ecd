import { Link } from '@tanstack/react-router';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SPEC, UI } from '../../text';
import { CreateSessionButton } from '../sessions/CreateSessionButton';
import { ProfileMenu } from '../shell/ProfileMenu';
import { FreePlanCard } from './FreePlanCard';
import { HealthIndicator } from './HealthIndicator';
import { HeroRotator } from './HeroRotator';

function AccountActions() {
  const auth = useAuth();
  if (auth.status === 'loading') {
    return <div className="hero-actions" aria-busy="true" />;
  }
  if (auth.status === 'signed-in' && auth.user) {
    return (
      <div className="hero-actions">
        <Link to="/sessions" className="btn btn-secondary">
          {SPEC.sessions}
        </Link>
        <ProfileMenu user={auth.user} onSignOut={() => void auth.signOut()} />
      </div>
    );
  }
  return (
    <div className="hero-actions">
      <Link to="/auth" search={{ mode: 'register' }} className="btn btn-primary btn-lg">
        {SPEC.getStartedFree}
      </Link>
      <Link to="/auth" search={{ mode: 'login' }} className="btn btn-secondary btn-lg">
        {SPEC.signIn}
      </Link>
    </div>
  );
}

/** The landing page (doc 1 §2). */
export function LandingPage() {
  useDocumentTitle();
  const auth = useAuth();
  const [lead, after] = UI.commsContact.split('{link}');
  return (
    <div className="page landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-copy">
          <p className="eyebrow">{UI.tagline}</p>
          <h1 id="hero-title" className="hero-title">
            <HeroRotator />
          </h1>
          <p className="hero-lead">{UI.heroLead}</p>
          <AccountActions />
          {auth.status === 'signed-in' && (
            <CreateSessionButton className="btn btn-primary btn-lg" />
          )}
        </div>
        <FreePlanCard />
      </section>

      <section className="feature-grid" aria-label={UI.featuresLabel}>
        <article className="card feature-card">
          <h2>{UI.privacyTitle}</h2>
          <p>{UI.privacyBody}</p>
          <p className="notice notice-info">{UI.locationRequired}</p>
        </article>
        <article className="card feature-card">
          <h2>{UI.commsTitle}</h2>
          <p>{UI.commsBody}</p>
          <p>
            {lead}
            <Link to="/enterprise/contact" className="link">
              {SPEC.contactUs}
            </Link>
            {after}
          </p>
        </article>
      </section>

      <section aria-labelledby="use-cases-title" className="use-cases">
        <h2 id="use-cases-title">{UI.useCasesTitle}</h2>
        <ul className="use-case-grid">
          {UI.useCases.map((useCase) => (
            <li key={useCase.title} className="card use-case">
              <h3>{useCase.title}</h3>
              <p>{useCase.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <footer className="site-footer">
        <HealthIndicator />
        <nav aria-label={UI.legalNav} className="footer-links">
          <Link to="/privacy" className="link">
            {UI.footerPrivacy}
          </Link>
          <Link to="/terms" className="link">
            {UI.footerTerms}
          </Link>
        </nav>
      </footer>
    </div>
  );
}
