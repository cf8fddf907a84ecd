import { Link } from '@tanstack/react-router';
import type { Auth } from '../../hooks/use-auth';
import { bottomBarProfileLabel } from '../../lib/labels';
import { SPEC, UI } from '../../text';
import { HomeIcon, SessionsIcon, SignInIcon, UserIcon } from './icons';

/** The primary links (doc 1 §2): Home, Sessions, and Profile ('You' with a name) or Sign in. */
function PrimaryLinks({ auth, itemClass }: { auth: Auth; itemClass: string }) {
  return (
    <>
      <Link to="/" activeOptions={{ exact: true }} className={itemClass}>
        <HomeIcon />
        <span>{SPEC.home}</span>
      </Link>
      <Link to="/sessions" className={itemClass}>
        <SessionsIcon />
        <span>{SPEC.sessions}</span>
      </Link>
      {auth.status === 'signed-in' ? (
        <Link to="/profile" className={itemClass}>
          <UserIcon />
          <span>{bottomBarProfileLabel(auth.user)}</span>
        </Link>
      ) : (
        <Link to="/auth" className={itemClass}>
          <SignInIcon />
          <span>{SPEC.signInNav}</span>
        </Link>
      )}
    </>
  );
}

/**
 * The bottom bar (doc 1 §2), docked to the bottom edge under NARROW_LAYOUT_PX (720 px). From
 * 720 px up it is hidden (styles.css) and the same links sit in the header instead (HeaderNav),
 * so no fixed bar ever covers the page there.
 */
export function BottomBar({ auth }: { auth: Auth }) {
  return (
    <nav className="bottom-bar" aria-label={UI.primaryNav}>
      <PrimaryLinks auth={auth} itemClass="bottom-bar-item" />
    </nav>
  );
}

/** The bottom bar's links in the header, shown from NARROW_LAYOUT_PX (720 px) up. */
export function HeaderNav({ auth }: { auth: Auth }) {
  return (
    <nav className="header-nav" aria-label={UI.primaryNav}>
      <PrimaryLinks auth={auth} itemClass="header-nav-item" />
    </nav>
  );
}
