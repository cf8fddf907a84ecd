import { Link } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import type { Auth } from '../../hooks/use-auth';
import { useDismiss } from '../../hooks/use-dismiss';
import { SPEC, UI } from '../../text';
import { MenuIcon } from './icons';

/**
 * The floating menu (doc 1 §2): Home, Sessions, Plans, and Profile or Sign in; Sign out too when
 * signed in. A disclosure of navigation links, closing on Escape, an outside press or a choice.
 */
export function FloatingMenu({ auth }: { auth: Auth }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, { popup: panelRef, button: buttonRef });
  const signedIn = auth.status === 'signed-in';

  return (
    <div className="floating-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary floating-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon />
        <span>{UI.menu}</span>
      </button>
      <div ref={panelRef} id={panelId} className="floating-menu-panel" hidden={!open}>
        {/* The links render when the menu opens: router links are costly on every page's first
            render, opening the menu is not (issue 13). */}
        {open && (
          <nav aria-label={UI.menu}>
            <ul>
              <li>
                <Link to="/" activeOptions={{ exact: true }} onClick={close}>
                  {SPEC.home}
                </Link>
              </li>
              <li>
                <Link to="/sessions" onClick={close}>
                  {SPEC.sessions}
                </Link>
              </li>
              <li>
                <Link to="/plans" onClick={close}>
                  {SPEC.plans}
                </Link>
              </li>
              <li>
                {signedIn ? (
                  <Link to="/profile" onClick={close}>
                    {SPEC.profile}
                  </Link>
                ) : (
                  <Link to="/auth" onClick={close}>
                    {SPEC.signInNav}
                  </Link>
                )}
              </li>
              {signedIn && (
                <li className="floating-menu-separated">
                  <button
                    type="button"
                    className="floating-menu-signout"
                    onClick={() => {
                      close();
                      void auth.signOut();
                    }}
                  >
                    {SPEC.signOut}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
