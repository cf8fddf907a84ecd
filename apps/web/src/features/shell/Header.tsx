import { Link } from '@tanstack/react-router';
import type { Auth } from '../../hooks/use-auth';
import { UI } from '../../text';
import { HeaderNav } from './BottomBar';
import { FloatingMenu } from './FloatingMenu';

/** The sticky header: brand, the primary links (720 px and up) and the floating menu. */
export function Header({ auth }: { auth: Auth }) {
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={`${UI.brand} home`}>
        <span className="brand-mark" aria-hidden="true">
          <svg viewBox="0 0 32 32" width="28" height="28">
            <circle cx="16" cy="16" r="15" fill="var(--brand)" />
            <path
              d="M9 17l5 5 9-11"
              fill="none"
              stroke="#fff"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className="brand-name">{UI.brand}</span>
      </Link>
      <div className="site-header-end">
        <HeaderNav auth={auth} />
        <FloatingMenu auth={auth} />
      </div>
    </header>
  );
}
