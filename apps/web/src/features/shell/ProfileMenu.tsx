import type { User } from '@oneeta/contracts';
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from '../../hooks/use-dismiss';
import { initialOf, profileMenuLabel } from '../../lib/labels';
import { SPEC } from '../../text';
import { ChevronIcon } from './icons';

/**
 * The landing page's profile dropdown (doc 1 §2): labelled with the name, else e-mail, else
 * 'Profile'; holds Profile, Sessions, Plans and Sign out; closes on Escape or an outside press.
 * Arrow keys, Home and End move between the items (WAI-ARIA menu button pattern).
 */
export function ProfileMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, { popup: menuRef, button: buttonRef });

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(-1);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const label = profileMenuLabel(user);
  return (
    <div className="dropdown">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-secondary dropdown-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        <span className="avatar" aria-hidden="true">
          {initialOf(user)}
        </span>
        <span className="dropdown-label">{label}</span>
        <ChevronIcon />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className="dropdown-menu"
          onKeyDown={onMenuKey}
        >
          <Link to="/profile" role="menuitem" className="dropdown-item" onClick={close}>
            {SPEC.profile}
          </Link>
          <Link to="/sessions" role="menuitem" className="dropdown-item" onClick={close}>
            {SPEC.sessions}
          </Link>
          <Link to="/plans" role="menuitem" className="dropdown-item" onClick={close}>
            {SPEC.plans}
          </Link>
          <hr className="dropdown-separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="dropdown-item"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            {SPEC.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
