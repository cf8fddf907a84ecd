import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { UI } from '../../text';
import { LEGAL_EFFECTIVE_DATE, LEGAL_EFFECTIVE_LABEL, type LegalDocument } from './legal-document';
import { PRIVACY_POLICY } from './privacy-policy';
import { TERMS_OF_SERVICE } from './terms-of-service';
import './legal.css';

type LegalPath = '/privacy' | '/terms';

/** A long legal text: title, effective date, a table of contents and numbered sections. */
function LegalPage({ doc, path }: { doc: LegalDocument; path: LegalPath }) {
  useDocumentTitle(doc.title);
  return (
    <div className="page legal-page">
      <article className="legal" aria-labelledby="legal-title">
        <header className="legal-header">
          <p className="eyebrow">{UI.brand}</p>
          <h1 id="legal-title">{doc.title}</h1>
          <p className="legal-effective">
            Effective <time dateTime={LEGAL_EFFECTIVE_DATE}>{LEGAL_EFFECTIVE_LABEL}</time>
          </p>
        </header>
        <div className="legal-layout">
          <nav className="legal-toc card" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title">Contents</h2>
            <ol>
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <Link to={path} hash={section.id} hashScrollIntoView={{ behavior: 'smooth' }}>
                    {section.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal-body">
            <div className="legal-intro">{doc.intro}</div>
            {doc.sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  <span className="legal-number">{index + 1}.</span> {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </article>
    </div>
  );
}

/** /privacy (doc 2 §2). */
export function PrivacyPage() {
  return <LegalPage doc={PRIVACY_POLICY} path="/privacy" />;
}

/** /terms (doc 2 §2). */
export function TermsPage() {
  return <LegalPage doc={TERMS_OF_SERVICE} path="/terms" />;
}
