import { Link } from '@tanstack/react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { SignedOutCard } from '../../components/SignedOutCard';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AdminPortal } from './AdminPortal';
import { ADMIN_SPEC, ADMIN_UI } from './texts';
import './admin.css';

/**
 * /admin (doc 2 §2): signed out → a sign-in link; a non-admin → 'Access denied' / 'You do not have
 * permission to view this page.' (no admin call is made); the administrator → the portal.
 */
export function AdminPage() {
  useDocumentTitle(ADMIN_UI.title);
  const auth = useAuth();

  if (auth.status === 'loading') return <LoadingPage />;
  if (auth.status === 'signed-out') {
    return <SignedOutCard title={ADMIN_UI.title} text={ADMIN_UI.signIn} next="/admin" bare />;
  }
  if (!auth.isAdmin) {
    return (
      <div className="page page-narrow">
        <section className="card center-card">
          <h1>{ADMIN_SPEC.accessDenied}</h1>
          <p className="muted">{ADMIN_SPEC.noPermission}</p>
          <Link to="/" className="btn btn-secondary">
            {ADMIN_UI.goHome}
          </Link>
        </section>
      </div>
    );
  }
  return <AdminPortal />;
}
