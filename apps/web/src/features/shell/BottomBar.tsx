import { Link } from '@tanstack/react-router';
import type { Auth } from '../../hooks/use-auth';
import { bottomBarProfileLabel } from '../../lib/labels';
import { SPEC, UI } from '../../text';
import { HomeIcon, SessionsIcon, SignInIcon, UserIcon } from './icons';

/** The bottom bar (doc 1 §2): Home, Sessions, and Profile ('You' with a name) or Sign in. */
export function BottomBar({ auth }: { auth: Auth }) {
  return (
    <nav className="bottom-bar" aria-label={UI.primaryNav}>
      <Link to="/" activeOptions={{ exact: true }} className="bottom-bar-item">
        <HomeIcon />
        <span>{SPEC.home}</span>
      </Link>
      <Link to="/sessions" className="bottom-bar-item">
        <SessionsIcon />
        <span>{SPEC.sessions}</span>
      </Link>
      {auth.status === 'signed-in' ? (
        <Link to="/profile" className="bottom-bar-item">
          <UserIcon />
          <span>{bottomBarProfileLabel(auth.user)}</span>
        </Link>
      ) : (
        <Link to="/auth" className="bottom-bar-item">
          <SignInIcon />
          <span>{SPEC.signInNav}</span>
        </Link>
      )}
    </nav>
  );
}
