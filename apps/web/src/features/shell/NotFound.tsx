import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SPEC, UI } from '../../text';

export function NotFound() {
  useDocumentTitle(UI.notFoundTitle);
  return (
    <div className="page page-narrow">
      <section className="card center-card">
        <p className="eyebrow">404</p>
        <h1>{UI.notFoundTitle}</h1>
        <p className="muted">{UI.notFoundBody}</p>
        <Link to="/" className="btn btn-primary">
          {SPEC.goHome}
        </Link>
      </section>
    </div>
  );
}
