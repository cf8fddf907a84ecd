import { Link } from '@tanstack/react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { anchorOf } from '../../lib/anchor';
import { SPEC, UI } from '../../text';

/**
 * /admin (doc 2 §2): signed out → a sign-in link; a non-admin → 'Access denied' / 'You do not have
 * permission to view this page.'; the administrator → the sidebar and its panels.
 */
export function AdminPage() {
  useDocumentTitle(UI.adminTitle);
  const auth = useAuth();

  if (auth.status === 'loading') return <LoadingPage />;
  if (auth.status === 'signed-out') {
    return <SignedOutCard title={UI.adminTitle} text={UI.adminSignIn} next="/admin" bare />;
  }
  if (!auth.isAdmin) {
    return (
      <div className="page page-narrow">
        <section className="card center-card">
          <h1>{SPEC.accessDenied}</h1>
          <p className="muted">{SPEC.noPermission}</p>
          <Link to="/" className="btn btn-secondary">
            {SPEC.goHome}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <div className="page admin">
      <h1>{UI.adminTitle}</h1>
      <div className="admin-layout">
        <nav className="admin-sidebar" aria-label={UI.adminTitle}>
          <ul>
            {SPEC.adminSections.map((title) => (
              <li key={title}>
                <a href={`#${anchorOf(title)}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-panels">
          {SPEC.adminSections.map((title) => (
            // No region landmark: 'Notifications' would clash with the toasts' region.
            <section key={title} id={anchorOf(title)} className="card admin-panel">
              <h2>{title}</h2>
              <p className="muted">{SPEC.noData}</p>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
